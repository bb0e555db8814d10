import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
// After the components, so it follows the core styles they bring (Mantine's required order).
import '@mantine/notifications/styles.css';

/**
 * Toasts and confirm dialogs. Nothing on a first screen needs them, so they arrive in their own
 * chunk once the page is up (provider.tsx); `notifications.show` and `modals.openConfirmModal`
 * reach them from anywhere through Mantine's stores and window events, and a toast shown before
 * they mount waits in the store.
 */
export default function Overlays() {
  return (
    <>
      <Notifications position="top-right" />
      <ModalsProvider />
    </>
  );
}
