import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createApp } from './app';
import { watchForViewers } from './features/app/inspect';
import { getSystem } from './ui/system';

/** Ends the current task: the start-up work runs as several short tasks instead of one long one. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  await nextTask();
  getSystem();
  await nextTask();
  const app = createApp();
  // Resolves the first route before the first render: otherwise the router's store update re-renders
  // the whole screen synchronously (useSyncExternalStore updates cannot be time-sliced). A
  // failure here is the router's to show: RouterProvider loads again on mount.
  await app.router.load().catch(() => undefined);
  await nextTask();
  // A transition render: React yields to the browser every few milliseconds instead of rendering the
  // whole first screen in one task.
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App app={app} />
      </StrictMode>,
    );
  });
  // The live inspector of /statecharts: idle until a viewer tab opens.
  watchForViewers();
}

void start();
