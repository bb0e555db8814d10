import { SavedSearchListSchema } from '@bec/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { SHOWS_ITS_OFFLINE_STATE } from '@/lib/needs-connection';
import { savedSearchKeys } from './query-keys';

/**
 * GET /api/saved-searches: the member's own personal searches and every shared one, shared first
 * then by name, each with its count of new matches since the member last opened it.
 */
const savedSearchesQueryOptions = () =>
  queryOptions({
    queryKey: savedSearchKeys.list(),
    queryFn: ({ signal }) => apiRequest('/saved-searches', SavedSearchListSchema, { signal }),
    // The sidebar on every page: offline it says it needs a connection, the page is not the one
    // that lacks its data (ADR 060).
    meta: SHOWS_ITS_OFFLINE_STATE,
  });

/** The sidebar's list; it is fetched again when the window regains focus (new matches). */
export const useSavedSearches = () => useQuery(savedSearchesQueryOptions());
