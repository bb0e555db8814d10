import {
  type Comparable,
  type Comparables,
  MIN_COMPARABLES,
  type PropertyDetail,
  type UfValue,
} from '@bec/contracts';
import { Anchor, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { NeedsConnection } from '@/components/needs-connection';
import { QueryState } from '@/components/screen-states/query-state';
import { SectionCard } from '@/components/section-card';
import { paths } from '@/config/paths';
import { useComparables } from '@/features/market/api/get-comparables';
import { useT } from '@/i18n/use-t';
import { formatDistance, formatPercent, formatUfPerArea } from '@/lib/format';
import { waitsForAConnection } from '@/lib/needs-connection';

/** How a comparable's price reads (the app passes the cards' look: entered unit first). */
type RenderComparablePrice = (comparable: Comparable, uf: UfValue | null) => ReactNode;

export type PropertyComparablesProps = {
  property: PropertyDetail;
  renderPrice: RenderComparablePrice;
};

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="lg">
        {value}
      </Text>
    </Stack>
  );
}

/** This property's UF/m² against the median of its type in its comuna, and where it falls. */
function PeerComparison({ property, data }: { property: PropertyDetail; data: Comparables }) {
  const t = useT();
  const { peers, uf_per_sqm: own } = data;
  const where = { type: property.property_type_name, comuna: property.city_name };
  if (own === null) return <Text size="sm">{t('market.comparables.noOwnFigure')}</Text>;
  if (
    peers.count < MIN_COMPARABLES ||
    peers.percentile === null ||
    peers.median_uf_per_sqm === null
  )
    return (
      <Stack gap={4}>
        <Text fw={600}>
          {t('market.comparables.notEnough', { count: peers.count, min: MIN_COMPARABLES })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('market.comparables.notEnoughWhy', where)}
        </Text>
      </Stack>
    );
  // Below the middle, "cheaper than the rest" says the same thing the clearer way round.
  const dearer = peers.percentile >= 50;
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Figure label={t('market.comparables.thisProperty')} value={formatUfPerArea(own)} />
        <Figure
          label={t('market.comparables.peersMedian', where)}
          value={formatUfPerArea(peers.median_uf_per_sqm)}
        />
      </SimpleGrid>
      <Text>
        {t(dearer ? 'market.comparables.dearer' : 'market.comparables.cheaper', {
          ...where,
          percent: formatPercent(dearer ? peers.percentile : 100 - peers.percentile),
          peers: peers.count,
        })}
      </Text>
      {peers.rooms && (
        <Text size="sm" c="dimmed">
          {t('market.comparables.roomsBasis', peers.rooms)}
        </Text>
      )}
    </Stack>
  );
}

/** The nearest properties of the same type, nearest first, each with its price and distance. */
function NearestList({
  property,
  data,
  renderPrice,
}: {
  property: PropertyDetail;
  data: Comparables;
  renderPrice: RenderComparablePrice;
}) {
  const t = useT();
  const type = property.property_type_name;
  if (property.latitude === null || property.longitude === null)
    return (
      <Text size="sm" c="dimmed">
        {t('market.comparables.noCoordinates')}
      </Text>
    );
  if (data.nearest.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('market.comparables.noNearest', { type })}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" captionSide="top">
        <Table.Caption ta="start" fw={600}>
          {t('market.comparables.nearest', { type })}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('market.comparables.column.name')}</Table.Th>
            <Table.Th>{t('market.comparables.column.comuna')}</Table.Th>
            <Table.Th>{t('market.comparables.column.price')}</Table.Th>
            <Table.Th>{t('market.comparables.column.perArea')}</Table.Th>
            <Table.Th>{t('market.comparables.column.distance')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.nearest.map((comparable) => (
            <Table.Tr key={comparable.id}>
              <Table.Td>
                <Anchor component={Link} to={paths.property.getHref(comparable.id)} size="sm">
                  {comparable.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{comparable.city_name}</Table.Td>
              <Table.Td>{renderPrice(comparable, data.uf)}</Table.Td>
              <Table.Td>
                {comparable.price_per_sqm_uf === null
                  ? '—'
                  : formatUfPerArea(comparable.price_per_sqm_uf)}
              </Table.Td>
              <Table.Td>{formatDistance(comparable.distance_m)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * On a property's page: its UF/m² against the median of the same type in the same comuna (the
 * percentile, and how many it was compared with; "not enough data" under MIN_COMPARABLES), and
 * the nearest properties of the same type when it has coordinates.
 */
export function PropertyComparables({ property, renderPrice }: PropertyComparablesProps) {
  const t = useT();
  const comparables = useComparables(property.id);
  const title = t('market.comparables.title');

  let content: ReactNode;
  if (waitsForAConnection(comparables)) {
    content = <NeedsConnection />;
  } else if (comparables.isPending || comparables.isError) {
    content = (
      <QueryState
        query={comparables}
        inline
        loading={t('market.comparables.loading')}
        failed={(message) => t('market.comparables.failed', { message })}
      />
    );
  } else {
    content = (
      <Stack gap="md">
        <PeerComparison property={property} data={comparables.data} />
        <NearestList property={property} data={comparables.data} renderPrice={renderPrice} />
      </Stack>
    );
  }

  return <SectionCard title={title}>{content}</SectionCard>;
}
