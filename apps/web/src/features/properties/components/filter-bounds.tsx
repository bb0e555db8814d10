import { SegmentedControl } from '@mantine/core';
import { NumberField } from '@/components/number-field';
import { PRICE_UNIT_OPTIONS } from '@/components/price-unit-options';
import type { PropertyFilters } from '@/features/properties/api/get-properties';
import { MinCountSelect } from '@/features/properties/components/min-count-select';
import { useT } from '@/i18n/use-t';
import { formatPrice, formatUf } from '@/lib/format';

/** A number box's text as typed, and where a keystroke goes. */
type DraftBox = { draft: string; change: (value: string) => void };

export type FilterBoundsProps = {
  filters: PropertyFilters;
  onChange: (patch: PropertyFilters) => void;
  minPrice: DraftBox;
  maxPrice: DraftBox;
  maxExpenses: DraftBox;
  /** Under the maximum price: a range whose ends are reversed. */
  rangeError: string | undefined;
  /** Under the gastos comunes: why the box cannot filter. */
  expensesError: string | undefined;
};

/**
 * The filter bar's bounds: the price's unit and range, the minimum dormitorios, baños and
 * estacionamientos, the maximum gastos comunes.
 */
export function FilterBounds({
  filters,
  onChange,
  minPrice,
  maxPrice,
  maxExpenses,
  rangeError,
  expensesError,
}: FilterBoundsProps) {
  const t = useT();
  // Bounds in UF take up to 2 decimals; in pesos, whole pesos.
  const inUf = filters.price_unit === 'UF';
  const formatBound = inUf ? formatUf : formatPrice;
  return (
    <>
      <SegmentedControl
        aria-label={t('properties.filters.priceUnit')}
        data={PRICE_UNIT_OPTIONS}
        value={inUf ? 'UF' : 'CLP'}
        onChange={(unit) => onChange({ price_unit: unit === 'UF' ? 'UF' : undefined })}
        style={{ alignSelf: 'end' }}
      />
      <NumberField
        label={t('properties.filters.minPrice')}
        placeholder={formatBound(0)}
        format={formatBound}
        purpose="filter"
        value={minPrice.draft}
        onChange={(event) => minPrice.change(event.currentTarget.value)}
      />
      <NumberField
        label={t('properties.filters.maxPrice')}
        placeholder={t('properties.filters.noLimit')}
        format={formatBound}
        purpose="filter"
        value={maxPrice.draft}
        onChange={(event) => maxPrice.change(event.currentTarget.value)}
        error={rangeError}
      />
      <MinCountSelect
        field="rooms_min"
        label={t('properties.filters.roomsMin')}
        value={filters.rooms_min}
        onChange={onChange}
      />
      <MinCountSelect
        field="bathrooms_min"
        label={t('properties.filters.bathroomsMin')}
        value={filters.bathrooms_min}
        onChange={onChange}
      />
      <MinCountSelect
        field="parking_min"
        label={t('properties.filters.parkingMin')}
        value={filters.parking_min}
        onChange={onChange}
      />
      <NumberField
        label={t('properties.filters.commonExpensesMax')}
        placeholder={t('properties.filters.noLimit')}
        format={formatPrice}
        purpose="filter"
        value={maxExpenses.draft}
        onChange={(event) => maxExpenses.change(event.currentTarget.value)}
        error={expensesError}
      />
    </>
  );
}
