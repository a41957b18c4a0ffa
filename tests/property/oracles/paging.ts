import { listOfPagingMachine, listPaging } from '../../support/paging';
import { crashed, current, type Oracle, ran, type Step, sentType, type Trace } from './types';

/**
 * Paging of /items and /admin (spec §2 /items, §4 Paging, §7, §9 "Page size 5"). The page shown is the
 * machine's `page`; what the current page answered is read from the events the walk sent (the list
 * query's answers), not from the machine.
 */

// §9: "Page size 5 on items and users lists": each list's page size, as the list declares it.
const pageSizeOf = (trace: Trace) => listPaging(listOfPagingMachine(trace.machine)).pageSize;

const pageOf = (step: Step) => (step.snapshot.context as { page: number }).page;

/** How the current page last answered since it was (re)asked for: rows of a list, 'failed', or undefined. */
function lastAnswer(trace: Trace): number | 'failed' | undefined {
  const page = pageOf(current(trace));
  for (let index = trace.steps.length - 1; index >= 0; index -= 1) {
    const step = trace.steps[index] as Step;
    if (pageOf(step) !== page) return undefined;
    if (sentType(step) === 'paging.loaded')
      return (step.event as unknown as { list: { data: unknown[] } }).list.data.length;
    if (sentType(step) === 'paging.failed') return 'failed';
    if (step.calls.some((call) => call.src === 'list')) return undefined;
  }
  return undefined;
}

const beforePage = (step: Step) => (step.before?.context as { page: number } | undefined)?.page;

/** §2: "The search parameter page is a number that falls back to 1 if invalid." */
function expectedPage(raw: unknown): number {
  const number =
    typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN;
  return Number.isInteger(number) && number >= 1 ? number : 1;
}

export const pagingOracles: Oracle[] = [
  crashed,
  {
    // §4: "Next is enabled only when the current page returned a full page of 5".
    id: 'paging.next-only-after-full-page',
    spec: '§4 Paging',
    requirements: ['R-FLOW-15'],
    check: (trace) => {
      const step = current(trace);
      const before = beforePage(step);
      if (sentType(step) !== 'paging.next' || before === undefined || pageOf(step) === before)
        return undefined;
      const answer = lastAnswer({ ...trace, steps: trace.steps.slice(0, -1) });
      if (answer !== pageSizeOf(trace))
        return `Next went to page ${pageOf(step)} after the page answered ${String(answer)} rows`;
      return pageOf(step) === before + 1 ? undefined : `Next went from page ${before} to ${pageOf(step)}`;
    },
  },
  {
    // §4: Next is enabled when the current page returned a full page of 5 (the other direction).
    id: 'paging.next-offered-on-full-page',
    spec: '§4 Paging',
    requirements: ['R-FLOW-15'],
    check: (trace) => {
      const step = current(trace);
      if (lastAnswer(trace) !== pageSizeOf(trace)) return undefined;
      return step.snapshot.can({ type: 'paging.next' })
        ? undefined
        : `a full page of ${pageSizeOf(trace)} was answered, Next is not enabled`;
    },
  },
  {
    // §4: "Previous when the page is above 1".
    id: 'paging.previous-above-page-1',
    spec: '§4 Paging',
    requirements: ['R-FLOW-16'],
    check: (trace) => {
      const step = current(trace);
      const page = pageOf(step);
      if (!Number.isInteger(page) || page < 1) return `page ${page}`;
      if (step.snapshot.can({ type: 'paging.previous' }) !== page > 1)
        return `Previous ${page > 1 ? 'disabled' : 'enabled'} on page ${page}`;
      const before = beforePage(step);
      if (sentType(step) === 'paging.previous' && before !== undefined && before > 1 && page !== before - 1)
        return `Previous went from page ${before} to ${page}`;
      return undefined;
    },
  },
  {
    // §2: "The search parameter page is a number that falls back to 1 if invalid."
    id: 'paging.page-parameter',
    spec: '§2 /items',
    requirements: ['R-ROUTE-14'],
    check: (trace) => {
      const step = current(trace);
      if (step.index === 0) {
        const expected = expectedPage((trace.input as { page?: unknown } | undefined)?.page);
        return pageOf(step) === expected ? undefined : `started on page ${pageOf(step)}, not ${expected}`;
      }
      if (sentType(step) !== 'paging.sync') return undefined;
      const expected = expectedPage((step.event as unknown as { page: unknown }).page);
      return pageOf(step) === expected
        ? undefined
        : `?page=${JSON.stringify((step.event as unknown as { page: unknown }).page)} shows page ${pageOf(step)}`;
    },
  },
  {
    // §7: "List screens send skip=(page-1)*5 and limit=5": each page shown is asked for, and only it.
    id: 'paging.asks-for-the-page-shown',
    spec: '§7',
    requirements: ['R-CALL-03'],
    check: (trace) => {
      const step = current(trace);
      for (const call of step.calls) {
        const { page, pageSize } = call.input as { page: number; pageSize: number };
        if (page !== pageOf(step)) return `asked for page ${page} while showing ${pageOf(step)}`;
        if (pageSize !== pageSizeOf(trace)) return `asked for pages of ${pageSize}, not ${pageSizeOf(trace)}`;
      }
      const before = beforePage(step);
      if (
        (before === undefined || before !== pageOf(step)) &&
        !step.calls.some((call) => call.src === 'list')
      )
        return `page ${pageOf(step)} shown without asking for it`;
      return undefined;
    },
  },
  {
    // §4: "The next page is prefetched." (after a full page: there may be one); never past a short page.
    id: 'paging.prefetch-after-full-page',
    spec: '§4 Paging',
    requirements: ['R-FLOW-17'],
    check: (trace) => {
      const step = current(trace);
      const prefetches = ran(step, 'prefetch').map((action) => (action.params as { page: number }).page);
      const loaded =
        sentType(step) === 'paging.loaded'
          ? (step.event as unknown as { list: { data: unknown[] } }).list.data.length
          : undefined;
      if (loaded === pageSizeOf(trace) && !prefetches.includes(pageOf(step) + 1))
        return `a full page ${pageOf(step)} did not prefetch page ${pageOf(step) + 1}`;
      if (prefetches.length > 0 && lastAnswer(trace) !== pageSizeOf(trace))
        return `prefetched ${prefetches.join(', ')} after a page that was not full`;
      return undefined;
    },
  },
  {
    // §2: the page is the URL's `page` parameter: Next/Previous write the page they show.
    id: 'paging.url-follows-page',
    spec: '§2 /items',
    requirements: ['R-ROUTE-14'],
    check: (trace) => {
      const step = current(trace);
      for (const action of ran(step, 'navigate')) {
        const page = (action.params as { page: number }).page;
        if (page !== pageOf(step)) return `wrote ?page=${page} while showing page ${pageOf(step)}`;
      }
      const type = sentType(step);
      if (
        (type === 'paging.next' || type === 'paging.previous') &&
        beforePage(step) !== pageOf(step) &&
        ran(step, 'navigate').length !== 1
      )
        return `${type} changed the page without writing it to the URL`;
      return undefined;
    },
  },
];
