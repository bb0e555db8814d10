import { type CompletionField, missingFields, type PropertyCard } from '@bec/contracts';
import { Badge, type BadgeProps } from '@mantine/core';
import type { MessageId } from '@/i18n/message-id';
import { useLocale, useT } from '@/i18n/use-t';

const FIELD_NAMES: Record<CompletionField, MessageId> = {
  address: 'properties.detail.address',
  building_sqmts: 'properties.detail.buildingArea',
  land_sqmts: 'properties.detail.landArea',
};

/** "Dirección, Superficie construida y Superficie del terreno": what a quick add left out. */
export function useMissingText(property: Pick<PropertyCard, CompletionField>): string | null {
  const t = useT();
  const { locale } = useLocale();
  const missing = missingFields(property);
  if (missing.length === 0) return null;
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(
    missing.map((field) => t(FIELD_NAMES[field])),
  );
}

export type IncompleteBadgeProps = {
  property: Pick<PropertyCard, CompletionField>;
} & Omit<BadgeProps, 'children' | 'color'>;

/**
 * "Falta completar", on a property quick-added from the phone until its address and areas are
 * filled in (ADR 048); nothing on a complete one. Its title names what is missing.
 */
export function IncompleteBadge({ property, ...props }: IncompleteBadgeProps) {
  const t = useT();
  const missing = useMissingText(property);
  if (missing === null) return null;
  return (
    <Badge
      variant="outline"
      tt="none"
      color="orange"
      title={t('properties.incomplete.missing', { fields: missing })}
      {...props}
    >
      {t('properties.incomplete')}
    </Badge>
  );
}
