import { useSyncExternalStore } from 'react';

const subscribe = (changed: () => void) => {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
};

/** Whether the browser has a network connection (false is certain; true may still fail). */
export const useOnline = () => useSyncExternalStore(subscribe, () => navigator.onLine);
