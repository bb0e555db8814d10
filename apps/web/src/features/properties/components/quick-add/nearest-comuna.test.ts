import type { PropertyDetail } from '@bec/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { propertyKeys } from '@/features/properties/api/query-keys';
import { lasCondesHouse } from '@/testing/property-fixtures';
import { metresBetween, nearestKnownComuna } from './nearest-comuna';

const at = (
  id: number,
  city_id: number,
  city_name: string,
  lat: number | null,
  lng: number | null,
) =>
  ({ ...lasCondesHouse, id, city_id, city_name, latitude: lat, longitude: lng }) as PropertyDetail;

describe('nearestKnownComuna', () => {
  it('suggests the comuna of the nearest saved property, and none beyond 5 km or without any', () => {
    const client = new QueryClient();
    expect(nearestKnownComuna(client, [-33.4561, -70.5974])).toBeNull();
    client.setQueryData(propertyKeys.detail(1), at(1, 13114, 'Las Condes', -33.4172, -70.5476));
    client.setQueryData(propertyKeys.detail(2), at(2, 13120, 'Ñuñoa', -33.4569, -70.5978));
    client.setQueryData(propertyKeys.detail(3), at(3, 13101, 'Santiago', null, null));
    // A list under the same prefix is not a property: skipped.
    client.setQueryData(propertyKeys.list({}), { props: [] });
    const nearest = nearestKnownComuna(client, [-33.4561, -70.5974]);
    expect(nearest).toMatchObject({ cityId: 13120, cityName: 'Ñuñoa' });
    expect(nearest?.metres).toBeGreaterThan(80);
    expect(nearest?.metres).toBeLessThan(100);
    // Valparaíso is over 5 km from both.
    expect(nearestKnownComuna(client, [-33.0472, -71.6127])).toBeNull();
  });

  it('measures along the earth: 1° of latitude is about 111 km', () => {
    expect(metresBetween([-33, -70], [-34, -70])).toBeCloseTo(111_195, -2);
    expect(metresBetween([-33.45, -70.6], [-33.45, -70.6])).toBe(0);
  });
});
