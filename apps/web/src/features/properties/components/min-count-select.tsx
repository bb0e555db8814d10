import { Select } from '@mantine/core';
import { useT } from '@/i18n/use-t';
import { formatInteger } from '@/lib/format';

/** The minimums offered ("1+" … "5+"): a sixth dormitorio or baño is rare enough to type a link. */
const OFFERED = [1, 2, 3, 4, 5] as const;
const ANY = 'any';

export type MinCountSelectProps = {
  label: string;
  /** The minimum filtered by, or undefined for any (properties without the figure too). */
  value: number | undefined;
  onChange: (value: number | undefined) => void;
};

/**
 * "At least n" of a count (dormitorios, baños, estacionamientos): "Cualquiera", then 1+ to 5+. A
 * minimum from a link that is not offered (0, 7) is listed too, so the box says what filters.
 */
export function MinCountSelect({ label, value, onChange }: MinCountSelectProps) {
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
        onChange(choice === null || choice === ANY ? undefined : Number(choice))
      }
      allowDeselect={false}
    />
  );
}
