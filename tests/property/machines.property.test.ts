import { describe, expect, it } from 'vitest';
import { MODELS } from '../../src/qa/statecharts/models';
import { definedEventTypes } from '../../src/qa/statecharts/step-labels';
import { walkWanted } from '../model/walk-filter';
import { checkMachine, type Regression, replayRegression } from './harness';
import { PROPERTY_MACHINES } from './machines';
import { FORM_SPECS } from './oracles/forms';
import { crashed } from './oracles/types';
import regressions from './regressions.json';

/**
 * Property walks of every machine (tests/property/harness.ts) with the spec's oracles
 * (tests/property/oracles) checked after every step. Bounded in `npm test`; `npm run
 * test:property:long` runs more and longer walks (PROPERTY_RUNS, PROPERTY_STEPS, PROPERTY_SEED).
 * `WALK_MACHINES=a,b` walks and replays only those machines (a mutation part, scripts/mutation).
 */

const RUNS = Number(process.env.PROPERTY_RUNS ?? 150);
const STEPS = Number(process.env.PROPERTY_STEPS ?? 30);
const SEED = process.env.PROPERTY_SEED === undefined ? undefined : Number(process.env.PROPERTY_SEED);

describe('property walks: the spec holds after every step of random event sequences', () => {
  it('every machine of the registry has oracles beyond "does not crash"', () => {
    expect(PROPERTY_MACHINES.map((target) => target.model.name)).toEqual(MODELS.map((model) => model.name));
    for (const target of PROPERTY_MACHINES) {
      expect(
        target.oracles.filter((oracle) => oracle.id !== 'any.no-crash').length,
        target.model.name,
      ).toBeGreaterThan(0);
      expect(definedEventTypes(target.model.machine).length, target.model.name).toBeGreaterThan(0);
    }
  });

  it('the oracles of the flows, the session and paging are named by their requirement ids', () => {
    // Per oracle id, the requirements it names across the machines it is applied to.
    const named = new Map<string, string[]>();
    for (const target of PROPERTY_MACHINES) {
      if (
        !FORM_SPECS[target.model.name] &&
        !['session', 'itemsPaging', 'usersPaging'].includes(target.model.name)
      )
        continue;
      for (const oracle of target.oracles) {
        if (oracle === crashed) continue;
        named.set(oracle.id, [...(named.get(oracle.id) ?? []), ...(oracle.requirements ?? [])]);
      }
    }
    const unnamed = [...named].filter(([, ids]) => ids.length === 0).map(([id]) => id);
    expect(unnamed, 'oracles that name no requirement (src/qa/requirements)').toEqual([]);
  });

  for (const target of PROPERTY_MACHINES.filter((candidate) => walkWanted(candidate.model.name))) {
    const runs = RUNS * (target.runsFactor ?? 1);
    it(`${target.model.name}: ${target.oracles.length} oracles, ${runs} walks`, {
      timeout: Math.max(30_000, runs * STEPS * 20),
    }, async () => {
      const failure = await checkMachine(target, { runs, steps: STEPS, seed: SEED });
      if (failure) expect.fail(failure);
    });
  }
});

describe('regression paths (tests/property/regressions.json) replay and hold', () => {
  it('spell no form values: a labelled step is kept by its label, the model gives its payload', () => {
    const spelled = (regressions as Regression[])
      .flatMap((regression) => regression.steps)
      .filter((step) => /^send \S+ \([^)]*\) \{/.test(step));
    expect(spelled).toEqual([]);
  });

  for (const regression of (regressions as Regression[]).filter((kept) => walkWanted(kept.machine))) {
    it(`${regression.machine}, ${regression.steps.length} steps: ${regression.why ?? 'kept path'}`, async () => {
      const target = PROPERTY_MACHINES.find((candidate) => candidate.model.name === regression.machine);
      expect(target, regression.machine).toBeDefined();
      if (!target) return;
      const trace = await replayRegression(target, regression);
      expect(trace.steps).toHaveLength(regression.steps.length + 1);
    });
  }
});
