import { type Comparables, ComparablesSchema } from '@bec/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { SHOWS_ITS_OFFLINE_STATE } from '@/lib/needs-connection';
import { marketKeys } from './market-query-keys';

/** GET /api/market/comparables/:id: property `id` against its peers, and its nearest ones. */
const getComparables = (id: number, signal?: AbortSignal): Promise<Comparables> =>
  apiRequest(`/market/comparables/${id}`, ComparablesSchema, { signal });

const comparablesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: marketKeys.comparables(id),
    queryFn: ({ signal }) => getComparables(id, signal),
    // Offline without a saved copy, the section says it needs a connection (ADR 060).
    meta: SHOWS_ITS_OFFLINE_STATE,
  });

export const useComparables = (id: number) => useQuery(comparablesQueryOptions(id));
