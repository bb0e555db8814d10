import { Group, SegmentedControl } from '@mantine/core';
import { NumberField, type NumberFieldProps } from '@/components/number-field';
import { PRICE_UNIT_OPTIONS } from '@/components/price-unit-options';
import { formatPrice, formatUf } from '@/lib/format';

export type PriceFieldProps = Omit<NumberFieldProps, 'format'> & {
  /** The unit the price is in ("CLP" or "UF") and its change, as a form's input props give them. */
  unit: { value?: string; onChange: (unit: string) => void };
  /** The unit control's name. */
  unitLabel: string;
};

/**
 * A price and its unit side by side: the number box reads and previews it in pesos or in UF
 * (ADR 026), the segmented control beside it switches the unit.
 */
export function PriceField({ unit, unitLabel, disabled, ...price }: PriceFieldProps) {
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <NumberField
        flex={1}
        format={unit.value === 'UF' ? formatUf : formatPrice}
        disabled={disabled}
        {...price}
      />
      <SegmentedControl
        aria-label={unitLabel}
        data={PRICE_UNIT_OPTIONS}
        value={unit.value ?? 'CLP'}
        onChange={unit.onChange}
        disabled={disabled}
      />
    </Group>
  );
}
