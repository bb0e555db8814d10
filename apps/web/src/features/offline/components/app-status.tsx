import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { OfflineNotice } from '@/features/offline/components/offline-notice';
import { UpdateBanner } from '@/features/offline/components/update-banner';
import {
  getSavedAt,
  startSaving,
  stopSaving,
  subscribeSavedAt,
} from '@/features/offline/saved-queries';
import { useNeedsNetwork } from '@/features/offline/use-needs-network';
import { useOnline } from '@/features/offline/use-online';
import { useServiceWorkerUpdate } from '@/features/offline/use-service-worker-update';

// The offline queue (IndexedDB and its sender) loads for a signed-in member only.
const PendingSync = lazy(() =>
  import('@/features/offline/components/pending-sync').then(({ PendingSync }) => ({
    default: PendingSync,
  })),
);

/** The working set is fetched this long after the app opens: never on the first paint. */
const WORKING_SET_DELAY_MS = 5000;

export type AppStatusProps = {
  /** The signed-in member's subject: their working set is saved for reading offline. */
  subject: string | null;
  /** Fetches the member's working set (the app composes it from the features' queries). */
  saveWorkingSet: (client: QueryClient, subject: string, signal: AbortSignal) => Promise<void>;
  /** The signed-in member (`Me.id`), whose writes made offline are listed and sent. */
  userId?: number | undefined;
  /** After a queued write reached the server. */
  onSynced?: (() => void) | undefined;
};

/** Saves the member's working set while signed in, and puts back what was saved (ADR 046). */
function useSavedWorkingSet(
  subject: string | null,
  online: boolean,
  saveWorkingSet: AppStatusProps['saveWorkingSet'],
) {
  const client = useQueryClient();
  useEffect(() => {
    if (subject === null) return undefined;
    void startSaving(client, subject);
    return stopSaving;
  }, [client, subject]);
  useEffect(() => {
    if (subject === null || !online) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      saveWorkingSet(client, subject, controller.signal).catch((error: unknown) => {
        if (!controller.signal.aborted) console.warn('The working set was not saved', error);
      });
    }, WORKING_SET_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [client, subject, online, saveWorkingSet]);
}

/**
 * What the shell says about the app itself: no network (and how old the saved data is), writes
 * waiting to be sent, or a new version ready. Mounted once, in the layout, after the first screen
 * (it registers the service worker and keeps the member's working set saved).
 */
export function AppStatus({ subject, saveWorkingSet, userId, onSynced }: AppStatusProps) {
  const online = useOnline();
  const { updateReady, applyUpdate } = useServiceWorkerUpdate();
  useSavedWorkingSet(subject, online, saveWorkingSet);
  const savedAt = useSyncExternalStore(subscribeSavedAt, getSavedAt);
  const needsNetwork = useNeedsNetwork();
  return (
    <>
      {!online && <OfflineNotice savedAt={savedAt} needsNetwork={needsNetwork} />}
      {userId !== undefined && (
        <Suspense fallback={null}>
          <PendingSync userId={userId} onSynced={onSynced} />
        </Suspense>
      )}
      {updateReady && <UpdateBanner onUpdate={applyUpdate} />}
    </>
  );
}
