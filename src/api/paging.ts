/** Rows on one page of a list (items, users): what a list screen shows and what it asks the API for. */
export const PAGE_SIZE = 5;

/** The `page` search parameter: a positive integer, anything else is page 1. */
export function parsePage(raw: unknown): number {
  const page = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : 1;
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The API's `skip`/`limit` query for a page number. */
export function pageToSkip(page: number): { skip: number; limit: number } {
  return { skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE };
}
