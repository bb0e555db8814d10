import { useEffect, useState, useSyncExternalStore } from 'react';
import { type ServiceWorkerUpdates, watchServiceWorker } from './service-worker-updates';

/** One registration per page, whatever mounts the hook. */
let current: ServiceWorkerUpdates | null = null;

/** Registers after the page's load event, so the first screen's requests go first. */
function registerAfterLoad(started: (updates: ServiceWorkerUpdates) => void) {
  // Vite's dev server builds no worker; jsdom and old browsers have none.
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return undefined;
  const register = () => {
    current ??= watchServiceWorker(navigator.serviceWorker, () => window.location.reload());
    started(current);
  };
  if (document.readyState === 'complete') {
    register();
    return undefined;
  }
  window.addEventListener('load', register, { once: true });
  return () => window.removeEventListener('load', register);
}

const subscribeToNothing = () => () => {};

/**
 * Whether a new version of the app waits, and the action that switches to it (ADR 044). The
 * first use registers the service worker; a tab shown again asks for a newer one.
 */
export function useServiceWorkerUpdate() {
  const [updates, setUpdates] = useState(current);
  useEffect(() => (updates ? undefined : registerAfterLoad(setUpdates)), [updates]);
  useEffect(() => {
    if (!updates) return undefined;
    const onShown = () => {
      if (document.visibilityState === 'visible') updates.checkForUpdate();
    };
    document.addEventListener('visibilitychange', onShown);
    return () => document.removeEventListener('visibilitychange', onShown);
  }, [updates]);
  const updateReady = useSyncExternalStore(
    updates?.subscribe ?? subscribeToNothing,
    () => updates?.updateReady() ?? false,
  );
  return { updateReady, applyUpdate: () => updates?.applyUpdate() };
}
