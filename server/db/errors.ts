export const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(error: unknown): boolean {
  let e: unknown = error;
  // drizzle wraps driver errors; the SQLSTATE sits on the cause.
  for (let depth = 0; e && depth < 3; depth++) {
    if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
