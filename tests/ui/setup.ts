import { TextDecoder, TextEncoder } from 'node:util';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { toaster } from '../../src/ui/toaster-view';

// The API server runs in this process: jsdom's TextEncoder makes Uint8Arrays of another realm, which
// the server's JWT library rejects. Node's own encoder keeps one realm (browsers behave the same).
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Every screen here waits on the real server, which hashes passwords (argon2): on a busy 2-core machine a
// sign-up's answer takes over testing-library's 1 s default (public.test.tsx failed so at load 5).
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks a few browser APIs the UI library relies on.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
  Object.assign(globalThis, { ResizeObserver: ResizeObserverStub });
}
if (!('IntersectionObserver' in window)) {
  class IntersectionObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  Object.assign(globalThis, { IntersectionObserver: IntersectionObserverStub });
}
if (!('PointerEvent' in window)) {
  class PointerEventStub extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
      this.pointerType = init.pointerType ?? 'mouse';
    }
  }
  Object.assign(window, { PointerEvent: PointerEventStub });
}
window.scrollTo = () => {};
Element.prototype.scrollTo = () => {};
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};

afterEach(() => {
  cleanup();
  localStorage.clear();
  // The toaster's store outlives a render: a toast left by one test would answer the next test's
  // findByText before its own call has finished.
  toaster.remove();
});
