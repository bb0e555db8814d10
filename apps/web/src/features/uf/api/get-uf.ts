import { UfCurrentSchema, UfValueListSchema } from '@bec/contracts';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ufKeys } from './uf-query-keys';

/** GET /api/uf: the value in effect (the latest dated today or before), and today's date. */
const currentUfQueryOptions = () =>
  queryOptions({
    queryKey: ufKeys.current(),
    queryFn: ({ signal }) => apiRequest('/uf', UfCurrentSchema, { signal }),
  });

export const useCurrentUf = () => useQuery(currentUfQueryOptions());

/** Stored values per page; a month and a little more covers what the CMF publishes ahead. */
const UF_VALUES_PAGE_SIZE = 40;

/** GET /api/uf/values (admins): stored values, newest date first, a page at a time. */
export const useUfValues = () =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ufKeys.values(),
      queryFn: ({ pageParam, signal }) => {
        const search = new URLSearchParams({ limit: String(UF_VALUES_PAGE_SIZE) });
        if (pageParam !== undefined) search.set('cursor', pageParam);
        return apiRequest(`/uf/values?${search}`, UfValueListSchema, { signal });
      },
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
    }),
  );
