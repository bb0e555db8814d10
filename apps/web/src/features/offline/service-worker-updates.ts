import { SERVICE_WORKER_URL, SKIP_WAITING } from '@/config/service-worker';

/** What this module uses of `navigator.serviceWorker`: a fake stands in for it in tests. */
export type WorkerContainer = Pick<
  ServiceWorkerContainer,
  'controller' | 'register' | 'addEventListener'
>;

export type ServiceWorkerUpdates = {
  subscribe: (listener: () => void) => () => void;
  /** Whether a new version of the app is installed and waits to take over. */
  updateReady: () => boolean;
  /** Makes the waiting version take over, then reloads the page (only when asked: never mid-edit). */
  applyUpdate: () => void;
  /** Asks the server whether there is a newer service worker (a tab kept open for days). */
  checkForUpdate: () => void;
};

/**
 * Registers the service worker and follows its updates (ADR 044). A new build's worker installs
 * in the background (its files downloaded) and then waits; `updateReady` turns true while it
 * waits, for a page that some older worker controls. The very first install offers nothing: that
 * page already runs the newest build.
 */
export function watchServiceWorker(
  container: WorkerContainer,
  reload: () => void,
): ServiceWorkerUpdates {
  const listeners = new Set<() => void>();
  let waiting: ServiceWorker | null = null;
  let registration: ServiceWorkerRegistration | null = null;
  let reloadRequested = false;

  const offer = (worker: ServiceWorker) => {
    // No controller: the first install, or a hard reload that bypassed the worker.
    if (!container.controller) return;
    waiting = worker;
    for (const listener of listeners) listener();
  };
  // `undefined` where the browser stubs registration out (Playwright's `serviceWorkers: 'block'`).
  const follow = (found: ServiceWorkerRegistration | undefined) => {
    if (!found) return;
    registration = found;
    if (found.waiting) offer(found.waiting);
    found.addEventListener('updatefound', () => {
      const installing = found.installing;
      installing?.addEventListener('statechange', () => {
        if (installing.state === 'installed') offer(installing);
      });
    });
  };
  // Only the tab whose button was pressed reloads; another tab keeps its page (and its edits) and
  // goes on offering the update.
  container.addEventListener('controllerchange', () => {
    if (reloadRequested) reload();
  });
  container.register(SERVICE_WORKER_URL, { scope: '/' }).then(follow, (error: unknown) => {
    console.warn('The service worker could not be registered', error);
  });

  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    updateReady: () => waiting !== null,
    applyUpdate: () => {
      if (waiting?.state === 'installed') {
        reloadRequested = true;
        waiting.postMessage(SKIP_WAITING);
      } else {
        // It already took over (another tab's button): the page only needs the new files.
        reload();
      }
    },
    checkForUpdate: () => {
      registration?.update().catch(() => {
        // Offline, or the server is down: the next check will do.
      });
    },
  };
}
