import { Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { usePropertyTypes } from '@/entities/reference/reference-queries';
import { useT } from '@/i18n/use-t';
import './messages';

export type PropertyTypeSelectProps = Omit<SelectProps, 'data' | 'placeholder'>;

/** The property type, by name; the value is the type's id as text. Disabled while they load. */
export function PropertyTypeSelect({ disabled, ...props }: PropertyTypeSelectProps) {
  const t = useT();
  const types = usePropertyTypes();
  const options = useMemo(
    () => (types.data ?? []).map((type) => ({ value: String(type.id), label: type.name })),
    [types.data],
  );
  return (
    <Select
      allowDeselect={false}
      data={options}
      placeholder={t(types.isPending ? 'reference.type.loading' : 'reference.type.pickOne')}
      disabled={disabled || types.isPending}
      {...props}
    />
  );
}
