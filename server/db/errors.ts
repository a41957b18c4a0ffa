export const UNIQUE_VIOLATION = '23505';
export const UNDEFINED_TABLE = '42P01';

/** The error and its causes, outermost first, at most `depth` of them: drizzle wraps driver errors. */
export function causeChain(
  error: unknown,
  depth: number,
): { code?: unknown; message?: unknown; hint?: unknown }[] {
  const chain = [];
  for (let e = error; e && chain.length < depth; e = (e as { cause?: unknown }).cause)
    chain.push(e as object);
  return chain;
}

/** Whether the error or one of its causes carries this SQLSTATE. */
export const hasCode = (error: unknown, code: string) => causeChain(error, 3).some((e) => e.code === code);

export function isUniqueViolation(error: unknown): boolean {
  return hasCode(error, UNIQUE_VIOLATION);
}
