/** An operation of the OpenAPI document, as the server reads it. */
interface DocumentOperation {
  operationId?: string;
  parameters?: { $ref?: string }[];
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

/** Every operation of the document. */
export const operationsOf = (document: Record<string, unknown>) =>
  Object.values(document.paths as Record<string, Record<string, DocumentOperation>>).flatMap((operations) =>
    Object.values(operations),
  );

/**
 * The methods the document defines for a concrete path (e.g. /api/v1/items/123), or null for none: for
 * answering what Fastify's router cannot, 405 and 307.
 */
export type MethodsOf = (pathname: string) => string[] | null;

export function apiMethods(document: Record<string, unknown>, prefix: string): MethodsOf {
  const paths = document.paths as Record<string, Record<string, unknown>>;
  const patterns = Object.entries(paths).map(([template, operations]) => {
    const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}/]+\}/g, '[^/]+');
    return {
      regex: new RegExp(`^${prefix}${source}$`),
      methods: Object.keys(operations).map((m) => m.toUpperCase()),
    };
  });
  return (pathname) => patterns.find((p) => p.regex.test(pathname))?.methods ?? null;
}
