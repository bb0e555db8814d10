import { ApiError } from '@/lib/api-error';

/**
 * Whether a write should go to the offline queue instead of failing: the browser says it has no
 * network, or the call got no answer at all (status 0). Small, and free of the queue itself, so
 * a form can ask before loading it.
 */
export const shouldQueueOffline = (error?: unknown): boolean =>
  !navigator.onLine || (error instanceof ApiError && error.status === 0);
