import type { PropertyDetail } from '@bec/contracts';
import {
  Anchor,
  Badge,
  DataList,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { PropertyPhotoGallery } from '@/features/properties/components/property-photo-gallery';
import {
  formatArea,
  formatCoordinate,
  formatDateTime,
  formatInteger,
  formatPrice,
  formatPricePerArea,
} from '@/lib/format';

/** A place by its coordinates, for a property saved without a Google Maps link. */
const mapsSearchUrl = (latitude: number, longitude: number) =>
  `https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}`;

const NOT_RECORDED = 'Not recorded';

type Row = { label: string; value: ReactNode };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
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
 * visited, broker, notes, map link, photos and who created and last updated it, and when. */
export function PropertyDetails({ property: p, actions }: PropertyDetailsProps) {
  const location = `${p.address}, ${p.city_name}, ${p.region_name}`;
  const mapsUrl =
    p.google_maps_url ??
    (p.latitude !== null && p.longitude !== null ? mapsSearchUrl(p.latitude, p.longitude) : null);

  const optionalAreas: [string, number | null][] = [
    ['Parking area', p.parking_sqmts],
    ['Additional area', p.additional_sqmts],
    ['Basement area', p.basement_sqmts],
  ];
  // Lots and parcels are priced per m² of land, everything else per m² built.
  const basisArea = p.area_basis === 'land' ? 'land area' : 'building area';
  const propertyRows: Row[] = [
    { label: 'Address', value: location },
    { label: 'Price', value: formatPrice(p.price) },
    {
      label: 'Price per m²',
      value:
        p.price_per_sqm === null
          ? `Not available: the ${basisArea} is 0`
          : `${formatPricePerArea(p.price_per_sqm)} of ${basisArea}`,
    },
    { label: 'Property type', value: p.property_type_name },
    { label: 'Building area', value: formatArea(p.building_sqmts) },
    { label: 'Land area', value: formatArea(p.land_sqmts) },
    ...optionalAreas.flatMap(([label, area]) =>
      area === null ? [] : [{ label, value: formatArea(area) }],
    ),
    { label: 'Rooms', value: p.rooms === null ? NOT_RECORDED : formatInteger(p.rooms) },
    { label: 'Visited', value: p.visited ? 'Sí' : 'No' },
    { label: 'Broker', value: p.broker_name ?? 'No broker' },
    ...(p.latitude !== null && p.longitude !== null
      ? [
          {
            label: 'Coordinates',
            value: `${formatCoordinate(p.latitude)}; ${formatCoordinate(p.longitude)}`,
          },
        ]
      : []),
    {
      label: 'Google Maps',
      value: mapsUrl ? (
        <Anchor href={mapsUrl} target="_blank" rel="noopener noreferrer" inherit>
          Open in Google Maps
        </Anchor>
      ) : (
        'No location'
      ),
    },
  ];
  const recordRows: Row[] = [
    { label: 'Created by', value: p.created_by_name ?? NOT_RECORDED },
    { label: 'Created', value: formatDateTime(p.created_at) },
    { label: 'Updated by', value: p.updated_by_name ?? NOT_RECORDED },
    { label: 'Updated', value: formatDateTime(p.updated_at) },
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
            {formatPrice(p.price)}
          </Text>
          <Badge variant="light" tt="none">
            {p.property_type_name}
          </Badge>
          <Badge variant="light" tt="none" color={p.visited ? 'teal' : 'gray'}>
            {p.visited ? 'Visited' : 'Not visited'}
          </Badge>
        </Group>
      </Stack>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Section title="Details">
          <Rows rows={propertyRows} />
        </Section>
        <Stack gap="lg">
          <Section title="Notes">
            <Text style={{ whiteSpace: 'pre-wrap' }} c={p.notes ? undefined : 'dimmed'}>
              {p.notes || 'No notes.'}
            </Text>
          </Section>
          <Section title="Record">
            <Rows rows={recordRows} />
          </Section>
        </Stack>
      </SimpleGrid>

      <Section title="Photos">
        <PropertyPhotoGallery photos={p.photo_urls} name={p.name} />
      </Section>
    </Stack>
  );
}
