import type { MachineModel } from '../../src/qa/statecharts/model-kit';
import { MODELS } from '../../src/qa/statecharts/models';
import { WALK_SAMPLES, WALK_TIMING } from '../../src/qa/statecharts/walk-samples';
import type { PropertyMachine } from './harness';
import { accountOracles } from './oracles/account';
import { appearanceOracles } from './oracles/appearance';
import { FORM_SPECS, formOracles } from './oracles/forms';
import { pagingOracles } from './oracles/paging';
import { sessionOracles } from './oracles/session';
import type { Oracle } from './oracles/types';

/**
 * Every machine of the registry (src/qa/statecharts/models.ts) with its spec oracles, the boundary
 * samples its model lacks and its timers (src/qa/statecharts/walk-samples.ts, where the viewer's replay
 * of a walk's path finds them too). A machine added to the registry without oracles fails the property
 * tests.
 */

function oraclesOf(model: MachineModel): Oracle[] | undefined {
  if (model.name === 'session') return sessionOracles;
  if (model.name === 'appearance') return appearanceOracles;
  if (model.name === 'itemsPaging' || model.name === 'usersPaging') return pagingOracles;
  if (FORM_SPECS[model.name]) return formOracles(model.name);
  return accountOracles[model.name];
}

export function propertyMachine(model: MachineModel): PropertyMachine {
  const oracles = oraclesOf(model);
  if (!oracles) throw new Error(`${model.name}: no oracles (add them in tests/property/oracles)`);
  return {
    model,
    oracles,
    extraEvents: WALK_SAMPLES[model.name],
    ...WALK_TIMING[model.name],
    // Its faults need longer or rarer paths (parallel regions, timers).
    ...(model.name === 'confirmEmail' ? { runsFactor: 5 } : {}),
  };
}

export const PROPERTY_MACHINES: PropertyMachine[] = MODELS.map(propertyMachine);
