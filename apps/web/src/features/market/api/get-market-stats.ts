import { type MarketStats, MarketStatsSchema, type StatsGroup } from '@bec/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { marketKeys } from './market-query-keys';

/**
 * GET /api/market/stats: the figures of the properties that match the grid's filters, grouped.
 * `filterQuery` is the grid's filters as its URL writes them (`region_id=13&visited=true`); the
 * grid's sort means nothing here and is left out.
 */
function getMarketStats(
  filterQuery: string,
  group: StatsGroup,
  signal?: AbortSignal,
): Promise<MarketStats> {
  const params = new URLSearchParams(filterQuery);
  params.delete('sort');
  params.set('group', group);
  return apiRequest(`/market/stats?${params}`, MarketStatsSchema, { signal });
}

const marketStatsQueryOptions = (filterQuery: string, group: StatsGroup) =>
  queryOptions({
    queryKey: marketKeys.stats(filterQuery, group),
    queryFn: ({ signal }) => getMarketStats(filterQuery, group, signal),
  });

/** While figures marked `updating` are shown, they are asked for again this often (ADR 051). */
const UPDATING_REFETCH_MS = 2_000;

/**
 * While the figures of new filters load, the previous ones stay (marked as placeholder data);
 * figures the server is recomputing are asked for again until the new ones come.
 */
export const useMarketStats = (filterQuery: string, group: StatsGroup) =>
  useQuery({
    ...marketStatsQueryOptions(filterQuery, group),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.updating ? UPDATING_REFETCH_MS : false),
  });
