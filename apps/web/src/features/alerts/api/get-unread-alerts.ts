import { UnreadAlertsSchema } from '@bec/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { SHOWS_ITS_OFFLINE_STATE } from '@/lib/needs-connection';
import { alertKeys } from './query-keys';

/**
 * How often the bell asks for its count while the page is open: alerts are made on the server
 * after another member's write, and the app has no push channel (docs/product.md).
 */
const UNREAD_REFETCH_MS = 60_000;

/** GET /api/alerts/unread: how many of the member's alerts are unread. */
const unreadAlertsQueryOptions = () =>
  queryOptions({
    queryKey: alertKeys.unread(),
    queryFn: ({ signal }) => apiRequest('/alerts/unread', UnreadAlertsSchema, { signal }),
    refetchInterval: UNREAD_REFETCH_MS,
    refetchOnWindowFocus: true,
    // Offline with no count, the bell shows none: not a reason to say the page needs the network.
    meta: SHOWS_ITS_OFFLINE_STATE,
  });

/** The bell's count, fetched again every minute and whenever the window regains focus. */
export const useUnreadAlerts = () => useQuery(unreadAlertsQueryOptions());
