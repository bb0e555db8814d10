import { useEffect, useState } from 'react';
import { startOfflineSync } from '@/entities/offline-queue/start-sync';
import { listQueueItems, onQueueChange } from '@/entities/offline-queue/store';
import type { QueueItem } from '@/entities/offline-queue/types';

/**
 * The signed-in member's offline queue, kept up to date, and its sending: at once (the app's
 * start, or a sign-in after the session ran out), on `online`, and on Background Sync.
 */
export function useOfflineQueue(userId: number): QueueItem[] {
  const [items, setItems] = useState<QueueItem[]>([]);
  useEffect(() => {
    let current = true;
    const load = () =>
      void listQueueItems(userId).then((list) => {
        if (current) setItems(list);
      });
    const unsubscribe = onQueueChange(load);
    load();
    const stop = startOfflineSync(userId);
    return () => {
      current = false;
      unsubscribe();
      stop();
    };
  }, [userId]);
  return items;
}
