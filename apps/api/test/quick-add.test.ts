import type { MarketStats, PropertyCard, PropertyDetail } from '@bec/contracts';
import { describe, expect, it } from 'vitest';
import { addProperty, setupApp, validProperty } from './helpers.js';

// A quick add from the phone (ADR 048): address and areas unknown until completed.
const t = setupApp();

const QUICK = {
  name: 'Depto esquina visto en la calle',
  city_id: 13120,
  price: 5450,
  price_unit: 'UF',
  property_type_id: 2,
  latitude: -33.4561,
  longitude: -70.5974,
};

const get = async <T>(url: string) => {
  const response = await t.inject('viewer', { method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as T;
};

const quickAdd = async (overrides: Record<string, unknown> = {}) => {
  const response = await t.inject('editor', {
    method: 'POST',
    url: '/api/properties/add',
    payload: { ...QUICK, ...overrides },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
};

describe('a property quick-added without address or areas', () => {
  it('is saved with them unknown, and every list, sort, search and the CSV take it', async () => {
    const complete = await addProperty(t, { name: 'Completo en Ñuñoa', building_sqmts: 10 });
    const id = await quickAdd();

    const detail = await get<PropertyDetail>(`/api/properties/${id}`);
    expect(detail).toMatchObject({
      address: null,
      building_sqmts: null,
      land_sqmts: null,
      price_amount: 5450,
      price_unit: 'UF',
      price_per_sqm: null,
      stage: 'new',
    });

    // The area sorts walk past it either way (an unknown area sorts below every known one).
    for (const sort of ['area_asc', 'area_desc']) {
      const ids: number[] = [];
      let cursor: string | null = null;
      do {
        const page: { props: PropertyCard[]; next_cursor: string | null } = await get(
          `/api/properties?sort=${sort}&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
        );
        ids.push(...page.props.map((p) => p.id));
        cursor = page.next_cursor;
      } while (cursor);
      expect(ids, sort).toEqual(sort === 'area_asc' ? [id, complete] : [complete, id]);
    }
    // An area range says nothing of an unknown area.
    const ranged = await get<{ props: PropertyCard[] }>('/api/properties?building_min=0');
    expect(ranged.props.map((p) => p.id)).toEqual([complete]);

    const found = await get<{ props: PropertyCard[] }>('/api/properties?q=esquina');
    expect(found.props.map((p) => p.id)).toEqual([id]);

    const csv = await t.inject('viewer', { method: 'GET', url: '/api/properties/export.csv' });
    expect(csv.statusCode).toBe(200);
    const row = csv.body.split('\r\n').find((line) => line.startsWith(`${id};`));
    expect(row).toContain(';Depto esquina visto en la calle;;Ñuñoa;');

    const stats = await get<MarketStats>('/api/market/stats?group=comuna');
    expect(stats.rows.length).toBeGreaterThan(0);
  });

  it('is completed by an edit, and an unknown address warns of no duplicate', async () => {
    const id = await quickAdd({ name: 'Casa por completar', latitude: null, longitude: null });
    const duplicates = await t.inject('editor', {
      method: 'POST',
      url: '/api/properties/duplicates',
      payload: { address: null, city_id: 13120, property_type_id: 2 },
    });
    expect(duplicates.statusCode, duplicates.body).toBe(200);
    expect(duplicates.json().data.candidates).toEqual([]);

    const before = await get<PropertyDetail>(`/api/properties/${id}`);
    const edited = await t.inject('editor', {
      method: 'PUT',
      url: `/api/properties/${id}`,
      payload: validProperty({
        name: 'Casa por completar',
        updated_at: before.updated_at,
        photos: [],
      }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await get<PropertyDetail>(`/api/properties/${id}`);
    expect(after).toMatchObject({ address: 'Irarrázaval 3400, depto 1204', building_sqmts: 62.5 });
    expect(after.price_per_sqm).not.toBeNull();
  });

  it('still refuses a blank name, a missing price, type or comuna, naming each field', async () => {
    const response = await t.inject('editor', {
      method: 'POST',
      url: '/api/properties/add',
      payload: { name: ' ', building_sqmts: -1 },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fieldErrors).sort()).toEqual([
      'building_sqmts',
      'city_id',
      'name',
      'price',
      'property_type_id',
    ]);
  });
});
