import type { PropertyCard } from '@bec/contracts';
import { Text, type TextProps, VisuallyHidden } from '@mantine/core';
import type { MessageId } from '@/i18n/message-id';
import { useT } from '@/i18n/use-t';
import { formatInteger, formatPrice } from '@/lib/format';

type Counts = Pick<PropertyCard, 'rooms' | 'bathrooms' | 'parking_spaces' | 'common_expenses'>;

/** Each count's short form ("3D", "3 bd") and full reading ("3 dormitorios"), in the portals' order. */
const COUNTS = [
  ['rooms', 'properties.summary.rooms', 'properties.summary.roomsFull'],
  ['bathrooms', 'properties.summary.bathrooms', 'properties.summary.bathroomsFull'],
  ['parking_spaces', 'properties.summary.parking', 'properties.summary.parkingFull'],
] as const satisfies readonly (readonly [keyof Counts, MessageId, MessageId])[];

/**
 * An abbreviation a screen reader would spell out ("3D · 2B", "GC"): shown as written, heard as
 * its full reading, which a pointer also shows as the tooltip.
 */
function Abbreviated({ short, full, ...props }: { short: string; full: string } & TextProps) {
  return (
    <Text {...props}>
      <span aria-hidden="true" title={full}>
        {short}
      </span>
      <VisuallyHidden>{full}</VisuallyHidden>
    </Text>
  );
}

export type ListingSummaryProps = { property: Counts; size?: 'xs' | 'sm' };

/**
 * What a Chilean listing's card states first (ADR 038): dormitorios, baños and estacionamientos
 * as the portals write them ("3D · 2B · 1E"), then the gastos comunes ("GC CLP$ 120.000"); only
 * the figures known (0 is known: "0E" says there is no parking). Nothing when none is.
 */
export function ListingSummary({ property, size = 'sm' }: ListingSummaryProps) {
  const t = useT();
  const stated = COUNTS.flatMap(([key, short, full]) => {
    const count = property[key];
    return count === null
      ? []
      : [{ short: t(short, { count: formatInteger(count) }), full: t(full, { count }) }];
  });
  const expenses = property.common_expenses;
  const amount = expenses === null ? '' : formatPrice(expenses);
  return (
    <>
      {stated.length > 0 && (
        <Abbreviated
          size={size}
          fw={500}
          short={stated.map((part) => part.short).join(' · ')}
          full={stated.map((part) => part.full).join(', ')}
          data-testid="listing-counts"
        />
      )}
      {expenses !== null && (
        <Abbreviated
          size={size}
          c="dimmed"
          short={t('properties.summary.commonExpenses', { amount })}
          full={t('properties.summary.commonExpensesFull', { amount })}
          data-testid="listing-common-expenses"
        />
      )}
    </>
  );
}
