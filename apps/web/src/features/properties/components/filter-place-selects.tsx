import { type ComboboxData, Select } from '@mantine/core';
import type { useRegions } from '@/entities/reference/reference-queries';
import type { PropertyFilters } from '@/features/properties/api/get-properties';
import { useT } from '@/i18n/use-t';

export type FilterPlaceSelectsProps = {
  filters: PropertyFilters;
  onChange: (patch: PropertyFilters) => void;
  /** Read by the bar, drawn or folded, so the list is there when a phone unfolds it. */
  regions: ReturnType<typeof useRegions>;
};

/** The filter bar's region and comuna, each keeping the other consistent. */
export function FilterPlaceSelects({ filters, onChange, regions }: FilterPlaceSelectsProps) {
  const t = useT();
  const regionList = regions.data ?? [];
  const region = regionList.find((r) => r.id === filters.region_id);
  const regionOfComuna = (cityId: number) =>
    regionList.find((r) => r.comunas.some((c) => c.id === cityId))?.id;

  const regionOptions: ComboboxData<number> = regionList.map((r) => ({
    value: r.id,
    label: r.name,
  }));
  // With a region chosen, its comunas; without one, every comuna grouped by region.
  const comunaOptions: ComboboxData<number> = region
    ? region.comunas.map((c) => ({ value: c.id, label: c.name }))
    : regionList.map((r) => ({
        group: r.name,
        items: r.comunas.map((c) => ({ value: c.id, label: c.name })),
      }));

  return (
    <>
      <Select<number>
        label={t('properties.filters.region')}
        placeholder={t('properties.filters.allRegions')}
        data={regionOptions}
        value={filters.region_id ?? null}
        onChange={(value) => {
          const regionId = value ?? undefined;
          const keepComuna =
            filters.city_id !== undefined && regionOfComuna(filters.city_id) === regionId;
          onChange({
            region_id: regionId,
            city_id: keepComuna ? filters.city_id : undefined,
          });
        }}
        searchable
        clearable
        nothingFoundMessage={t('properties.filters.noRegion')}
        error={regions.isError ? t('properties.filters.regionsFailed') : undefined}
      />
      <Select<number>
        label={t('properties.filters.comuna')}
        placeholder={
          region
            ? t('properties.filters.allComunasOf', { region: region.name })
            : t('properties.filters.allComunas')
        }
        data={comunaOptions}
        value={filters.city_id ?? null}
        onChange={(value) => {
          const cityId = value ?? undefined;
          // Choosing a comuna also chooses its region; clearing it keeps the region.
          onChange(
            cityId === undefined
              ? { city_id: undefined }
              : { city_id: cityId, region_id: regionOfComuna(cityId) ?? filters.region_id },
          );
        }}
        searchable
        clearable
        nothingFoundMessage={t('properties.form.noComuna')}
        error={regions.isError ? t('properties.filters.comunasFailed') : undefined}
      />
    </>
  );
}
