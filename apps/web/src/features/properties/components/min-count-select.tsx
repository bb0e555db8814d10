import { Select } from '@mantine/core';
import { memo } from 'react';
import type { PropertyFilters } from '@/features/properties/api/get-properties';
import { useT } from '@/i18n/use-t';
import { formatInteger } from '@/lib/format';

/** The minimums offered ("1+" … "5+"): a sixth dormitorio or baño is rare enough to type a link. */
const OFFERED = [1, 2, 3, 4, 5] as const;
const ANY = 'any';

export type MinCountSelectProps = {
  /** The filter it sets. */
  field: 'rooms_min' | 'bathrooms_min' | 'parking_min';
  label: string;
  /** The minimum filtered by, or undefined for any (properties without the figure too). */
  value: number | undefined;
  onChange: (patch: PropertyFilters) => void;
};

/**
 * "At least n" of a count (dormitorios, baños, estacionamientos): "Cualquiera", then 1+ to 5+. A
 * minimum from a link that is not offered (0, 7) is listed too, so the box says what filters.
 * Memoised: the bar re-renders on every key typed in its text boxes, and these do not change then.
 */
export const MinCountSelect = memo(function MinCountSelect({
  field,
  label,
  value,
  onChange,
}: MinCountSelectProps) {
  const t = useT();
  const counts: number[] = [...OFFERED];
  if (value !== undefined && !counts.includes(value)) counts.push(value);
  counts.sort((a, b) => a - b);
  return (
    <Select
      label={label}
      data={[
        { value: ANY, label: t('properties.filters.anyCount') },
        ...counts.map((count) => ({
          value: String(count),
          label: t('properties.filters.atLeast', { count: formatInteger(count) }),
        })),
      ]}
      value={value === undefined ? ANY : String(value)}
      onChange={(choice) =>
        onChange({ [field]: choice === null || choice === ANY ? undefined : Number(choice) })
      }
      allowDeselect={false}
    />
  );
});
