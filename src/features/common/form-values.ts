/** A payload builder's rest of the form's values must be empty: a new field does not compile until it is taken. */
export function noFieldLeft(_rest: Record<string, never>): void {}
