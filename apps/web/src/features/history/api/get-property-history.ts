import { HistoryPageSchema } from '@bec/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { SHOWS_ITS_OFFLINE_STATE } from '@/lib/needs-connection';

/** Entries per page of a timeline. */
const HISTORY_PAGE_SIZE = 20;

/**
 * Under the properties' key: saving, moving or deleting a property (which invalidates every
 * `['properties', …]` query) refreshes its timeline too.
 */
export const historyKeys = {
  property: (id: number) => ['properties', 'history', id] as const,
};

/** GET /api/properties/:id/history: one page, newest first, and where the next one starts. */
function getPropertyHistory(id: number, cursor?: string, signal?: AbortSignal) {
  const search = new URLSearchParams({ limit: String(HISTORY_PAGE_SIZE) });
  if (cursor !== undefined) search.set('cursor', cursor);
  return apiRequest(`/properties/${id}/history?${search}`, HistoryPageSchema, { signal });
}

const propertyHistoryQueryOptions = (id: number) =>
  infiniteQueryOptions({
    queryKey: historyKeys.property(id),
    queryFn: ({ pageParam, signal }) => getPropertyHistory(id, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
    // Offline without a saved copy, the section says it needs a connection (ADR 060).
    meta: SHOWS_ITS_OFFLINE_STATE,
  });

export const usePropertyHistory = (id: number) => useInfiniteQuery(propertyHistoryQueryOptions(id));
