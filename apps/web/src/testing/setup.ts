import '@testing-library/jest-dom/vitest';
// jsdom has no IndexedDB: the offline queue (entities/offline-queue) keeps its writes there.
import 'fake-indexeddb/auto';
import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { activateLocale } from '@/i18n/i18n';

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

/** Empties every store of every IndexedDB database, keeping the databases (and the app's open connections). */
async function emptyIndexedDb() {
  for (const { name } of await indexedDB.databases()) {
    if (!name) continue;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const stores = [...db.objectStoreNames];
    if (stores.length > 0) {
      const tx = db.transaction(stores, 'readwrite');
      for (const store of stores) tx.objectStore(store).clear();
      await new Promise((resolve) => {
        tx.oncomplete = resolve;
      });
    }
    db.close();
  }
}

afterEach(async () => {
  cleanup();
  // Mantine keeps its notifications in a module-wide store, shared by the files of a worker.
  notifications.clean();
  window.localStorage.clear();
  // What one test saved for offline (its working set, its queued writes) never reaches the next.
  await emptyIndexedDb();
  await activateLocale('en');
});
