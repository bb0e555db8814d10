import { useSearchParams } from 'react-router';
import {
  type PropertyFilters,
  parsePropertyFilters,
  propertyFiltersToSearchParams,
} from '@/features/properties/api/get-properties';

/**
 * The grid's filters as the page's URL holds them, for every screen that shows "the properties
 * that match" (the grid, the Data section): a filtered view can be shared and survives a reload.
 * Changing them replaces the history entry rather than adding one per keystroke.
 */
export function usePropertyFilterParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = parsePropertyFilters(searchParams);
  const change = (patch: PropertyFilters) =>
    setSearchParams(
      (current) => propertyFiltersToSearchParams({ ...parsePropertyFilters(current), ...patch }),
      { replace: true },
    );
  const clear = () => setSearchParams(new URLSearchParams(), { replace: true });
  return { filters, change, clear };
}
