export const UNIQUE_VIOLATION = '23505';
export const UNDEFINED_TABLE = '42P01';

/** Whether the error or one of its causes carries this SQLSTATE. */
export function hasCode(error: unknown, code: string): boolean {
  let e: unknown = error;
  // drizzle wraps driver errors; the SQLSTATE sits on the cause.
  for (let depth = 0; e && depth < 3; depth++) {
    if ((e as { code?: unknown }).code === code) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export function isUniqueViolation(error: unknown): boolean {
  return hasCode(error, UNIQUE_VIOLATION);
}
