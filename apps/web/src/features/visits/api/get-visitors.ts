import { type VisitorList, VisitorListSchema } from '@bec/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { visitKeys } from '@/features/visits/api/query-keys';
import { apiRequest } from '@/lib/api-client';

/** GET /api/visits/visitors: the members a visit can name, by name. */
const getVisitors = (signal?: AbortSignal): Promise<VisitorList> =>
  apiRequest('/visits/visitors', VisitorListSchema, { signal });

/** Also part of the working set saved for offline: the visit form offers them there (ADR 060). */
export const visitorsQueryOptions = () =>
  queryOptions({
    queryKey: visitKeys.visitors(),
    queryFn: ({ signal }) => getVisitors(signal),
    staleTime: 60_000,
  });

export const useVisitors = (enabled = true) => useQuery({ ...visitorsQueryOptions(), enabled });
