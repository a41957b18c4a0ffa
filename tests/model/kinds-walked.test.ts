import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { explore } from '../../src/qa/statecharts/coverage-kinds';
import type { MachineFixture } from '../../src/qa/statecharts/fixtures';
import { kindViews } from '../../src/qa/statecharts/kinds-walked';
import { MODELS } from '../../src/qa/statecharts/models';
import { walkWanted } from './walk-filter';

/**
 * What the viewer's Coverage panel shows (src/qa/statecharts/kinds-walked.ts: the committed paths and
 * the pair paths replayed on the pure transition) must be what coverage-kinds.test.ts measures on real
 * actors: every reachable item walked, every unreachable one listed with its reason.
 */
const fixtureOf = (machine: string) =>
  JSON.parse(
    readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'paths', `${machine}.json`), 'utf8'),
  ) as MachineFixture;

describe("the viewer's coverage beyond edges", () => {
  it.each(MODELS.filter((model) => walkWanted(model.name)).map((model) => [model.name, model] as const))(
    '%s: every reachable item walked, the others listed as unreachable',
    (_name, model) => {
      const views = kindViews(model, fixtureOf(model.name));
      for (const view of views) {
        const reachable = explore(model).items[view.kind];
        expect(
          view.items.filter((item) => item.status !== 'walked' && item.status !== 'unreachable'),
          `${model.name} ${view.kind}`,
        ).toEqual([]);
        expect(view.measure.covered, `${model.name} ${view.kind}`).toBe(reachable.length);
        expect(view.items.filter((item) => item.status === 'unreachable').every((item) => item.reason)).toBe(
          true,
        );
      }
    },
    30_000, // the paging machines' exploration takes 5–7 s on two busy cores
  );

  it("lists login's submit-time validity guard with both outcomes walked", () => {
    const login = MODELS.find((model) => model.name === 'login');
    if (!login) throw new Error('no login model');
    const guards = kindViews(login, fixtureOf('login')).find((view) => view.kind === 'guards');
    const isValid = guards?.items.filter((item) => item.item.startsWith('validating --always #1 isValid '));
    expect(isValid?.map((item) => [item.item.slice(-1), item.status]).sort()).toEqual([
      ['✓', 'walked'],
      ['✗', 'walked'],
    ]);
  });
});
