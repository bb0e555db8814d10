import { MAX_PRICE_UF, type PropertyCard, type PropertyList } from '@bec/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { chileDate } from '../src/lib/chile-date.js';
import { mindicadorSource } from '../src/modules/uf/sources/mindicador.js';
import { createUfService } from '../src/modules/uf/uf.service.js';
import {
  collectingLog,
  type FakeUfSource,
  mindicadorSeries,
  startFakeUfSource,
} from './fake-uf-source.js';
import { setupApp, validProperty } from './helpers.js';

// Properties priced in UF through the API: stored as entered, converted to pesos with the UF in
// use for every filter and sort, and re-priced when a new UF value arrives (ADR 014).
const t = setupApp();

const TODAY = chileDate(new Date());
let fake: FakeUfSource;
beforeAll(async () => {
  fake = await startFakeUfSource();
});
afterAll(() => fake?.close());

/** A UF value for today arriving from the (fake) source, as the job fetches it. */
async function ufArrives(value: number) {
  fake.answerWith(() => ({ json: mindicadorSeries([{ date: TODAY, value }]) }));
  const job = createUfService(t.db.db, {
    source: mindicadorSource({ baseUrl: fake.url, timeoutMs: 2000 }),
    log: collectingLog(),
    refreshMs: 3_600_000,
  });
  const result = await job.refresh({ force: true });
  expect(result.fetch).toBe('stored');
  return result;
}

const add = (overrides: Record<string, unknown>) =>
  t.inject('editor', {
    method: 'POST',
    url: '/api/properties/add',
    payload: validProperty({ photos: [], ...overrides }),
  });

const addOk = async (overrides: Record<string, unknown>) => {
  const response = await add(overrides);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
};

