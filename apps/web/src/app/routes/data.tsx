import '@/features/market/messages';
import '@/features/properties/messages';
import { Stack, Title } from '@mantine/core';
import { RequireAuth } from '@/app/require-auth';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/use-auth';
import { PropertiesMap } from '@/features/map/components/properties-map';
import { MarketStatsSection } from '@/features/market/components/market-stats-section';
import type { GridFilterPatch } from '@/features/market/grid-filter';
import { propertyFiltersToSearchParams } from '@/features/properties/api/get-properties';
import { PropertyFilters } from '@/features/properties/components/property-filters';
import { PropertyMapCard } from '@/features/properties/components/property-map-card';
import { usePropertyFilterParams } from '@/features/properties/use-property-filter-params';
import { usePageTitle } from '@/i18n/use-page-title';
import { useT } from '@/i18n/use-t';

/** /data: the market view of the team's properties; members only (signed out: Home; docs/product.md, Screens and routes). */
export function Component() {
  usePageTitle('nav.data');
  return (
    <RequireAuth signedOutTo={paths.home.getHref()}>
      <DataScreen />
    </RequireAuth>
  );
}

/**
 * The properties that match the grid's filters (the same bar, the same URL parameters), on a map
 * and in figures. Each section belongs to its feature; this route puts them together.
 */
function DataScreen() {
  const t = useT();
  const { filters, change, clear } = usePropertyFilterParams();
  const tiles = useAuth().clientConfig?.map_tiles;
  // The figures ignore the grid's sort; a row's link keeps it.
  const filterQuery = propertyFiltersToSearchParams({ ...filters, sort: undefined }).toString();
  const gridHref = (patch: GridFilterPatch) =>
    `${paths.properties.getHref()}?${propertyFiltersToSearchParams({ ...filters, ...patch })}`;
  return (
    <Stack gap="md">
      <Title order={2}>{t('nav.data')}</Title>
      <PropertyFilters filters={filters} onChange={change} onClear={clear} />
      {tiles && (
        <PropertiesMap
          filterQuery={filterQuery}
          tiles={tiles}
          unlocatedHref={`${paths.properties.getHref()}?${propertyFiltersToSearchParams({ ...filters, located: false })}`}
          renderPointCard={(id) => <PropertyMapCard id={id} />}
        />
      )}
      <MarketStatsSection filterQuery={filterQuery} gridHref={gridHref} />
    </Stack>
  );
}
