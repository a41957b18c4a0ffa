import type { RequirementId } from '../qa/requirements/requirements';

/**
 * The spec requirements a state or transition implements, as its meta:
 * `meta: implementing('R-FLOW-03')` is `meta: { requirements: ['R-FLOW-03'] }`. The ids are the
 * committed list's (src/qa/requirements/requirements.ts; a type-only import, so no screen's bundle
 * carries the list); `npm run requirements` traces them to the edges and the tests that walk them.
 */
export interface RequirementsMeta {
  requirements: readonly RequirementId[];
}

export function implementing(...requirements: RequirementId[]): RequirementsMeta {
  return { requirements };
}

/** A factory's transition meta naming `ids`, to spread into it; nothing when there are none. */
export function traced(ids: readonly RequirementId[] | undefined): { meta?: RequirementsMeta } {
  return ids?.length ? { meta: { requirements: ids } } : {};
}
