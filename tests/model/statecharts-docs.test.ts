import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { machineMarkdown } from '../../src/qa/statecharts/mermaid';
import { MODELS } from '../../src/qa/statecharts/models';
import { walkWanted } from './walk-filter';
import { readWalkedBy } from './walked-by';

const dir = path.resolve('docs/statecharts');
const DIAGRAM_LINK = /\[docs\/statecharts\/(\w+)\.md\]\(([^)]+)\)/;
const walked = readWalkedBy();
const WALKED = MODELS.filter((model) => walkWanted(model.name));

describe('docs/statecharts', () => {
  it.each(WALKED.map((model) => [model.name, model] as const))('%s.md is up to date', (name, model) => {
    const file = path.join(dir, `${name}.md`);
    const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
    expect(
      current === machineMarkdown(model, walked.machines[name]),
      `docs/statecharts/${name}.md is stale: run \`npm run statecharts\``,
    ).toBe(true);
  });

  it('holds no page for a machine that is gone', () => {
    const names = new Set(MODELS.map((model) => `${model.name}.md`));
    const extra = existsSync(dir)
      ? readdirSync(dir).filter((file) => file.endsWith('.md') && !names.has(file))
      : [];
    expect(extra, 'stale pages in docs/statecharts: run `npm run statecharts`').toEqual([]);
  });
});

/**
 * Where a machine is declared (src/machines, or a confirmation's descriptor in src/features), its JSDoc
 * links its diagram, so that an instance's chart can be read from its declaration.
 */
describe('each machine links its diagram from its declaration', () => {
  const sources = ['src/machines', 'src/features'].flatMap((root) =>
    readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => path.join(root, file)),
  );
  /** Each JSDoc that links a diagram, and the export it documents. */
  const links = sources.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const documented = [...text.matchAll(/\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*export const (\w+)/g)];
    const found = documented.flatMap(([, comment, exportName]) => {
      const link = DIAGRAM_LINK.exec(comment ?? '');
      return link
        ? [{ file, exportName: exportName as string, id: link[1] as string, href: link[2] as string }]
        : [];
    });
    // No link elsewhere (on something that is not an exported declaration, where it would rot unseen).
    expect(text.match(new RegExp(DIAGRAM_LINK, 'g'))?.length ?? 0, file).toBe(found.length);
    return found;
  });

  it('every machine with a diagram links it, once', () => {
    expect(links.map(({ id }) => id).sort()).toEqual(MODELS.map(({ name }) => name).sort());
  });

  it.each(links.map((link) => [link.exportName, link] as const))(
    '%s links an existing diagram of its own machine',
    async (_name, { file, exportName, id, href }) => {
      expect(path.resolve(path.dirname(file), href)).toBe(path.join(dir, `${id}.md`));
      expect(existsSync(path.join(dir, `${id}.md`))).toBe(true);
      const declared = (await import(path.resolve(file)))[exportName] as {
        id?: string;
        name?: string;
        machine?: unknown;
      };
      // A machine's id, or a confirmation descriptor's name (its machine's id).
      expect(declared.machine === undefined ? declared.id : declared.name).toBe(id);
    },
  );
});
