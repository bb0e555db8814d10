import { type UpcomingVisits, UpcomingVisitsSchema } from '@bec/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { visitKeys } from '@/features/visits/api/query-keys';
import { apiRequest } from '@/lib/api-client';

/** GET /api/visits/upcoming: the signed-in member's own visits from now on, soonest first. */
const getUpcomingVisits = (signal?: AbortSignal): Promise<UpcomingVisits> =>
  apiRequest('/visits/upcoming', UpcomingVisitsSchema, { signal });

export const upcomingVisitsQueryOptions = () =>
  queryOptions({
    queryKey: visitKeys.upcoming(),
    queryFn: ({ signal }) => getUpcomingVisits(signal),
  });

export const useUpcomingVisits = () => useQuery(upcomingVisitsQueryOptions());