const list = async (query: string): Promise<PropertyList> => {
  const response = await t.inject('viewer', { method: 'GET', url: `/api/properties?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

const detail = async (id: number) => {
  const response = await t.inject('viewer', { method: 'GET', url: `/api/properties/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

/** Every card of a listing, a page of `limit` at a time through next_cursor. */
async function walk(query: string, limit = 1) {
  const seen: PropertyCard[] = [];
  let cursor: string | null = null;
  do {
    const page = await list(
      `${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    seen.push(...page.props);
    cursor = page.next_cursor;
  } while (cursor && seen.length < 100);
  return seen;
}

const names = (cards: PropertyCard[]) => cards.map((c) => c.name);

const propertyCount = async () =>
  Number(
    (await queryRows<{ n: string }>(t.db.db, sql`select count(*) as n from properties`))[0]?.n,
  );

describe('a UF price', () => {
  it('is stored as entered, 2 decimals and all, and read back exactly on add and edit', async () => {
    const id = await addOk({ name: 'UF exact', price: 4500.5, price_unit: 'UF' });
    const added = await detail(id);
    expect(added).toMatchObject({
      price_amount: 4500.5,
      price_unit: 'UF',
      // No UF value is known yet: no peso price, but the UF figures are the amount's own.
      price_clp: null,
      price: null,
      price_uf: 4500.5,
      price_per_sqm: null,
      price_per_sqm_uf: 72.01, // 4500.5 UF / 62.5 m²
      uf: null,
    });

    const edited = await t.inject('editor', {
      method: 'PUT',
      url: `/api/properties/${id}`,
      payload: validProperty({
        name: 'UF exact',
        price: 4500.55,
        price_unit: 'UF',
        updated_at: added.updated_at,
        photos: [],
      }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await detail(id)).toMatchObject({ price_amount: 4500.55, price_unit: 'UF' });

    // Back to pesos: the unit goes with the amount.
    const again = await detail(id);
    await t.inject('editor', {
      method: 'PUT',
      url: `/api/properties/${id}`,
      payload: validProperty({
        name: 'UF exact',
        price: 150_000_000,
        updated_at: again.updated_at,
        photos: [],
      }),
    });
    expect(await detail(id)).toMatchObject({
      price_amount: 150_000_000,
      price_unit: 'CLP',
      price_clp: 150_000_000,
      price: 150_000_000,
      price_per_sqm: 2_400_000,
    });
  });

  it('is refused with a 400 naming the field, and nothing is written, when it breaks a rule', async () => {
    const before = await propertyCount();
    for (const [overrides, message] of [
      [{ price: 4500.555, price_unit: 'UF' }, 'Price in UF can have at most 2 decimals'],
      [
        { price: MAX_PRICE_UF + 1, price_unit: 'UF' },
        `Price in UF must be at most ${MAX_PRICE_UF}`,
      ],
      [{ price: 1500.5 }, 'Price must be a whole number of pesos'],
      [{ price: -1, price_unit: 'UF' }, 'Price cannot be negative'],
    ] as const) {
      const response = await add(overrides);
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().error.fieldErrors).toEqual({ price: [message] });
      expect(response.json().message).toContain(`price: ${message}`);
    }
    const unit = await add({ price_unit: 'USD' });
    expect(unit.statusCode).toBe(400);
    expect(unit.json().error.fieldErrors).toEqual({ price_unit: ['Price unit must be CLP or UF'] });
    expect(await propertyCount()).toBe(before);
  });
});

describe('peso equivalents, sorts and filters', () => {
  const ids = { a: 0, b: 0, u1: 0, u2: 0 };

  beforeAll(async () => {
    ids.a = await addOk({ name: 'ufmove A', price: 100_000_000 });
    ids.b = await addOk({ name: 'ufmove B', price: 199_000_000 });
    ids.u1 = await addOk({ name: 'ufmove U1', price: 3000, price_unit: 'UF' });
    ids.u2 = await addOk({ name: 'ufmove U2', price: 5000, price_unit: 'UF' });
  });

  it('puts UF prices last in both directions while no UF value is known, and leaves them out of price filters', async () => {
    expect(names(await walk('q=ufmove&sort=price_asc'))).toEqual([
      'ufmove A',
      'ufmove B',
      'ufmove U1',
      'ufmove U2',
    ]);
    expect(names(await walk('q=ufmove&sort=price_desc'))).toEqual([
      'ufmove B',
      'ufmove A',
      'ufmove U2',
      'ufmove U1',
    ]);
    expect(names(await walk('q=ufmove&sort=price_per_sqm_desc', 3)).slice(2)).toEqual([
      'ufmove U2',
      'ufmove U1',
    ]);
    expect(names((await list('q=ufmove&price_min=0')).props).sort()).toEqual([
      'ufmove A',
      'ufmove B',
    ]);
    expect(names((await list('q=ufmove&price_max=9007199254740991')).props).sort()).toEqual([
      'ufmove A',
      'ufmove B',
    ]);
    expect((await list('q=ufmove&price_min=0')).peso_prices_not_compared).toBe(false);
  });

  it('compares UF prices by their amount with bounds in UF while no UF value is known, and says pesos cannot be', async () => {
    // ADR 061: a UF listing's amount is in UF whatever the UF is worth; a peso one has no UF
    // amount until a UF value is known, so it is left out, and the answer says so.
    const from4000 = await list('q=ufmove&price_unit=UF&price_min=4000');
    expect(from4000).toMatchObject({ total: 1, uf: null, peso_prices_not_compared: true });
    expect(names(from4000.props)).toEqual(['ufmove U2']);
    expect(names((await list('q=ufmove&price_unit=UF&price_max=3000')).props)).toEqual([
      'ufmove U1',
    ]);
    expect(
      names((await list('q=ufmove&price_unit=UF&price_min=3000&price_max=3000')).props),
    ).toEqual(['ufmove U1']);
    expect(names((await list('q=ufmove&price_unit=UF&price_min=3000.01')).props)).toEqual([
      'ufmove U2',
    ]);
    // Page by page, in every price sort, the same two.
    for (const sort of ['price_asc', 'price_desc', 'newest'])
      expect(names(await walk(`q=ufmove&price_unit=UF&price_min=0&sort=${sort}`)).sort()).toEqual([
        'ufmove U1',
        'ufmove U2',
      ]);
    // A UF unit with no bound is no price filter: every listing, nothing to say.
    const noBound = await list('q=ufmove&price_unit=UF');
    expect(noBound).toMatchObject({ total: 4, peso_prices_not_compared: false });
  });

  it('compares them the same way in the export, the Data section and saved searches (ADR 053)', async () => {
    const query = 'q=ufmove&price_unit=UF&price_min=4000';
    const csv = await t.inject('viewer', {
      method: 'GET',
      url: `/api/properties/export.csv?${query}`,
    });
    expect(csv.statusCode).toBe(200);
    const exported = csv.body
      .split('\r\n')
      .slice(1)
      .filter(Boolean)
      .map((line) => line.split(';')[1]);
    expect(exported).toEqual(['ufmove U2']);

    const stats = await t.inject('viewer', { method: 'GET', url: `/api/market/stats?${query}` });
    expect(stats.statusCode, stats.body).toBe(200);
    expect(stats.json().data.all.count).toBe(1);
    const map = await t.inject('viewer', {
      method: 'GET',
      url: `/api/market/map?${query}&west=-80&south=-60&east=-60&north=-15&zoom=4`,
    });
    expect(map.statusCode, map.body).toBe(200);
    expect(map.json().data).toMatchObject({ located: 1, without_location: 0 });

    // A saved search in UF: a new UF listing above the bound alerts, a peso one cannot.
    const saved = await t.inject('viewer', {
      method: 'POST',
      url: '/api/saved-searches',
      payload: {
        name: 'ufmove desde 4000 UF',
        scope: 'personal',
        filters: { q: 'ufmove', price_unit: 'UF', price_min: '4000' },
      },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const searchId = saved.json().data.id as number;
    const u3 = await addOk({ name: 'ufmove U3', price: 6000, price_unit: 'UF' });
    await addOk({ name: 'ufmove C', price: 900_000_000 });
    await t.app.matchSavedSearches();
    const alerts = await t.inject('viewer', { method: 'GET', url: '/api/alerts?limit=100' });
    expect(
      alerts
        .json()
        .data.items.filter((a: { saved_search_id: number }) => a.saved_search_id === searchId)
        .map((a: { property_id: number }) => a.property_id),
    ).toEqual([u3]);
    const searches = await t.inject('viewer', { method: 'GET', url: '/api/saved-searches' });
    expect(searches.json().data.find((s: { id: number }) => s.id === searchId)?.new_count).toBe(1);
    // Gone again, so the sorts below see the four they expect.
    for (const name of ['ufmove U3', 'ufmove C']) {
      const [card] = (await list(`q=${encodeURIComponent(name)}`)).props.filter(
        (c) => c.name === name,
      );
      const removed = await t.inject('editor', {
        method: 'DELETE',
        url: `/api/properties/${card?.id}`,
      });
      expect(removed.statusCode, removed.body).toBe(200);
    }
  });

  it('re-prices when a UF value for today arrives, and a UF price moves among peso prices', async () => {
    expect((await ufArrives(39_643.59)).reprice?.repriced).toBeGreaterThanOrEqual(2);
    const uf = { date: TODAY, value: 39_643.59, source: 'mindicador' };
    const page = await list('q=ufmove&sort=price_asc');
    expect(page.uf).toEqual(uf);
    expect(names(page.props)).toEqual(['ufmove A', 'ufmove U1', 'ufmove U2', 'ufmove B']);
    const [a, u1] = page.props;
    expect(u1).toMatchObject({
      price_amount: 3000,
      price_unit: 'UF',
      price_clp: 118_930_770, // 3000 × 39643.59
      price: 118_930_770,
      price_uf: 3000,
      price_per_sqm: 1_902_892,
      price_per_sqm_uf: 48,
    });
    expect(a).toMatchObject({
      price_amount: 100_000_000,
      price_unit: 'CLP',
      price_clp: 100_000_000,
      price_uf: 2522.48, // 100,000,000 / 39643.59
      price_per_sqm: 1_600_000,
      price_per_sqm_uf: 40.36,
    });
    expect((await detail(ids.u1)).uf).toEqual(uf);

    // Pesos filter on the peso equivalent; UF bounds convert exactly as UF prices are stored.
    expect(names((await list('q=ufmove&price_min=150000000&sort=price_asc')).props)).toEqual([
      'ufmove U2',
      'ufmove B',
    ]);
    expect(
      names((await list('q=ufmove&price_unit=UF&price_min=4000&sort=price_asc')).props),
    ).toEqual(['ufmove U2', 'ufmove B']);
    expect(
      names((await list('q=ufmove&price_unit=UF&price_max=3000&sort=price_asc')).props),
    ).toEqual(['ufmove A', 'ufmove U1']);
    // With a UF value, every price compares: nothing left out, nothing to say.
    expect((await list('q=ufmove&price_unit=UF&price_max=3000')).peso_prices_not_compared).toBe(
      false,
    );

    // A higher UF for today: 5000 UF is now 199,500,000 pesos, above B's 199,000,000.
    await ufArrives(39_900);
    expect(names(await walk('q=ufmove&sort=price_asc'))).toEqual([
      'ufmove A',
      'ufmove U1',
      'ufmove B',
      'ufmove U2',
    ]);
    expect(names(await walk('q=ufmove&sort=price_desc', 2))).toEqual([
      'ufmove U2',
      'ufmove B',
      'ufmove U1',
      'ufmove A',
    ]);
    expect((await detail(ids.u2)).price_clp).toBe(199_500_000);
    expect((await list('q=ufmove&limit=1')).uf).toEqual({ ...uf, value: 39_900 });
  });

  it('has the amount, its unit and both equivalents in the CSV export, with the UF day', async () => {
    const response = await t.inject('viewer', {
      method: 'GET',
      url: '/api/properties/export.csv?q=ufmove',
    });
    expect(response.statusCode).toBe(200);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    const header = lines[0]?.split(';') ?? [];
    const column = (name: string) => {
      const index = header.indexOf(name);
      expect(index, name).toBeGreaterThanOrEqual(0);
      return index;
    };
    const row = (name: string) => lines.find((l) => l.split(';')[1] === name)?.split(';') ?? [];
    const u1 = row('ufmove U1');
    expect(u1[column('Precio ingresado')]).toBe('3000');
    expect(u1[column('Moneda')]).toBe('UF');
    expect(u1[column('Precio (CLP)')]).toBe('119700000'); // 3000 × 39900
    expect(u1[column('Precio (UF)')]).toBe('3000');
    expect(u1[column('Precio por m² (UF)')]).toBe('48');
    expect(u1[column('Fecha UF')]).toBe(TODAY);
    const a = row('ufmove A');
    expect(a[column('Precio ingresado')]).toBe('100000000');
    expect(a[column('Moneda')]).toBe('CLP');
    expect(a[column('Precio (CLP)')]).toBe('100000000');
    expect(a[column('Precio (UF)')]).toBe('2506,27'); // 100,000,000 / 39900, decimal comma
  });

  it('converts any amount with up to 2 decimals exactly (fast-check, seeded)', async () => {
    const cents = fc.oneof(
      fc.integer({ min: 0, max: 10_000_000 }),
      fc.constantFrom(1, 450_050, 999_999_999, MAX_PRICE_UF * 100),
    );
    const value = 39_900n * 100n; // the UF in use, in cents
    await fc.assert(
      fc.asyncProperty(cents, async (amountCents) => {
        const amount = amountCents / 100;
        const id = await addOk({ name: 'uf fuzz', price: amount, price_unit: 'UF' });
        const read = await detail(id);
        expect(read.price_amount).toBe(amount);
        expect(read.price_uf).toBe(amount);
        // round(amount × value) in exact integers: cents × cents / 10⁴, halves away from zero.
        const product = BigInt(amountCents) * value;
        const pesos = (product + 5_000n) / 10_000n;
        expect(read.price_clp).toBe(Number(pesos));
        expect(Number.isSafeInteger(read.price_clp)).toBe(true);
      }),
      { seed: 20_261_124, numRuns: 25 },
    );
  });
});
