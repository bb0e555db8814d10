import { lazy, Suspense } from 'react';
import { OfflineNotice } from '@/features/offline/components/offline-notice';
import { UpdateBanner } from '@/features/offline/components/update-banner';
import { useOnline } from '@/features/offline/use-online';
import { useServiceWorkerUpdate } from '@/features/offline/use-service-worker-update';

// The offline queue (IndexedDB and its sender) loads for a signed-in member only.
const PendingSync = lazy(() =>
  import('@/features/offline/components/pending-sync').then(({ PendingSync }) => ({
    default: PendingSync,
  })),
);

export type AppStatusProps = {
  /** The signed-in member (`Me.id`), whose writes made offline are listed and sent. */
  userId?: number | undefined;
  /** After a queued write reached the server. */
  onSynced?: (() => void) | undefined;
};

/**
 * What the shell says about the app itself: no network, writes waiting to be sent, or a new
 * version ready. Mounted once, in the layout, after the first screen (it registers the service
 * worker).
 */
export function AppStatus({ userId, onSynced }: AppStatusProps) {
  const online = useOnline();
  const { updateReady, applyUpdate } = useServiceWorkerUpdate();
  return (
    <>
      {!online && <OfflineNotice />}
      {userId !== undefined && (
        <Suspense fallback={null}>
          <PendingSync userId={userId} onSynced={onSynced} />
        </Suspense>
      )}
      {updateReady && <UpdateBanner onUpdate={applyUpdate} />}
    </>
  );
}
