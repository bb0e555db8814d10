import {
  PROPERTY_COUNT_CAP,
  type PropertyCard,
  PropertyCardSchema,
  PropertyDetailSchema,
  PropertyListSchema,
} from '@bec/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { addProperty, setupApp, validProperty } from './helpers.js';

// Price per m², accent-free search and the list's total: what the database derives (trigger and
// counter, migration 0001) so the list stays cheap at any size.
const t = setupApp();

const CASA = 1;
const TERRENO = 5;

const list = async (query: string) => {
  const response = await t.inject('viewer', { method: 'GET', url: `/api/properties?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    props: PropertyCard[];
    next_cursor: string | null;
    total: number;
    total_kind: 'exact' | 'at_least' | 'estimate';
  };
};

const add = (overrides: Record<string, unknown>) => addProperty(t, overrides);

const detail = async (id: number) =>
  (await t.inject('viewer', { method: 'GET', url: `/api/properties/${id}` })).json().data;

/** Every page of a listing, through next_cursor. */
async function walk(query: string, limit: number) {
  const seen: PropertyCard[] = [];
  let cursor: string | null = null;
  do {
    const page = await list(
      `${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    seen.push(...page.props);
    cursor = page.next_cursor;
  } while (cursor && seen.length < 1000);
  return seen;
}

describe('price per m²', () => {
  const ids = { flat: 0, house: 0, lot: 0, unknown: 0, rounded: 0 };

  it('is price ÷ built area for buildings and ÷ land area for land, on cards and the detail', async () => {
    ids.flat = await add({ name: 'ppsqm flat', price: 150_000_000, building_sqmts: 60 });
    ids.house = await add({
      name: 'ppsqm house',
      property_type_id: CASA,
      price: 300_000_000,
      building_sqmts: 120,
      land_sqmts: 400,
    });
    ids.lot = await add({
      name: 'ppsqm lot',
      property_type_id: TERRENO,
      price: 90_000_000,
      building_sqmts: 0,
      land_sqmts: 1_000,
    });
    ids.unknown = await add({
      name: 'ppsqm no area',
      property_type_id: CASA,
      price: 80_000_000,
      building_sqmts: 0,
      land_sqmts: 200,
    });
    ids.rounded = await add({ name: 'ppsqm rounded', price: 100_000_000, building_sqmts: 62.3 });

    const cards = new Map((await list('q=ppsqm&limit=100')).props.map((p) => [p.id, p]));
    expect(cards.get(ids.flat)).toMatchObject({ price_per_sqm: 2_500_000, area_basis: 'building' });
    expect(cards.get(ids.house)).toMatchObject({
      price_per_sqm: 2_500_000,
      area_basis: 'building',
    });
    expect(cards.get(ids.lot)).toMatchObject({ price_per_sqm: 90_000, area_basis: 'land' });
    expect(cards.get(ids.unknown)).toMatchObject({ price_per_sqm: null, area_basis: 'building' });
    expect(cards.get(ids.rounded)?.price_per_sqm).toBe(1_605_136); // 1,605,136.44…
    expect(await detail(ids.lot)).toMatchObject({ price_per_sqm: 90_000, area_basis: 'land' });
  });

  it('sorts both ways across keyset pages, unknown values last either way', async () => {
    const asc = await walk('q=ppsqm&sort=price_per_sqm_asc', 2);
    expect(asc.map((p) => p.price_per_sqm)).toEqual([
      90_000,
      1_605_136,
      2_500_000,
      2_500_000,
      null,
    ]);
    const tied = asc.filter((p) => p.price_per_sqm === 2_500_000).map((p) => p.id);
    expect(tied).toEqual([ids.flat, ids.house]);

    const desc = await walk('q=ppsqm&sort=price_per_sqm_desc', 2);
    expect(desc.map((p) => p.price_per_sqm)).toEqual([
      2_500_000,
      2_500_000,
      1_605_136,
      90_000,
      null,
    ]);
    expect(desc.slice(0, 2).map((p) => p.id)).toEqual([ids.house, ids.flat]);
  });

  it('follows an edit of the price or the type', async () => {
    const before = await detail(ids.flat);
    const response = await t.inject('editor', {
      method: 'PUT',
      url: `/api/properties/${ids.flat}`,
      payload: validProperty({
        name: 'ppsqm flat',
        price: 180_000_000,
        building_sqmts: 60,
        land_sqmts: 90,
        property_type_id: TERRENO,
        updated_at: before.updated_at,
        photos: [],
      }),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await detail(ids.flat)).toMatchObject({ price_per_sqm: 2_000_000, area_basis: 'land' });
  });

  it('refuses a price-per-m² cursor that was tampered with', async () => {
    const forged = Buffer.from(JSON.stringify(['price_per_sqm_asc', 12.5, 1])).toString(
      'base64url',
    );
    const response = await t.inject('viewer', {
      method: 'GET',
      url: `/api/properties?sort=price_per_sqm_asc&cursor=${forged}`,
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fieldErrors)).toEqual(['cursor']);
  });
});

describe('the list and the detail, stringified without a zod pass', () => {
  it('carry exactly the contract keys, with the types it says', async () => {
    const id = await add({ name: 'Contract keys' });
    const page = (
      await t.inject('viewer', { method: 'GET', url: '/api/properties?limit=2' })
    ).json();
    expect(Object.keys(page).sort()).toEqual(['data', 'message', 'status']);
    expect(Object.keys(page.data).sort()).toEqual(Object.keys(PropertyListSchema.shape).sort());
    for (const card of page.data.props)
      expect(Object.keys(card).sort()).toEqual(Object.keys(PropertyCardSchema.shape).sort());
    expect(() => PropertyListSchema.parse(page.data)).not.toThrow();

    const detail = (
      await t.inject('viewer', { method: 'GET', url: `/api/properties/${id}` })
    ).json();
    expect(Object.keys(detail.data).sort()).toEqual(Object.keys(PropertyDetailSchema.shape).sort());
    expect(() => PropertyDetailSchema.parse(detail.data)).not.toThrow();
  });
});

describe('text search', () => {
  it('ignores accents and case on both sides, in name, address and comuna', async () => {
    const id = await add({
      name: 'Casona de adobe',
      address: 'Camino Los Almendros 12',
      city_id: 13120, // Ñuñoa
    });
    for (const q of ['nunoa', 'ÑUÑOA', 'casóna', 'ALMENDROS 12', 'de adobe']) {
      const found = (await list(`q=${encodeURIComponent(q)}&limit=100`)).props.map((p) => p.id);
      expect(found, q).toContain(id);
    }
    expect((await list('q=almendros%2013')).total).toBe(0);
  });

  it('keeps a search text in step with an edit of the name', async () => {
    const id = await add({ name: 'Quinta Zapallar', address: 'Calle 1' });
    const before = await detail(id);
    await t.inject('editor', {
      method: 'PUT',
      url: `/api/properties/${id}`,
      payload: validProperty({
        name: 'Quinta Cachagua',
        address: 'Calle 1',
        updated_at: before.updated_at,
        photos: [],
      }),
    });
    expect((await list('q=zapallar')).props.map((p) => p.id)).not.toContain(id);
    expect((await list('q=cachagua')).props.map((p) => p.id)).toContain(id);
  });
});

describe('total', () => {
  const count = async () =>
    Number(
      (await queryRows<{ n: number }>(t.db.db, sql`select count(*)::int as n from properties`))[0]
        ?.n,
    );

  it('is exact when unfiltered, and follows adds, deletes and bulk writes', async () => {
    const start = await list('');
    expect(start).toMatchObject({ total: await count(), total_kind: 'exact' });

    const id = await add({ name: 'Counted once' });
    expect((await list('')).total).toBe(start.total + 1);

    const response = await t.inject('editor', { method: 'DELETE', url: `/api/properties/${id}` });
    expect(response.statusCode).toBe(200);
    expect((await list('')).total).toBe(start.total);

    // A statement that writes many rows moves the total by all of them at once.
    await t.db.db.execute(sql`
      insert into properties (name, address, price, building_sqmts, land_sqmts, city_id, property_type_id)
      select 'Bulk ' || i, 'Calle Bulk ' || i, 1000000 * i, 50, 50, 13101, 2
      from generate_series(1, ${PROPERTY_COUNT_CAP + 5}) as i`);
    expect((await list('')).total).toBe(await count());
    expect((await list('')).total).toBe(start.total + PROPERTY_COUNT_CAP + 5);
  });

  it('still totals a cursor page that comes back empty (its rows were deleted meanwhile)', async () => {
    const first = await add({ name: 'Vanishing one' });
    const second = await add({ name: 'Vanishing two' });
    const page = await list('q=vanishing&limit=1');
    expect(page.props.map((p) => p.id)).toEqual([second]);
    await t.inject('editor', { method: 'DELETE', url: `/api/properties/${first}` });
    const rest = await list(
      `q=vanishing&limit=1&cursor=${encodeURIComponent(String(page.next_cursor))}`,
    );
    expect(rest).toMatchObject({ props: [], next_cursor: null, total: 1, total_kind: 'exact' });
    await t.inject('editor', { method: 'DELETE', url: `/api/properties/${second}` });
  });

  it('counts a filtered list exactly up to the cap, estimates beyond it, and says which', async () => {
    // With fresh statistics, as autovacuum keeps them.
    await t.db.db.execute(sql`analyze properties`);
    const broad = await list('q=bulk');
    expect(broad.total_kind).toBe('estimate');
    expect(broad.total).toBeGreaterThan(PROPERTY_COUNT_CAP);
    expect(Math.abs(broad.total - (PROPERTY_COUNT_CAP + 5))).toBeLessThan(100);
    expect(broad.props).toHaveLength(24);

    // All on the first page: counted by the page itself.
    const narrow = await list('q=bulk&price_max=10000000');
    expect(narrow).toMatchObject({ total: 10, total_kind: 'exact' });

    // More than a page: counted, and counted again once a write changes what matches.
    const paged = await list('q=bulk&price_max=30000000&limit=5');
    expect(paged).toMatchObject({ total: 30, total_kind: 'exact' });
    const extra = await add({ name: 'Bulk extra', price: 1_500_000 });
    expect(await list('q=bulk&price_max=30000000&limit=5')).toMatchObject({
      total: 31,
      total_kind: 'exact',
    });
    await t.inject('editor', { method: 'DELETE', url: `/api/properties/${extra}` });
    const next = await list(
      `q=bulk&price_max=30000000&limit=5&cursor=${encodeURIComponent(String(paged.next_cursor))}`,
    );
    expect(next).toMatchObject({ total: 30, total_kind: 'exact' });

    await t.db.db.execute(sql`delete from properties where name like 'Bulk %'`);
    expect((await list('')).total).toBe(await count());
    expect(await list('q=bulk')).toMatchObject({ total: 0, total_kind: 'exact' });
  });
});
