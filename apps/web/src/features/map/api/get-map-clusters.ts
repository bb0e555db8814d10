import { type MapClusters, MapClustersSchema } from '@bec/contracts';
import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { mapKeys } from './map-query-keys';
import type { MapView } from './map-view';

/** The grid's filters without its order, which means nothing on a map. */
function mapFilterQuery(filterQuery: string): string {
  const params = new URLSearchParams(filterQuery);
  params.delete('sort');
  return params.toString();
}

/**
 * GET /api/market/map: the properties that match `filterQuery` (the grid's filters as URL
 * parameters) in the view's box, clustered for its zoom, and how many match anywhere.
 */
function getMapClusters(
  filterQuery: string,
  view: MapView,
  signal?: AbortSignal,
): Promise<MapClusters> {
  const params = new URLSearchParams(mapFilterQuery(filterQuery));
  params.set('west', view.west);
  params.set('south', view.south);
  params.set('east', view.east);
  params.set('north', view.north);
  params.set('zoom', String(view.zoom));
  return apiRequest(`/market/map?${params}`, MapClustersSchema, { signal });
}

/** No query before the map knows its view. The signal aborts a view's request once it is left. */
const mapClustersQueryOptions = (filterQuery: string, view: MapView | null) =>
  queryOptions({
    queryKey: mapKeys.clusters(mapFilterQuery(filterQuery), view),
    queryFn: view === null ? skipToken : ({ signal }) => getMapClusters(filterQuery, view, signal),
  });

/** While a new view or new filters load, the markers of the previous answer stay. */
export const useMapClusters = (filterQuery: string, view: MapView | null) =>
  useQuery({ ...mapClustersQueryOptions(filterQuery, view), placeholderData: keepPreviousData });
