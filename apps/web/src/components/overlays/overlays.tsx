import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { overlaysHost } from '@/components/overlays/overlays-host';
// After the components, so it follows the core styles they bring (Mantine's required order).
import '@mantine/notifications/styles.css';

/**
 * Toasts and confirm dialogs: `notifications.show` and `openConfirmModal` (overlays-host.ts)
 * reach them from anywhere. Nothing on a first screen needs them, so they come in their own chunk.
 */
export default function Overlays() {
  // Runs after ModalsProvider's own effects: its window listeners are in place by then.
  useEffect(() => overlaysHost.markMounted(), []);
  return (
    <>
      <Notifications position="top-right" />
      <ModalsProvider />
    </>
  );
}
