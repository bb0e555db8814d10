import { ALERTS_PAGE_SIZE, AlertPageSchema } from '@bec/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { alertKeys } from './query-keys';

/** GET /api/alerts: one page of the member's alerts, newest first. */
function getAlerts(cursor?: string, signal?: AbortSignal) {
  const search = new URLSearchParams({ limit: String(ALERTS_PAGE_SIZE) });
  if (cursor !== undefined) search.set('cursor', cursor);
  return apiRequest(`/alerts?${search}`, AlertPageSchema, { signal });
}

const alertsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: alertKeys.list(),
    queryFn: ({ pageParam, signal }) => getAlerts(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
  });

/** The bell's list, fetched while it is open. */
export const useAlerts = ({ enabled = true } = {}) =>
  useInfiniteQuery({ ...alertsQueryOptions(), enabled });
