import { OfflineNotice } from '@/features/offline/components/offline-notice';
import { UpdateBanner } from '@/features/offline/components/update-banner';
import { useOnline } from '@/features/offline/use-online';
import { useServiceWorkerUpdate } from '@/features/offline/use-service-worker-update';

/**
 * What the shell says about the app itself: no network, or a new version ready. Mounted once, in
 * the layout, after the first screen (it registers the service worker).
 */
export function AppStatus() {
  const online = useOnline();
  const { updateReady, applyUpdate } = useServiceWorkerUpdate();
  return (
    <>
      {!online && <OfflineNotice />}
      {updateReady && <UpdateBanner onUpdate={applyUpdate} />}
    </>
  );
}
