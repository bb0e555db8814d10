import type { PropertyCard as PropertyCardData, UfValue } from '@bec/contracts';
import { Badge, Card, Center, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { StageBadge } from '@/components/stage-badge';
import { paths } from '@/config/paths';
import { IncompleteBadge } from '@/features/properties/components/incomplete-badge';
import { ListingSummary } from '@/features/properties/components/listing-summary';
import classes from '@/features/properties/components/property-card.module.css';
import { PropertyPrice, pricePerArea } from '@/features/properties/components/property-price';
import type { MessageId } from '@/i18n/message-id';
import { useT } from '@/i18n/use-t';
import { formatDate } from '@/lib/format';

/** The card copy's width (the API's `card` WebP) and the photo area's height, as in the CSS. */
const PHOTO_WIDTH = 480;
const PHOTO_HEIGHT = 180;

/**
 * How soon the photo loads. `lazy`: as the card nears the screen. `eager`: at once (the first
 * row, seen without scrolling). `high`: at once and ahead of other images (the first card, likely
 * the page's largest paint).
 */
export type PhotoPriority = 'lazy' | 'eager' | 'high';

/** The price per m² says which area it is per: "…/m² built", "…/m² land". */
const PER_AREA: Record<PropertyCardData['area_basis'], MessageId> = {
  building: 'properties.card.perAreaBuilt',
  land: 'properties.card.perAreaLand',
};

/** Stands for the date in the "Created {date}" text, where its `<time>` element goes. */
const DATE_SLOT = '\u0000';

export type PropertyCardProps = {
  property: PropertyCardData;
  /** The UF value the list's prices were converted with. */
  uf: UfValue | null;
  photoPriority?: PhotoPriority;
};

/** One property in the grid: cover photo, name, address, price and price per m², dormitorios,
 * baños, estacionamientos and gastos comunes (when stated), comuna and region, created date. The whole card is the link to its detail page. */
export function PropertyCard({ property, uf, photoPriority = 'lazy' }: PropertyCardProps) {
  const t = useT();
  const perArea = pricePerArea(property);
  // The words around the date, in the language's order ("Created 5 Mar…", "Creada el 5 mar…").
  const [createdBefore = '', createdAfter = ''] = t('properties.card.created', {
    date: DATE_SLOT,
  }).split(DATE_SLOT);
  return (
    <Card
      component={Link}
      to={paths.property.getHref(property.id)}
      withBorder
      shadow="xs"
      radius="md"
      padding="md"
      className={classes.card}
    >
      <Card.Section>
        {property.photo_url ? (
          // Its frame (CSS) sizes it, whatever the photo's shape; width and height (the card
          // copy's width, the frame's height) size it too where no style applies. Decorative: the
          // link is already named by the property's name.
          <img
            src={property.photo_url}
            alt=""
            width={PHOTO_WIDTH}
            height={PHOTO_HEIGHT}
            loading={photoPriority === 'lazy' ? 'lazy' : 'eager'}
            fetchPriority={photoPriority === 'high' ? 'high' : undefined}
            decoding="async"
            className={`${classes.frame} ${classes.photo}`}
          />
        ) : (
          <Center className={classes.frame}>
            <Text size="sm" c="dimmed">
              {t('properties.card.noPhoto')}
            </Text>
          </Center>
        )}
      </Card.Section>
      <Stack gap={6} mt="md">
        <Group gap={6}>
          <StageBadge stage={property.stage} data-testid="property-stage" />
          <IncompleteBadge property={property} />
        </Group>
        <Title order={3} size="h4" lineClamp={2}>
          {property.name}
        </Title>
        <Text size="sm" c="dimmed" lineClamp={1}>
          {property.address ?? t('properties.card.noAddress')}
        </Text>
        <PropertyPrice property={property} uf={uf} />
        {perArea !== null && (
          <Text size="sm" c="dimmed">
            {t(PER_AREA[property.area_basis], { price: perArea })}
          </Text>
        )}
        <ListingSummary property={property} />
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Badge variant="light" tt="none" miw={0}>
            {property.city_name}, {property.region_name}
          </Badge>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {createdBefore}
            <time dateTime={property.created_at}>{formatDate(property.created_at)}</time>
            {createdAfter}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
