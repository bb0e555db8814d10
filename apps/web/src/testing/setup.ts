import '@testing-library/jest-dom/vitest';
// jsdom has no IndexedDB: the offline queue (lib/offline-queue) keeps its writes there.
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { activateLocale } from '@/i18n/i18n';

// findBy… and waitFor wait up to 5 s, not Testing Library's 1 s: in CI the web tests share two
// cores with both API suites, and a refetch and its render took longer than 1 s there (a bound on
// waiting, not on speed: a passing test waits no longer than it needs).
configure({ asyncUtilTimeout: 5000 });

// Component tests read English (the product's original texts, docs/product.md); the browser journeys run in
// Spanish, the default, and one in English.
await activateLocale('en');

// jsdom lacks what Mantine measures the page with.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub implements ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => undefined;

afterEach(async () => {
  cleanup();
  window.localStorage.clear();
  await activateLocale('en');
});
