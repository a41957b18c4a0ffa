import type { RequirementId } from '../qa/requirements/requirements';

/** The requirement ids a state or transition implements, as its meta (a type-only import: no bundle carries the list). */
export interface RequirementsMeta {
  requirements: readonly RequirementId[];
}

export function implementing(...requirements: RequirementId[]): RequirementsMeta {
  return { requirements };
}

/** A chart's edge meta part by part (`meta: trace.submit`); a part without ids has no meta. */
export function traceParts<P extends string>(ids: Partial<Record<P, readonly RequirementId[]>> = {}) {
  const parts = Object.entries(ids).map(([part, list]) => [part, { requirements: list }]);
  return Object.fromEntries(parts) as Partial<Record<P, RequirementsMeta>>;
}
