import type { PropertyDetail } from '@bec/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { propertyKeys } from '@/features/properties/api/query-keys';

/** The comuna of the nearest property the phone knows, and how far that property is. */
export type NearestComuna = { cityId: number; cityName: string; metres: number };

const EARTH_RADIUS_M = 6_371_000;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance (haversine): plenty for "which known property is closest". */
export function metresBetween(a: [number, number], b: [number, number]): number {
  const [lat1, lng1] = a.map(toRadians) as [number, number];
  const [lat2, lng2] = b.map(toRadians) as [number, number];
  const h =
    Math.sin((lat2 - lat1) / 2) ** 2 +
    Math.cos(lat1) * Math.cos(lat2) * Math.sin((lng2 - lng1) / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Farther than this, a property says little of the comuna where the phone is. */
const MAX_SUGGESTION_METRES = 5_000;

/**
 * The comuna to suggest for a quick add at `position`: that of the nearest property with
 * coordinates among those the phone holds (opened, or saved for offline reading, ADR 046), within
 * MAX_SUGGESTION_METRES; null if none is that close. Works offline: it asks no server.
 */
export function nearestKnownComuna(
  client: QueryClient,
  position: [number, number],
): NearestComuna | null {
  let best: NearestComuna | null = null;
  for (const [, data] of client.getQueriesData<PropertyDetail>({
    queryKey: propertyKeys.details(),
  })) {
    if (!data || data.latitude === null || data.longitude === null) continue;
    const metres = metresBetween(position, [data.latitude, data.longitude]);
    if (metres <= MAX_SUGGESTION_METRES && (best === null || metres < best.metres))
      best = { cityId: data.city_id, cityName: data.city_name, metres };
  }
  return best;
}
