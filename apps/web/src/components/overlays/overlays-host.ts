import { modals } from '@mantine/modals';

/**
 * Toasts and confirm dialogs arrive in a chunk of their own once the first screen is up
 * (app/provider.tsx mounts `Overlays` when the browser is idle). A toast shown before then waits
 * in Mantine's store; a confirm dialog is a window event that nobody would hear, so opening one
 * first asks for the overlays and waits until they listen.
 */
const listeners = new Set<() => void>();
let requested = false;
/** A promise kept once the overlays are mounted, and made anew when they unmount. */
const whenMounted = () => {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
};
let mounted = whenMounted();

export const overlaysHost = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  isRequested: () => requested,
  /** Asks for the overlays now (idempotent). */
  request() {
    if (requested) return;
    requested = true;
    for (const listener of listeners) listener();
  },
  /**
   * Called by `Overlays` once mounted: its dialogs listen from then on. Answers what to call when
   * it unmounts, after which dialogs wait for the next `Overlays` (a test's new app, say).
   */
  markMounted() {
    mounted.resolve();
    return () => {
      mounted = whenMounted();
    };
  },
};

/** Mantine's confirm dialog (`modals.openConfirmModal`), once the overlays can show it. */
export async function openConfirmModal(
  payload: Parameters<typeof modals.openConfirmModal>[0],
): Promise<void> {
  overlaysHost.request();
  await mounted.promise;
  modals.openConfirmModal(payload);
}
