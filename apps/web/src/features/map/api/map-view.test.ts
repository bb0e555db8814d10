import { describe, expect, it } from 'vitest';
import { mapViewOf } from '@/features/map/api/map-view';

describe('mapViewOf', () => {
  it('rounds the box outwards to 6 decimals, as plain decimal text', () => {
    expect(
      mapViewOf({ west: -70.1234561, south: -33.4567891, east: -70.0000001, north: -33.1 }, 12),
    ).toEqual({
      west: '-70.123457',
      south: '-33.456790',
      east: '-70.000000',
      north: '-33.100000',
      zoom: 12,
    });
  });

  it('keeps the box within the world and the zoom whole, within the tiles', () => {
    expect(mapViewOf({ west: -250.5, south: -95, east: 200, north: 91 }, 1.6)).toEqual({
      west: '-180.000000',
      south: '-90.000000',
      east: '180.000000',
      north: '90.000000',
      zoom: 2,
    });
    expect(mapViewOf({ west: 1e-9, south: -1e-9, east: 1, north: 1 }, 25).zoom).toBe(19);
    // No exponent notation for tiny values (the API takes plain decimals only).
    expect(mapViewOf({ west: 1e-9, south: -1e-9, east: 1, north: 1 }, 3)).toMatchObject({
      west: '0.000000',
      south: '-0.000001',
    });
  });
});
