import { createFileRoute, notFound } from '@tanstack/react-router';
import { statechartsEnabled } from '../qa/statecharts/enabled';
import { StatechartsPage } from '../qa/statecharts/StatechartsPage';

/** The QA viewer of every statechart (code-split: its component and libraries load on this route only). */
export const Route = createFileRoute('/statecharts')({
  beforeLoad: async () => {
    if (!(await statechartsEnabled())) throw notFound();
  },
  component: StatechartsPage,
});
