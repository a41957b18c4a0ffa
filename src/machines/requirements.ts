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

/**
 * A chart's edge meta part by part (`meta: trace.submit`), from an instance's requirement ids by part
 * of the flow (a form's `requirements`); a part without ids has no meta.
 */
export function traceParts<P extends string>(ids: Partial<Record<P, readonly RequirementId[]>> = {}) {
  const parts = Object.entries(ids).map(([part, list]) => [part, { requirements: list }]);
  return Object.fromEntries(parts) as Partial<Record<P, RequirementsMeta>>;
}
