import { lazy, Suspense, useSyncExternalStore } from 'react';

/** Toasts, bottom-right and closable; their machinery loads with the first toast (/login shows none until a failure). */
type ToastType = 'success' | 'error';

let requested = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function show(type: ToastType, title: string, description?: string): void {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  void import('./toaster-view').then(({ toaster }) => {
    toaster.create({ type, title, description, closable: true });
  });
}

export function showSuccess(title: string, description?: string): void {
  show('success', title, description);
}

export function showError(title: string, description?: string): void {
  show('error', title, description);
}

const ToasterView = lazy(() => import('./toaster-view').then((module) => ({ default: module.ToasterView })));

export function Toaster() {
  const active = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  );
}
