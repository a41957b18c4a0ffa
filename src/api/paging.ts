/**
 * The paged lists and their page sizes: rows on one page, what the list's screen shows and asks the
 * API for. Each list declares its own; the spec sets both at 5 (§9). The paging machine gets a list's
 * size as input, its query and its screen read it from there, and the tests derive their numbers from
 * it (tests/support/paging.ts), so changing one here is the whole change.
 */
export const PAGE_SIZES = {
  items: 5,
  users: 5,
} as const satisfies Record<string, number>;

export type ListName = keyof typeof PAGE_SIZES;

/** The `page` search parameter: a positive integer, anything else is page 1. */
export function parsePage(raw: unknown): number {
  const page = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : 1;
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** One page of a list: its number and how many rows a page holds. */
export interface PageRequest {
  page: number;
  pageSize: number;
}

/** The API's `skip`/`limit` query for a page. */
export function pageToSkip({ page, pageSize }: PageRequest): { skip: number; limit: number } {
  return { skip: (page - 1) * pageSize, limit: pageSize };
}
