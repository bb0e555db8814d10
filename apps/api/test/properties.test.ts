import type { PropertyCard } from '@bec/contracts';
import { describe, expect, it } from 'vitest';
import { addBroker } from './broker-fixture.js';
import { setupApp, validProperty } from './helpers.js';

const t = setupApp();

const total = async () =>
  (await t.inject('viewer', { method: 'GET', url: '/api/properties' })).json().data.total as number;

const add = async (body: Record<string, unknown>, who: 'editor' | 'admin' | 'viewer' = 'editor') =>
  t.inject(who, { method: 'POST', url: '/api/properties/add', payload: body });

/** Walks every page of a listing through next_cursor. */
async function allPages(query: string, limit = 3) {
  const seen: PropertyCard[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const url: string = `/api/properties?${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const response = await t.inject('viewer', { method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    seen.push(...data.props);
    cursor = data.next_cursor;
    pages++;
  } while (cursor && pages < 100);
  return seen;
}

describe('POST /api/properties/add', () => {
  it('adds a property and answers its id; the detail shows every field, basement area included', async () => {
    const brokerId = await addBroker(t);
    const response = await add(validProperty({ broker_id: brokerId }));
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ status: 'success', message: 'Property added successfully!' });
    const id = body.data.id;

    const detail = (
      await t.inject('viewer', { method: 'GET', url: `/api/properties/${id}` })
    ).json().data;
    expect(detail).toMatchObject({
      id,
      name: 'Departamento en Ñuñoa',
      address: 'Irarrázaval 3400, depto 1204',
      price: 145_000_000,
      building_sqmts: 62.5,
      land_sqmts: 62.5,
      parking_sqmts: 12.5,
      additional_sqmts: null,
      basement_sqmts: 4.25,
      latitude: -33.4545,
      longitude: -70.5975,
      rooms: 3,
      notes: 'Vista despejada',
      visited: true,
      city_id: 13120,
      city_name: 'Ñuñoa',
      region_id: 13,
      region_name: 'Metropolitana de Santiago',
      property_type_name: 'Departamento',
      broker_id: brokerId,
      broker_name: 'Patricia Soto',
      created_by_id: t.ids.editor,
      created_by_name: 'Elena Editora',
      updated_by_id: t.ids.editor,
      updated_by_name: 'Elena Editora',
      photo_urls: [],
      photo_url: null,
    });
    expect(Date.parse(detail.created_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('stores empty optionals as null', async () => {
    const response = await add({
      name: 'Terreno',
      address: 'Camino sin nombre',
      city_id: 9101,
      price: 0,
      building_sqmts: 0,
      land_sqmts: 5000,
      property_type_id: 5,
    });
    expect(response.statusCode, response.body).toBe(201);
    const detail = (
      await t.inject('viewer', { method: 'GET', url: `/api/properties/${response.json().data.id}` })
    ).json().data;
    expect(detail).toMatchObject({
      parking_sqmts: null,
      basement_sqmts: null,
      google_maps_url: null,
      latitude: null,
      rooms: null,
      notes: null,
      broker_id: null,
      broker_name: null,
      visited: false,
      city_name: 'Temuco',
    });
  });

  it('refuses a bad body with 400 listing every bad field, and writes nothing', async () => {
    const before = await total();
    const response = await add({
      name: '  ',
      price: 1500.5,
      building_sqmts: -1,
      land_sqmts: 'big',
      property_type_id: 2,
      city_id: 13101,
      google_maps_url: 'javascript:alert(1)',
      latitude: -91,
      longitude: 181,
      rooms: 2.5,
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.status).toBe('error');
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.error.fieldErrors).sort()).toEqual(
      // A missing address is unknown (a quick add, ADR 048), not an error.
      [
        'building_sqmts',
        'google_maps_url',
        'land_sqmts',
        'latitude',
        'longitude',
        'name',
        'price',
        'rooms',
      ].sort(),
    );
    expect(body.error.fieldErrors.price).toEqual(['Price must be a whole number of pesos']);
    expect(body.message).toMatch(/price: Price must be a whole number of pesos/);
    expect(await total()).toBe(before);
  });

  it('refuses negative prices and only http(s) map links', async () => {
    const negative = await add(validProperty({ price: -1 }));
    expect(negative.json().error.fieldErrors).toEqual({ price: ['Price cannot be negative'] });
    const ftp = await add(validProperty({ google_maps_url: 'ftp://maps.example/x' }));
    expect(Object.keys(ftp.json().error.fieldErrors)).toEqual(['google_maps_url']);
  });

  it('answers 400 naming each unknown city, type and broker id, not a 500, and writes nothing', async () => {
    const before = await total();
    const response = await add(
      validProperty({ city_id: 99999, property_type_id: 4242, broker_id: 777 }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fieldErrors).toEqual({
      city_id: ['Comuna 99999 does not exist'],
      property_type_id: ['Property type 4242 does not exist'],
      broker_id: ['Broker 777 does not exist'],
    });
    expect(await total()).toBe(before);
  });

  it('refuses photo paths that were never issued to the caller, and writes nothing', async () => {
    const before = await total();
    const response = await add(
      validProperty({ photos: ['photos/elsewhere.jpg', '../../etc/passwd'] }),
    );
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fieldErrors)).toEqual(['photos.0', 'photos.1']);
    expect(await total()).toBe(before);
  });

  it('gives a viewer 403 and writes nothing', async () => {
    const before = await total();
    const response = await add(validProperty(), 'viewer');
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/editor or admin/);
    expect(await total()).toBe(before);
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const response = await t.inject('editor', {
      method: 'POST',
      url: '/api/properties/add',
      payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 'error', data: null });
  });
});

describe('GET /api/properties/:id', () => {
  it('answers 404 with a clear message for an unknown id', async () => {
    const response = await t.inject('viewer', { method: 'GET', url: '/api/properties/424242' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      status: 'error',
      message: 'Property 424242 not found.',
    });
  });

  it('answers 400 naming the id when it is not a number', async () => {
    const response = await t.inject('viewer', { method: 'GET', url: '/api/properties/abc' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fieldErrors)).toEqual(['id']);
  });
});

describe('GET /api/properties: keyset pages, filters and sorts', () => {
  // A known set: 3 in Viña del Mar (region 5), 7 in Santiago (region 13); prices with ties.
  const fixture = [
    ...[100, 200, 200].map((m, i) => ({
      city_id: 5109,
      price: m * 1_000_000,
      name: `Viña ${i}`,
      visited: false,
    })),
    ...[50, 150, 150, 150, 300, 900, 75].map((m, i) => ({
      city_id: 13101,
      price: m * 1_000_000,
      name: `Santiago ${i}`,
      visited: i % 2 === 0,
      property_type_id: i < 3 ? 1 : 2,
      building_sqmts: 40 + i * 10,
    })),
  ];
  let ids: number[] = [];

  it('loads the fixture', async () => {
    ids = [];
    for (const f of fixture) {
      const response = await add(validProperty({ ...f, address: `${f.name} 123` }));
      expect(response.statusCode, response.body).toBe(201);
      ids.push(response.json().data.id);
    }
  });

  it('defaults to 24 per page, newest first, and totals the whole list', async () => {
    const data = (await t.inject('viewer', { method: 'GET', url: '/api/properties' })).json().data;
    expect(data.props.length).toBe(Math.min(24, data.total));
    const times = data.props.map((p: PropertyCard) => Date.parse(p.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(data.props[0].id).toBe(ids.at(-1));
  });

  it('walks every page once with next_cursor, with no repeats and nothing skipped', async () => {
    const everything = await allPages('sort=newest', 4);
    const all = everything.map((p) => p.id);
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe(await total());
    // Same-millisecond inserts still come out in id order thanks to the tie-breaker.
    const fixtureOrder = all.filter((id) => ids.includes(id));
    expect(fixtureOrder).toEqual([...ids].reverse());
  });

  it('sorts by price both ways across pages, ties broken by id', async () => {
    const asc = await allPages('city_id=13101&sort=price_asc', 2);
    expect(asc.map((p) => p.price)).toEqual(
      [50, 75, 150, 150, 150, 300, 900].map((m) => m * 1_000_000),
    );
    const tied = asc.filter((p) => p.price === 150_000_000).map((p) => p.id);
    expect(tied).toEqual([...tied].sort((a, b) => a - b));
    const desc = await allPages('city_id=13101&sort=price_desc', 3);
    expect(desc.map((p) => p.id)).toEqual(asc.map((p) => p.id).reverse());
  });

  it('sorts by building area', async () => {
    const byArea = await allPages('city_id=13101&sort=area_desc', 2);
    const areas = byArea.map((p) => p.building_sqmts);
    expect(areas).toEqual([...areas].sort((a, b) => (b ?? -1) - (a ?? -1)));
    expect(byArea.length).toBe(7);
  });

  it('filters by region, comuna, type, visited and price range, with a matching total', async () => {
    const check = async (
      query: string,
      predicate: (p: PropertyCard) => boolean,
      expected: number,
    ) => {
      const response = await t.inject('viewer', {
        method: 'GET',
        url: `/api/properties?${query}&limit=100`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const data = response.json().data;
      const mine = data.props.filter((p: PropertyCard) => ids.includes(p.id));
      expect(mine.length, query).toBe(expected);
      expect(data.props.every(predicate), query).toBe(true);
      expect(data.total).toBe(data.props.length);
    };
    await check('region_id=5', (p) => p.region_id === 5, 3);
    await check('city_id=13101', (p) => p.city_id === 13101, 7);
    await check('city_id=13101&property_type_id=1', (p) => p.property_type_id === 1, 3);
    await check('city_id=13101&visited=true', (p) => p.visited, 4);
    await check('city_id=13101&visited=false', (p) => !p.visited, 3);
    await check(
      'price_min=100000000&price_max=200000000',
      (p) => p.price !== null && p.price >= 100_000_000 && p.price <= 200_000_000,
      6,
    );
    await check('region_id=5&q=vina', (p) => p.city_name === 'Viña del Mar', 3);
  });

  it('searches name, address and comuna, case-insensitively; symbols alone are no search', async () => {
    const byComuna = (
      await t.inject('viewer', { method: 'GET', url: '/api/properties?q=VIÑA DEL MAR&limit=100' })
    ).json().data;
    expect(byComuna.props.filter((p: PropertyCard) => ids.includes(p.id)).length).toBe(3);
    // No word to look for ("%", "_", stop words): the search box asks for nothing.
    const all = (await t.inject('viewer', { method: 'GET', url: '/api/properties' })).json().data;
    for (const q of ['%25', '_', '%25_%25'])
      expect(
        (await t.inject('viewer', { method: 'GET', url: `/api/properties?q=${q}` })).json().data
          .total,
        q,
      ).toBe(all.total);
  });

  it('refuses bad queries with 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['limit=1000', 'limit'],
      ['limit=0', 'limit'],
      ['price_min=500&price_max=100', 'price_max'],
      ['region_id=abc', 'region_id'],
      ['visited=maybe', 'visited'],
      ['sort=cheapest', 'sort'],
      ['cursor=not-a-cursor', 'cursor'],
    ];
    for (const [query, field] of cases) {
      const response = await t.inject('viewer', { method: 'GET', url: `/api/properties?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().error.fieldErrors), query).toContain(field);
    }
  });

  it('refuses a cursor from another sort order', async () => {
    const first = (
      await t.inject('viewer', { method: 'GET', url: '/api/properties?sort=price_asc&limit=2' })
    ).json().data;
    const response = await t.inject('viewer', {
      method: 'GET',
      url: `/api/properties?sort=newest&cursor=${encodeURIComponent(first.next_cursor)}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/another sort order/);
  });
});
