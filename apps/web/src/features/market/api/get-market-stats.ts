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

/** While the figures of new filters load, the previous ones stay (marked as placeholder data). */
export const useMarketStats = (filterQuery: string, group: StatsGroup) =>
  useQuery({ ...marketStatsQueryOptions(filterQuery, group), placeholderData: keepPreviousData });
