import {
  PROPERTY_FILTER_KEYS,
  type PropertyFilters,
  parsePropertyFilters,
  propertyFiltersToSearchParams,
} from '@/features/properties/api/get-properties';
import { useSearchParamsUpdate } from '@/lib/use-search-params-update';

/**
 * `filters` as search params, after the page's own other parameters (the statistics' `group`, a
 * map's view), which a change of filters leaves as they are.
 */
function withFilters(current: URLSearchParams, filters: PropertyFilters): URLSearchParams {
  const params = new URLSearchParams(current);
  for (const key of PROPERTY_FILTER_KEYS) params.delete(key);
  for (const [key, value] of propertyFiltersToSearchParams(filters)) params.set(key, value);
  return params;
}

/**
 * The grid's filters as the page's URL holds them, for every screen that shows "the properties
 * that match" (the grid, the Data section): a filtered view can be shared and survives a reload.
 * Changing them replaces the history entry rather than adding one per keystroke, and keeps the
 * page's other parameters.
 */
export function usePropertyFilterParams() {
  const [searchParams, update] = useSearchParamsUpdate();
  const filters = parsePropertyFilters(searchParams);
  const change = (patch: PropertyFilters) =>
    update((current) => withFilters(current, { ...parsePropertyFilters(current), ...patch }));
  const clear = () => update((current) => withFilters(current, {}));
  return { filters, change, clear };
}
