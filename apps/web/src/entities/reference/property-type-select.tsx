import { Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import type { ReferenceSelectPlaceholders } from '@/entities/reference/comuna-select';
import { usePropertyTypes } from '@/entities/reference/reference-queries';

export type PropertyTypeSelectProps = Omit<SelectProps, 'data' | 'placeholder'> & {
  placeholders?: ReferenceSelectPlaceholders | undefined;
};

/** The property type, by name; the value is the type's id as text. */
export function PropertyTypeSelect({ placeholders, disabled, ...props }: PropertyTypeSelectProps) {
  const types = usePropertyTypes();
  const options = useMemo(
    () => (types.data ?? []).map((type) => ({ value: String(type.id), label: type.name })),
    [types.data],
  );
  return (
    <Select
      allowDeselect={false}
      data={options}
      placeholder={placeholders && (types.isPending ? placeholders.loading : placeholders.ready)}
      disabled={disabled || (placeholders !== undefined && types.isPending)}
      {...props}
    />
  );
}
