import { Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useProperty } from '@/features/properties/api/get-property';
import { ListingSummary } from '@/features/properties/components/listing-summary';
import { PropertyPrice, pricePerArea } from '@/features/properties/components/property-price';
import { useT } from '@/i18n/use-t';
import { errorText } from '@/lib/error-text';
import classes from './property-map-card.module.css';

export type PropertyMapCardProps = { id: number };

/**
 * The small card a pin on the map opens: cover photo, name, price (as entered, then converted)
 * and UF/m², the grid card's "3D · 2B · 1E" and gastos comunes, the name linking to the
 * property's page.
 */
export function PropertyMapCard({ id }: PropertyMapCardProps) {
  const t = useT();
  const { data, error, isPending } = useProperty(id);
  if (isPending) {
    return (
      <Group gap="xs" role="status" className={classes.card}>
        <Loader size="xs" />
        <Text size="sm">{t('properties.load.loading')}</Text>
      </Group>
    );
  }
  if (error || !data) {
    return (
      <Text size="sm" c="red" role="alert" className={classes.card}>
        {t('common.error', { message: errorText(error) })}
      </Text>
    );
  }
  const perArea = pricePerArea(data);
  return (
    <Stack gap={6} className={classes.card}>
      {data.photo_url ? (
        // Decorative: the card is named by the property's name just below.
        <img src={data.photo_url} alt="" width={240} height={120} className={classes.photo} />
      ) : (
        <Text size="xs" c="dimmed" className={classes.noPhoto}>
          {t('properties.card.noPhoto')}
        </Text>
      )}
      <Anchor component={Link} to={paths.property.getHref(data.id)} fw={700} lineClamp={2}>
        {data.name}
      </Anchor>
      <Text size="xs" c="dimmed" lineClamp={1}>
        {data.city_name}, {data.region_name}
      </Text>
      <PropertyPrice property={data} uf={data.uf} />
      {perArea !== null && (
        <Text size="xs" c="dimmed">
          {t(
            data.area_basis === 'land'
              ? 'properties.card.perAreaLand'
              : 'properties.card.perAreaBuilt',
            { price: perArea },
          )}
        </Text>
      )}
      <ListingSummary property={data} size="xs" />
    </Stack>
  );
}
