import { createFileRoute, notFound } from '@tanstack/react-router';
import { statechartsEnabled } from '../qa/statecharts/enabled';
import { StatechartsPage } from '../qa/statecharts/StatechartsPage';
import type { StatechartsSearch } from '../qa/statecharts/search';

/** The QA viewer of every statechart (code-split: its component and libraries load on this route only). */
export const Route = createFileRoute('/statecharts')({
  // Typed here, parsed by the page (search.ts): the parser stays out of the main bundle.
  validateSearch: (search: Record<string, unknown>) => search as StatechartsSearch,
  beforeLoad: async () => {
    if (!(await statechartsEnabled())) throw notFound();
  },
  component: StatechartsPage,
});
