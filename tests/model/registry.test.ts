import { describe, expect, it } from 'vitest';
import { MODELS } from '../../src/qa/statecharts/models';

/** Every module of src/machines, including ones added later. */
const modules = import.meta.glob<Record<string, unknown>>('../../src/machines/**/*.ts', { eager: true });

describe('machine registry', () => {
  it('has a model for every machine exported from src/machines', () => {
    const exported = Object.entries(modules).flatMap(([module, exports]) =>
      Object.entries(exports)
        .filter(([, value]) => typeof value === 'object' && value !== null && '__xstatenode' in value)
        .map(([name, value]) => ({ name: `${module}.${name}`, machine: value })),
    );
    expect(exported.length).toBeGreaterThan(0);
    const modelled = new Set(MODELS.map((model) => model.machine));
    const missing = exported
      .filter((entry) => !modelled.has(entry.machine as never))
      .map((entry) => entry.name);
    expect(missing, 'add these machines to src/qa/statecharts/models.ts').toEqual([]);
    expect(new Set(MODELS.map((model) => model.name)).size).toBe(MODELS.length);
    for (const model of MODELS) expect(model.machine.id).toBe(model.name);
  });
});
