import { type ListName, PAGE_SIZES } from '../../src/api/paging';

/**
 * The numbers a paging test needs, derived from the list's page size (PAGE_SIZES in src/api/paging.ts)
 * instead of written out, so that changing a list's page size is a change of that one file. Rows are
 * numbered 1..count in the order they were created; the lists show the newest first.
 */
export function listPaging(list: ListName) {
  const pageSize: number = PAGE_SIZES[list];
  return {
    pageSize,
    /** Rows that fill `fullPages` pages and put `rest` on the page after them. */
    rows: (fullPages: number, rest = 0) => fullPages * pageSize + rest,
    /** How many rows `page` shows of a list of `count`. */
    rowsOn: (page: number, count: number) => Math.max(0, Math.min(pageSize, count - (page - 1) * pageSize)),
    /** The number of the row `page` shows first (the newest on it) in a list of `count`. */
    firstOn: (page: number, count: number) => count - (page - 1) * pageSize,
    /** The footer's 'Showing a–b of count' for `page` (positions in the list, 1-based); 'Showing a of count' for one row. */
    showing: (page: number, count: number) => {
      const [first, last] = [(page - 1) * pageSize + 1, Math.min(page * pageSize, count)];
      return `Showing ${first === last ? first : `${first}–${last}`} of ${count}`;
    },
    /** The page the list of `count` rows ends on. */
    lastPage: (count: number) => Math.max(1, Math.ceil(count / pageSize)),
  };
}

/** The list a paging machine runs: `itemsPaging` runs `items` (src/machines/paging.ts names them so). */
export function listOfPagingMachine(id: string): ListName {
  const list = id.replace(/Paging$/, '');
  if (!(list in PAGE_SIZES)) throw new Error(`${id} is not the paging machine of a list`);
  return list as ListName;
}
