import type { PropertyCard, UfValue } from '@bec/contracts';
import { Stack, Text } from '@mantine/core';
import { useT } from '@/i18n/use-t';
import {
  formatDay,
  formatPrice,
  formatPricePerArea,
  formatUf,
  formatUfPerArea,
  formatUfValue,
} from '@/lib/format';

type Priced = Pick<
  PropertyCard,
  'price_amount' | 'price_unit' | 'price_clp' | 'price_uf' | 'price_per_sqm' | 'price_per_sqm_uf'
>;

/** A price in both units, without its price per m² (a comparable's on the detail page). */
type Amounts = Pick<Priced, 'price_amount' | 'price_unit' | 'price_clp' | 'price_uf'>;

/** The price as it was entered: "UF 4.500,5" or "CLP$ 125.000.000". */
export const originalPrice = (p: Amounts) =>
  p.price_unit === 'UF' ? formatUf(p.price_amount) : formatPrice(p.price_amount);

/** The price in the other unit, converted with the UF in use, or null when it cannot be. */
const convertedPrice = (p: Amounts) =>
  p.price_unit === 'UF'
    ? p.price_clp === null
      ? null
      : formatPrice(p.price_clp)
    : p.price_uf === null
      ? null
      : formatUf(p.price_uf);

/**
 * Price per m² as Chileans quote it, in UF/m², with CLP/m² beside it: "UF 32,1/m² · CLP$
 * 1.274.000/m²"; only what is known. Null when neither is (the area is 0).
 */
export function pricePerArea(p: Priced): string | null {
  const parts = [
    p.price_per_sqm_uf === null ? null : formatUfPerArea(p.price_per_sqm_uf),
    p.price_per_sqm === null ? null : formatPricePerArea(p.price_per_sqm),
  ].filter((part) => part !== null);
  return parts.length === 0 ? null : parts.join(' · ');
}

export type PropertyPriceProps = {
  property: Amounts;
  /** The UF value the API converted with (null: none is known). */
  uf: UfValue | null;
  size?: 'card' | 'page';
};

/**
 * The price in the unit it was entered in, first; under it the other unit, converted at the UF of
 * the day the API used and marked as such, with that day and that UF's value (for every member:
 * the UF's own screen is for admins). A UF price with no UF value known shows
 * in UF only, and says why.
 */
export function PropertyPrice({ property, uf, size = 'card' }: PropertyPriceProps) {
  const t = useT();
  const converted = convertedPrice(property);
  return (
    <Stack gap={0}>
      <Text fw={700} fz={size === 'page' ? 'xl' : 'lg'}>
        {originalPrice(property)}
      </Text>
      {converted !== null && uf !== null ? (
        <Text size={size === 'page' ? 'sm' : 'xs'} c="dimmed">
          {t('properties.price.converted', {
            amount: converted,
            date: formatDay(uf.date),
            value: formatUfValue(uf.value),
          })}
        </Text>
      ) : property.price_unit === 'UF' && uf === null ? (
        <Text size={size === 'page' ? 'sm' : 'xs'} c="dimmed">
          {t('properties.price.ufMissing')}
        </Text>
      ) : null}
    </Stack>
  );
}
