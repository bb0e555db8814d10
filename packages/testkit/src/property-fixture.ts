// Kept apart from helpers.ts (which pulls in vitest) so the benchmark and the browser journeys can
// post the same body.

/** A complete, valid add-property body (Santiago, Departamento). */
export const validProperty = (overrides: Record<string, unknown> = {}) => ({
  name: 'Departamento en Ñuñoa',
  address: 'Irarrázaval 3400, depto 1204',
  city_id: 13120,
  price: 145_000_000,
  building_sqmts: 62.5,
  land_sqmts: 62.5,
  property_type_id: 2,
  parking_sqmts: 12.5,
  additional_sqmts: null,
  basement_sqmts: 4.25,
  google_maps_url: 'https://maps.google.com/?q=-33.4545,-70.5975',
  latitude: -33.4545,
  longitude: -70.5975,
  rooms: 3,
  notes: 'Vista despejada',
  visited: true,
  // A database starts with no brokers: a test that wants one adds it (broker-fixture.ts).
  broker_id: null,
  ...overrides,
});
