import { Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { filterComunaOptions, toComunaOptions } from '@/entities/reference/comuna-options';
import { useRegions } from '@/entities/reference/reference-queries';
import { useT } from '@/i18n/use-t';
import './messages';

export type ComunaSelectProps = Omit<SelectProps, 'data' | 'filter' | 'placeholder'>;

/**
 * The comuna, searched by name without accents ("nunoa" finds Ñuñoa), grouped by region north to
 * south; the value is the comuna's id as text. Disabled, saying so, while the comunas load.
 */
export function ComunaSelect({ disabled, ...props }: ComunaSelectProps) {
  const t = useT();
  const regions = useRegions();
  const options = useMemo(() => toComunaOptions(regions.data ?? []), [regions.data]);
  return (
    <Select
      searchable
      allowDeselect={false}
      data={options}
      filter={filterComunaOptions}
      nothingFoundMessage={t('reference.comuna.none')}
      placeholder={t(
        regions.isPending ? 'reference.comuna.loading' : 'reference.comuna.typeToSearch',
      )}
      disabled={disabled || regions.isPending}
      {...props}
    />
  );
}
