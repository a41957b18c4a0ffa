import * as v from 'valibot';

/** `?page=N`: a positive integer; anything else falls back to 1. */
export const pageSearchSchema = v.object({
  page: v.optional(v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1)), 1), 1),
});

/** `/reset-password?token=…` */
export const resetPasswordSearchSchema = v.object({
  token: v.optional(v.fallback(v.string(), ''), ''),
});
