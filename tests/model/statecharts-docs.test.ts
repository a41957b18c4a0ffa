import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { machineMarkdown } from '../../src/qa/statecharts/mermaid';
import { MODELS } from '../../src/qa/statecharts/models';
import { readWalkedBy } from './walked-by';

const dir = path.resolve('docs/statecharts');
const walked = readWalkedBy();

describe('docs/statecharts', () => {
  it.each(MODELS.map((model) => [model.name, model] as const))('%s.md is up to date', (name, model) => {
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
