import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from '@babel/parser';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain ES module of the Stryker config, checked by // @ts-check, without a .d.ts
import { strykerPlugins } from '../../scripts/mutation/requirements-ignorer.mjs';

/**
 * The mutation run's requirements ignorer (scripts/mutation/requirements-ignorer.mjs) reached by every
 * requirement id that src/machines declares, wherever it is written (a `meta`, a declaration's
 * `requirements`, a constant shared by several machines): each id's node, or one around it, is ignored.
 * And only those: the machines' other literals are still mutated.
 */

/** The ignorer reads only the path's `node` (as Stryker's babel NodePath holds it). */
const ignorer = strykerPlugins[0].value as { shouldIgnore(path: { node: unknown }): string | undefined };
const REQUIREMENT_ID = /^R-[A-Z]+-\d+$/;
const dir = path.join(import.meta.dirname, '../../src/machines');
const files = readdirSync(dir).filter((file) => file.endsWith('.ts'));

interface Node {
  type: string;
  value?: unknown;
}
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** Each string literal of the file, and whether the ignorer skips it (or a node around it). */
function literals(file: string) {
  const ast = parse(readFileSync(path.join(dir, file), 'utf8'), {
    sourceType: 'module',
    plugins: ['typescript'],
  });
  const found: { value: string; ignored: boolean }[] = [];
  const visit = (node: Node, ignored: boolean) => {
    const skipped = ignored || ignorer.shouldIgnore({ node }) !== undefined;
    if (node.type === 'StringLiteral') found.push({ value: String(node.value), ignored: skipped });
    for (const [key, child] of Object.entries(node)) {
      if (key === 'loc' || key.endsWith('Comments')) continue;
      for (const each of Array.isArray(child) ? child : [child]) if (isNode(each)) visit(each, skipped);
    }
  };
  visit(ast.program as Node, false);
  return found;
}

describe('the requirements ignorer', () => {
  it.each(files)('ignores every requirement id of src/machines/%s, and nothing else', (file) => {
    const found = literals(file);
    const ids = found.filter(({ value }) => REQUIREMENT_ID.test(value));
    expect(ids.filter(({ ignored }) => !ignored).map(({ value }) => value)).toEqual([]);
    // Imports aside (not mutated anyway), a literal that is not an id is not ignored.
    const others = found.filter(({ value }) => !REQUIREMENT_ID.test(value) && !value.startsWith('.'));
    expect(others.filter(({ ignored }) => ignored).map(({ value }) => value)).toEqual([]);
  });

  it('reaches the ids of signed-in-flows.ts, the shared item form constant among them', () => {
    const source = readFileSync(path.join(dir, 'signed-in-flows.ts'), 'utf8');
    expect(source).toMatch(/const ITEM_FORM_REQUIREMENTS: FormRequirements = \{/);
    const ids = literals('signed-in-flows.ts').filter(({ value }) => REQUIREMENT_ID.test(value));
    expect(ids.length).toBeGreaterThan(0);
  });
});
