import * as v from 'valibot';
import { parsePage } from '../api/paging';

/** `?page=N`, read by the one page rule (parsePage): a positive integer, anything else is page 1. */
export const pageSearchSchema = v.object({
  page: v.optional(v.pipe(v.unknown(), v.transform(parsePage)), 1),
});

/** `/reset-password?token=…` */
export const resetPasswordSearchSchema = v.object({
  token: v.optional(v.fallback(v.string(), ''), ''),
});
