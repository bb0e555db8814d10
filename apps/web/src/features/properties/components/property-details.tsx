import type { PropertyDetail } from '@bec/contracts';
import { Anchor, Badge, DataList, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { SectionCard } from '@/components/section-card';
import { StageBadge } from '@/components/stage-badge';
import { IncompleteBadge, useMissingText } from '@/features/properties/components/incomplete-badge';
import { ORIENTATION_NAMES } from '@/features/properties/components/orientation-names';
import { PropertyPhotoGallery } from '@/features/properties/components/property-photo-gallery';
import {
  originalPrice,
  PropertyPrice,
  pricePerArea,
} from '@/features/properties/components/property-price';
import type { MessageId } from '@/i18n/message-id';
import { useT } from '@/i18n/use-t';
import {
  formatArea,
  formatCoordinate,
  formatDateTime,
  formatInteger,
  formatPrice,
} from '@/lib/format';
import { stageLabel } from '@/lib/stages';

/** A place by its coordinates, for a property saved without a Google Maps link. */
const mapsSearchUrl = (latitude: number, longitude: number) =>
  `https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}`;

/** Lots and parcels are priced per m² of land, everything else per m² built. */
const PER_AREA: Record<PropertyDetail['area_basis'], { of: MessageId; zero: MessageId }> = {
  building: { of: 'properties.detail.perBuildingArea', zero: 'properties.detail.noBuildingArea' },
  land: { of: 'properties.detail.perLandArea', zero: 'properties.detail.noLandArea' },
};

type Row = { label: string; value: ReactNode };

/**
 * A listing's optional attributes (ADR 038), each a row only when stated: baños,
 * estacionamientos, bodegas, gastos comunes a month, piso (below 0, the subterráneo's level),
 * orientación and año de construcción.
 */
function listingRows(p: PropertyDetail, t: ReturnType<typeof useT>): Row[] {
  const rows: [MessageId, ReactNode | null][] = [
    ['properties.detail.bathrooms', p.bathrooms === null ? null : formatInteger(p.bathrooms)],
    [
      'properties.detail.parkingSpaces',
      p.parking_spaces === null ? null : formatInteger(p.parking_spaces),
    ],
    [
      'properties.detail.storageUnits',
      p.storage_units === null ? null : formatInteger(p.storage_units),
    ],
    [
      'properties.detail.commonExpenses',
      p.common_expenses === null
        ? null
        : t('properties.detail.perMonth', { amount: formatPrice(p.common_expenses) }),
    ],
    [
      'properties.detail.floor',
      p.floor === null
        ? null
        : p.floor < 0
          ? t('properties.detail.basementFloor', { level: formatInteger(-p.floor) })
          : formatInteger(p.floor),
    ],
    [
      'properties.detail.orientation',
      p.orientation === null ? null : t(ORIENTATION_NAMES[p.orientation]),
    ],
    // A year is written without grouping: 2015, not 2.015.
    ['properties.detail.yearBuilt', p.year_built === null ? null : String(p.year_built)],
  ];
  return rows.flatMap(([label, value]) => (value === null ? [] : [{ label: t(label), value }]));
}

function Rows({ rows }: { rows: Row[] }) {
  return (
    <DataList withDivider labelWidth={150}>
      {rows.map((row) => (
        <DataList.Item key={row.label}>
          <DataList.ItemLabel>{row.label}</DataList.ItemLabel>
          <DataList.ItemValue>{row.value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  );
}

export type PropertyDetailsProps = {
  property: PropertyDetail;
  /** Shown beside the name (the edit and delete icons, for editors and admins). */
  actions?: ReactNode;
};

/** Every field of one property: location, price, areas (the optional ones when present), rooms,
 * the listing's other attributes (when stated), visited, broker, notes, map link, photos and who
 * created and last updated it, and when. */
export function PropertyDetails({ property: p, actions }: PropertyDetailsProps) {
  const t = useT();
  const notRecorded = t('properties.detail.notRecorded');
  const location = [p.address, p.city_name, p.region_name].filter(Boolean).join(', ');
  const missing = useMissingText(p);
  const area = (value: number | null) =>
    value === null ? t('properties.detail.unknown') : formatArea(value);
  const mapsUrl =
    p.google_maps_url ??
    (p.latitude !== null && p.longitude !== null ? mapsSearchUrl(p.latitude, p.longitude) : null);

  const optionalAreas: [string, number | null][] = [
    [t('properties.detail.parkingArea'), p.parking_sqmts],
    [t('properties.detail.additionalArea'), p.additional_sqmts],
    [t('properties.detail.basementArea'), p.basement_sqmts],
  ];
  const perArea = PER_AREA[p.area_basis];
  const perAreaPrice = pricePerArea(p);
  const propertyRows: Row[] = [
    {
      label: t('properties.detail.address'),
      value: p.address === null ? t('properties.detail.unknown') : location,
    },
    {
      label: t('properties.detail.price'),
      value: <PropertyPrice property={p} uf={p.uf} size="page" />,
    },
    {
      label: t('properties.detail.pricePerArea'),
      value: perAreaPrice === null ? t(perArea.zero) : t(perArea.of, { price: perAreaPrice }),
    },
    { label: t('properties.detail.propertyType'), value: p.property_type_name },
    { label: t('properties.detail.buildingArea'), value: area(p.building_sqmts) },
    { label: t('properties.detail.landArea'), value: area(p.land_sqmts) },
    ...optionalAreas.flatMap(([label, area]) =>
      area === null ? [] : [{ label, value: formatArea(area) }],
    ),
    {
      label: t('properties.detail.rooms'),
      value: p.rooms === null ? notRecorded : formatInteger(p.rooms),
    },
    ...listingRows(p, t),
    {
      label: t('properties.detail.visited'),
      value: t(p.visited ? 'properties.visited.yes' : 'properties.visited.no'),
    },
    { label: t('properties.detail.stage'), value: t(stageLabel(p.stage)) },
    ...(p.discard_reason
      ? [{ label: t('properties.detail.discardReason'), value: p.discard_reason }]
      : []),
    {
      label: t('properties.detail.broker'),
      value: p.broker_name ?? t('properties.detail.noBroker'),
    },
    ...(p.latitude !== null && p.longitude !== null
      ? [
          {
            label: t('properties.detail.coordinates'),
            value: `${formatCoordinate(p.latitude)}; ${formatCoordinate(p.longitude)}`,
          },
        ]
      : []),
    {
      label: t('properties.detail.googleMaps'),
      value: mapsUrl ? (
        <Anchor href={mapsUrl} target="_blank" rel="noopener noreferrer" inherit>
          {t('properties.detail.openInMaps')}
        </Anchor>
      ) : (
        t('properties.detail.noLocation')
      ),
    },
  ];
  const recordRows: Row[] = [
    { label: t('properties.detail.createdBy'), value: p.created_by_name ?? notRecorded },
    { label: t('properties.detail.created'), value: formatDateTime(p.created_at) },
    { label: t('properties.detail.updatedBy'), value: p.updated_by_name ?? notRecorded },
    { label: t('properties.detail.updated'), value: formatDateTime(p.updated_at) },
  ];

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={2}>{p.name}</Title>
          {actions ? (
            <Group gap="xs" wrap="nowrap">
              {actions}
            </Group>
          ) : null}
        </Group>
        <Text c="dimmed">{location}</Text>
        <Group gap="sm">
          <Text fw={700} fz="xl">
            {originalPrice(p)}
          </Text>
          <Badge variant="light" tt="none">
            {p.property_type_name}
          </Badge>
          <Badge variant="light" tt="none" color={p.visited ? 'teal' : 'gray'}>
            {t(p.visited ? 'properties.detail.visited' : 'properties.detail.notVisited')}
          </Badge>
          <StageBadge stage={p.stage} data-testid="property-stage" />
          <IncompleteBadge property={p} />
        </Group>
        {missing !== null && (
          <Text size="sm" c="orange.9">
            {t('properties.incomplete.missing', { fields: missing })}
          </Text>
        )}
      </Stack>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SectionCard title={t('properties.detail.details')}>
          <Rows rows={propertyRows} />
        </SectionCard>
        <Stack gap="lg">
          <SectionCard title={t('properties.detail.notes')}>
            <Text style={{ whiteSpace: 'pre-wrap' }} c={p.notes ? undefined : 'dimmed'}>
              {p.notes || t('properties.detail.noNotes')}
            </Text>
          </SectionCard>
          <SectionCard title={t('properties.detail.record')}>
            <Rows rows={recordRows} />
          </SectionCard>
        </Stack>
      </SimpleGrid>

      <SectionCard title={t('properties.detail.photos')}>
        <PropertyPhotoGallery photos={p.photo_urls} name={p.name} />
      </SectionCard>
    </Stack>
  );
}
