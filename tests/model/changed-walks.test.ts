import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODELS } from '../../src/qa/statecharts/models';
import { changedWalks } from './changed-walks';

const root = path.join(import.meta.dirname, '..', '..');
const walksOf = changedWalks(root);
const walks = (...changed: string[]) => walksOf(changed);
const names = (models: typeof MODELS) => models.map((model) => model.name).sort();

/** The modules that export a machine or a dialog's descriptor, and the models of what they export. */
const declaring = await Promise.all(
  [
    ...readdirSync(path.join(root, 'src/machines')).map((file) => `src/machines/${file}`),
    ...readdirSync(path.join(root, 'src/features'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /(confirmations|form-dialogs)\.ts$/.test(file))
      .map((file) => `src/features/${file}`),
  ].map(async (file) => {
    const exported = Object.values(await import(path.join(root, file))) as { machine?: unknown }[];
    const models = MODELS.filter((model) =>
      exported.some((value) => value === model.machine || value?.machine === model.machine),
    );
    return { file, models };
  }),
);

describe('npm run loop: the walks a change can affect', () => {
  it('an edit of a module that exports a machine or a descriptor walks that machine, not every one', () => {
    expect(names(MODELS.filter((model) => declaring.some(({ models }) => models.includes(model))))).toEqual(
      names(MODELS),
    );
    for (const { file, models } of declaring.filter(({ models }) => models.length > 0)) {
      expect(walks(file), file).toEqual(expect.arrayContaining(names(models)));
      expect(walks(file)?.length, file).toBeLessThan(MODELS.length);
    }
  });

  it("walks only a machine module's own machines (and those that import it)", () => {
    const paging = declaring.find(({ file }) => file === 'src/machines/paging.ts');
    expect(paging?.models.length).toBeGreaterThan(0);
    expect(walks('src/machines/paging.ts')).toEqual(names(paging?.models ?? []));
    const session = walks('src/machines/session.ts') ?? [];
    expect(session).toContain('session');
    expect(session.length).toBeLessThan(MODELS.length);
  });

  it('walks every machine after an edit of the registry, a walk file or the package', () => {
    for (const file of ['src/qa/statecharts/models.ts', 'tests/property/harness.ts', 'package.json']) {
      expect(walks(file, 'src/machines/paging.ts'), file).toBeUndefined();
    }
  });

  it('ignores a file no walk file imports', () => {
    expect(walks('src/features/common/ListScreen.tsx')).toEqual([]);
    expect(walks('src/features/common/ListScreen.tsx', 'src/machines/paging.ts')).toEqual(
      walks('src/machines/paging.ts'),
    );
  });
});
