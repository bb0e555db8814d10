import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupApp, validProperty } from '../../test/helpers.js';
import { prepared, run } from './prepared.js';
import { cities, properties, property_types } from './schema.js';
import { isoText } from './timestamps.js';

// prepared() maps rows itself instead of through Drizzle's generic walk: the rows must come out
// exactly as Drizzle maps them, on both drivers, for every kind of column the API selects.
const t = setupApp();

const select = () =>
  t.db.db
    .select({
      id: properties.id,
      name: properties.name,
      price: properties.price,
      building_sqmts: properties.building_sqmts,
      price_per_sqm: properties.price_per_sqm,
      visited: properties.visited,
      latitude: properties.latitude,
      broker_id: properties.broker_id,
      created_at: properties.created_at,
      created_iso: isoText(properties.created_at),
      city_name: cities.name,
      area_basis: property_types.area_basis,
      doubled: sql<number>`${properties.price} * 2`.mapWith(Number),
      shout: sql<string>`upper(${properties.name})`,
    })
    .from(properties)
    .innerJoin(cities, eq(cities.id, properties.city_id))
    .innerJoin(property_types, eq(property_types.id, properties.property_type_id))
    .orderBy(properties.id);

describe('prepared statements', () => {
  it('map rows exactly as Drizzle does, nulls and decoded types included', async () => {
    for (const payload of [
      validProperty({ name: 'Casa con todo', latitude: -33.45, visited: true }),
      validProperty({
        name: 'Terreno pelado',
        building_sqmts: 0,
        land_sqmts: 500,
        latitude: null,
        longitude: null,
      }),
    ]) {
      const response = await t.inject('editor', {
        method: 'POST',
        url: '/api/properties/add',
        payload,
      });
      expect(response.statusCode, response.body).toBe(201);
    }

    const expected = await select();
    const statement = prepared<(typeof expected)[number]>(t.db.db, 'test|mapping', select);
    // The direct mapping is in use (not Drizzle's fallback for shapes it does not handle).
    expect(statement.prepared).toHaveProperty('customResultMapper', expect.any(Function));
    const rows = await run({ statement, values: {} });

    expect(rows).toEqual(expected);
    expect(rows).toHaveLength(2);
    const [casa, terreno] = rows;
    expect(casa?.created_at).toBeInstanceOf(Date);
    // The database's own text, read without a Date, is the same instant to the millisecond.
    for (const row of rows) expect(row.created_iso).toBe(row.created_at.toISOString());
    expect(typeof casa?.building_sqmts).toBe('number');
    expect(casa?.latitude).toBe(-33.45);
    expect(casa?.doubled).toBe(Number(casa?.price) * 2);
    expect(casa?.shout).toBe('CASA CON TODO');
    expect(terreno?.price_per_sqm).toBeNull();
    expect(terreno?.latitude).toBeNull();
  });
});
