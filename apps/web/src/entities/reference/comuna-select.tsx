import { Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { filterComunaOptions, toComunaOptions } from '@/entities/reference/comuna-options';
import { useRegions } from '@/entities/reference/reference-queries';

export type ReferenceSelectPlaceholders = {
  /** While the choices load (the select is disabled meanwhile). */
  loading: string;
  ready: string;
};

export type ComunaSelectProps = Omit<SelectProps, 'data' | 'filter' | 'placeholder'> & {
  placeholders?: ReferenceSelectPlaceholders | undefined;
};

/**
 * The comuna, searched by name without accents ("nunoa" finds Ñuñoa), grouped by region north to
 * south; the value is the comuna's id as text.
 */
export function ComunaSelect({ placeholders, disabled, ...props }: ComunaSelectProps) {
  const regions = useRegions();
  const options = useMemo(() => toComunaOptions(regions.data ?? []), [regions.data]);
  return (
    <Select
      searchable
      allowDeselect={false}
      data={options}
      filter={filterComunaOptions}
      placeholder={placeholders && (regions.isPending ? placeholders.loading : placeholders.ready)}
      disabled={disabled || (placeholders !== undefined && regions.isPending)}
      {...props}
    />
  );
}
