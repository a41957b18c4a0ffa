/**
 * What a payload builder did not take from the form's values must be nothing: a builder destructures
 * every field and passes the rest here, so a field added to the form's schema does not compile until
 * the builder decides what to do with it.
 */
export function noFieldLeft(_rest: Record<string, never>): void {}
