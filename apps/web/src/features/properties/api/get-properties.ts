import {
  type ListPropertiesQuery,
  ListPropertiesQuerySchema,
  type PropertyList,
  PropertyListSchema,
} from '@bec/contracts';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { JUST_FETCHED_MS, propertyKeys } from '@/features/properties/api/query-keys';
import { apiRequest } from '@/lib/api-client';

/** The filters the grid offers, under the names the API and the page's URL both use. */
export const PROPERTY_FILTER_KEYS = [
  'q',
  'region_id',
  'city_id',
  'property_type_id',
  'broker_id',
  'visited',
  'stage',
  'located',
  'price_unit',
  'price_min',
  'price_max',
  'rooms_min',
  'bathrooms_min',
  'parking_min',
  'common_expenses_max',
  'sort',
] as const;
type PropertyFilterKey = (typeof PROPERTY_FILTER_KEYS)[number];

/** Only the filters that are set; `sort` is left out when it is the default (newest first). */
export type PropertyFilters = Partial<Pick<ListPropertiesQuery, PropertyFilterKey>>;

const DEFAULT_SORT = 'newest';

/**
 * The sort the filters mean: relevance ranks a search's matches, so without `q` it falls back to
 * the default (the API refuses it alone), as when the search is cleared while sorted by relevance.
 */
const sortOf = ({ sort, q }: PropertyFilters) => (sort === 'relevance' && !q ? undefined : sort);

/**
 * Reads the filters from search params (the page's URL), each with the shared contract's own
 * rule. A value the API would refuse (`region_id=abc`, `sort=relevance` without `q`) is left out
 * rather than failing the list.
 */
export function parsePropertyFilters(params: URLSearchParams): PropertyFilters {
  const filters: Record<string, unknown> = {};
  for (const key of PROPERTY_FILTER_KEYS) {
    const raw = params.get(key)?.trim();
    if (!raw) continue;
    const parsed = ListPropertiesQuerySchema.shape[key].safeParse(raw);
    if (parsed.success && parsed.data !== undefined && parsed.data !== '') {
      filters[key] = parsed.data;
    }
  }
  const sort = sortOf(filters as PropertyFilters);
  if (sort === undefined || sort === DEFAULT_SORT) delete filters.sort;
  if (filters.price_unit === 'CLP') delete filters.price_unit;
  return filters as PropertyFilters;
}

const hasPriceBound = (filters: PropertyFilters) =>
  filters.price_min !== undefined || filters.price_max !== undefined;

/**
 * The filters as search params, in a fixed order, without the unset ones or the default sort (nor
 * relevance without a search).
 */
export function propertyFiltersToSearchParams(filters: PropertyFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of PROPERTY_FILTER_KEYS) {
    const value = filters[key];
    if (value === undefined || value === null || value === '') continue;
    if (key === 'sort' && (value === DEFAULT_SORT || sortOf(filters) === undefined)) continue;
    // The unit qualifies the price bounds: CLP (the default) or alone, it filters nothing.
    if (key === 'price_unit' && (value === 'CLP' || !hasPriceBound(filters))) continue;
    params.set(key, String(value));
  }
  return params;
}

/**
 * The filters alone as the URL's text (`{ city_id: '13114', rooms_min: '3' }`), without the sort
 * order: what a saved search keeps of the grid (its contract takes the filter parameters only).
 */
export function propertyFilterParams(filters: PropertyFilters): Record<string, string> {
  const params = propertyFiltersToSearchParams(filters);
  params.delete('sort');
  return Object.fromEntries(params);
}

/** A price range whose maximum is below its minimum: the API would refuse it (400). */
export const priceRangeReversed = ({ price_min: min, price_max: max }: PropertyFilters) =>
  min !== undefined && max !== undefined && min > max;

/** True when some filter is set (a sort other than the default counts). */
export const hasPropertyFilters = (filters: PropertyFilters) =>
  propertyFiltersToSearchParams(filters).toString() !== '';

/** GET /api/properties: one page of cards; `cursor` is the previous page's `next_cursor`. */
async function getProperties(
  filters: PropertyFilters,
  cursor?: string | null,
  signal?: AbortSignal,
): Promise<PropertyList> {
  const params = propertyFiltersToSearchParams(filters);
  if (cursor) params.set('cursor', cursor);
  const search = params.toString();
  return apiRequest(`/properties${search ? `?${search}` : ''}`, PropertyListSchema, { signal });
}

/** Every page of cards for `filters`, one keyset page after another. */
export const propertiesInfiniteQueryOptions = (filters: PropertyFilters) =>
  infiniteQueryOptions({
    queryKey: propertyKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getProperties(filters, pageParam, signal),
    staleTime: JUST_FETCHED_MS,
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
  });

/** While the cards of new filters load, the previous ones stay (marked as placeholder data). */
export const useProperties = (filters: PropertyFilters) =>
  useInfiniteQuery({
    ...propertiesInfiniteQueryOptions(filters),
    placeholderData: keepPreviousData,
  });
