import { type VisitList, VisitListSchema } from '@bec/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { visitKeys } from '@/features/visits/api/query-keys';
import { apiRequest } from '@/lib/api-client';
import { SHOWS_ITS_OFFLINE_STATE } from '@/lib/needs-connection';

/** GET /api/properties/:id/visits: the property's visits, newest first, with their photos. */
const getVisits = (propertyId: number, signal?: AbortSignal): Promise<VisitList> =>
  apiRequest(`/properties/${propertyId}/visits`, VisitListSchema, { signal });

const visitsQueryOptions = (propertyId: number) =>
  queryOptions({
    queryKey: visitKeys.ofProperty(propertyId),
    queryFn: ({ signal }) => getVisits(propertyId, signal),
    // Offline without a saved copy, the section says it needs a connection (ADR 060).
    meta: SHOWS_ITS_OFFLINE_STATE,
  });

export const useVisits = (propertyId: number) => useQuery(visitsQueryOptions(propertyId));
