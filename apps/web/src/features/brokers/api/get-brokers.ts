import { BrokerListItemSchema, BrokerPageSchema } from '@bec/contracts';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { brokerKeys } from '@/features/brokers/api/query-keys';
import { apiRequest } from '@/lib/api-client';

export type BrokerListParams = { q: string; archived: boolean };

/** GET /api/brokers/list: one page by name, searched, active or archived. */
function getBrokerPage(
  { q, archived }: BrokerListParams,
  cursor: string | null,
  signal?: AbortSignal,
) {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (archived) params.set('archived', 'true');
  if (cursor) params.set('cursor', cursor);
  const search = params.toString();
  return apiRequest(`/brokers/list${search ? `?${search}` : ''}`, BrokerPageSchema, { signal });
}

const brokerListQueryOptions = (params: BrokerListParams) =>
  infiniteQueryOptions({
    queryKey: brokerKeys.list(params),
    queryFn: ({ pageParam, signal }) => getBrokerPage(params, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
  });

/** While a new search loads, the previous rows stay. */
export const useBrokerList = (params: BrokerListParams) =>
  useInfiniteQuery({ ...brokerListQueryOptions(params), placeholderData: keepPreviousData });

/** GET /api/brokers/:id: the broker and how many properties name it. */
export const brokerQueryOptions = (id: number) =>
  queryOptions({
    queryKey: brokerKeys.detail(id),
    queryFn: ({ signal }) => apiRequest(`/brokers/${id}`, BrokerListItemSchema, { signal }),
  });

export const useBroker = (id: number) => useQuery(brokerQueryOptions(id));
