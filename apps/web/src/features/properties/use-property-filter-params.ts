import { useSearchParams } from 'react-router';
import {
  PROPERTY_FILTER_KEYS,
  type PropertyFilters,
  parsePropertyFilters,
  propertyFiltersToSearchParams,
} from '@/features/properties/api/get-properties';

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
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = parsePropertyFilters(searchParams);
  const change = (patch: PropertyFilters) =>
    setSearchParams(
      (current) => withFilters(current, { ...parsePropertyFilters(current), ...patch }),
      { replace: true },
    );
  const clear = () => setSearchParams((current) => withFilters(current, {}), { replace: true });
  return { filters, change, clear };
}
