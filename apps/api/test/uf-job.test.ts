import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, queryRows } from '../src/db/client.js';
import { prepareDatabase } from '../src/db/prepare.js';
import { cmfSource } from '../src/modules/uf/sources/cmf.js';
import { mindicadorSource } from '../src/modules/uf/sources/mindicador.js';
import type { UfSourceAdapter } from '../src/modules/uf/sources/uf-source.js';
import { createUfService } from '../src/modules/uf/uf.service.js';
import { createTestDatabase } from './database.js';
import {
  cmfSeries,
  collectingLog,
  type FakeUfSource,
  mindicadorSeries,
  startFakeUfSource,
} from './fake-uf-source.js';

/**
 * The UF job on its own database (no app, so no timer of its own runs beside the tests): fetching
 * from a fake source on loopback, what it stores and refuses, and re-pricing, including two
 * processes' jobs at once. The clock is fixed at noon in Chile on 2025-11-24.
 */
const TODAY = '2025-11-24';
const NOON_IN_CHILE = new Date('2025-11-24T15:00:00Z');
const HOUR = 3_600_000;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: DatabaseHandle['db'];
let fake: FakeUfSource;

beforeAll(async () => {
  database = await createTestDatabase();
  await prepareDatabase(database.handle, { seedDemo: false });
  db = database.handle.db;
  fake = await startFakeUfSource();
});
afterAll(async () => {
  await fake?.close();
  await database?.destroy();
});

/** Back to no UF values, no UF-priced property, and a fetch that is due. */
beforeEach(async () => {
  await db.execute(sql`delete from uf_values`);
  await db.execute(sql`delete from properties`);
  await db.execute(sql`update uf_pricing set date = null, value = null, source = null`);
  await db.execute(sql`update uf_fetch set lease_until = null, next_at = null`);
  fake.requests.length = 0;
});

const stored = async () =>
  (
    await queryRows<{ date: string; value: string; source: string }>(
      db,
      sql`select date::text as date, value::text as value, source from uf_values order by date`,
    )
  ).map((r) => ({ date: r.date, value: Number(r.value), source: r.source }));

const service = (
  source: UfSourceAdapter | null,
  options: { now?: () => Date; log?: ReturnType<typeof collectingLog> } = {},
) =>
  createUfService(db, {
    source,
    log: options.log ?? collectingLog(),
    refreshMs: HOUR,
    now: options.now ?? (() => NOON_IN_CHILE),
  });

const mindicador = (timeoutMs = 2000) => mindicadorSource({ baseUrl: fake.url, timeoutMs });

/** Adds 50 m² flats in Ñuñoa, as a bulk load would: the triggers derive the rest. */
async function insertFlats(flats: { name: string; amount: number; unit: 'CLP' | 'UF' }[]) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into properties
      (name, address, city_id, property_type_id, building_sqmts, land_sqmts, price_amount, price_unit)
      select name, 'Irarrázaval 3400', 13120, 2, 50, 50, amount, unit
      from json_to_recordset(${JSON.stringify(flats)}::json) as t(name text, amount numeric, unit text)
      returning id`,
  );
  return rows.map((r) => r.id);
}

/** A UF-priced and a peso-priced flat, as an editor would add them. */
const addProperties = () =>
  insertFlats([
    { name: 'UF flat', amount: 4500.5, unit: 'UF' },
    { name: 'CLP flat', amount: 150_000_000, unit: 'CLP' },
  ]);

const pesos = async () =>
  Object.fromEntries(
    (
      await queryRows<{ name: string; price: string | null; price_per_sqm: string | null }>(
        db,
        sql`select name, price, price_per_sqm from properties`,
      )
    ).map((r) => [
      r.name,
      {
        price: r.price === null ? null : Number(r.price),
        per_sqm: r.price_per_sqm === null ? null : Number(r.price_per_sqm),
      },
    ]),
  );

const series = [
  { date: '2025-11-22', value: 39_630.12 },
  { date: '2025-11-23', value: 39_636.85 },
  { date: TODAY, value: 39_643.59 },
  // Published in advance, up to the 9th of the coming month.
  { date: '2025-11-25', value: 39_650.33 },
  { date: '2025-12-09', value: 39_700.01 },
];

describe('fetching published UF values', () => {
  it("stores mindicador's values, days published ahead included, and re-prices UF properties", async () => {
    await addProperties();
    expect((await pesos())['UF flat']).toEqual({ price: null, per_sqm: null });
    fake.answerWith(() => ({ json: mindicadorSeries(series) }));
    const log = collectingLog();
    const result = await service(mindicador(), { log }).refresh({ force: true });
    expect(result).toEqual({ fetch: 'stored', stored: 5, reprice: { repriced: 1 } });
    expect(fake.requests).toEqual(['/uf/2025']);
    expect(await stored()).toEqual(series.map((v) => ({ ...v, source: 'mindicador' })));
    // Today's value, not the latest published one: 4500.5 × 39643.59 = 178,415,976.795.
    expect(await pesos()).toEqual({
      'UF flat': { price: 178_415_977, per_sqm: 3_568_320 },
      'CLP flat': { price: 150_000_000, per_sqm: 3_000_000 },
    });
    expect(log.warnings()).toEqual([]);
  });

  it("reads the CMF's Chilean-formatted values, with the API key in the request only", async () => {
    fake.answerWith(() => ({ json: cmfSeries(series.slice(0, 3)) }));
    const log = collectingLog();
    const cmf = cmfSource({ baseUrl: fake.url, apiKey: 's3cr3t', timeoutMs: 2000 });
    const result = await service(cmf, { log }).refresh({ force: true });
    expect(result.fetch).toBe('stored');
    expect(fake.requests).toEqual(['/uf/2025?apikey=s3cr3t&formato=json']);
    expect(await stored()).toEqual(series.slice(0, 3).map((v) => ({ ...v, source: 'cmf' })));

    // A failure's log line names the request without the key.
    fake.answerWith(() => ({ json: { error: 'no' }, status: 401 }));
    await service(cmf, { log }).refresh({ force: true });
    expect(JSON.stringify(log.lines)).not.toContain('s3cr3t');
    expect(log.warnings()[0]?.details.reason).toMatch(/apikey=….*answered HTTP 401/);
  });

  it('asks for next year too in December, and takes this year alone if that is not out yet', async () => {
    const december = () => new Date('2025-12-20T15:00:00Z');
    fake.answerWith((path) =>
      path === '/uf/2026'
        ? { json: { message: 'not found' }, status: 404 }
        : { json: mindicadorSeries([{ date: '2025-12-20', value: 39_720.5 }]) },
    );
    const result = await service(mindicador(), { now: december }).refresh({ force: true });
    expect(fake.requests).toEqual(['/uf/2025', '/uf/2026']);
    expect(result).toMatchObject({ fetch: 'stored', stored: 1 });
  });

  it('leaves stored values untouched and logs the reason when the source fails or talks nonsense', async () => {
    await service(null).putValue(TODAY, 39_000);
    const before = await stored();
    const answers: [string, Parameters<FakeUfSource['answerWith']>[0], RegExp][] = [
      ['an error status', () => ({ json: { serie: [] }, status: 503 }), /answered HTTP 503/],
      ['a dropped connection', () => ({ drop: true }), /could not be reached/],
      ['no answer in time', () => ({ stallMs: 5_000 }), /did not answer within 300 ms/],
      ['text that is not JSON', () => ({ text: '<html>oops' }), /not JSON/],
      ['another shape', () => ({ json: { UFs: [] } }), /not a UF series: serie/],
      [
        'a value as text',
        () => ({ json: { serie: [{ fecha: '2025-11-24T03:00:00.000Z', valor: '39643,59' }] } }),
        /not a UF series: serie\.0\.valor/,
      ],
      [
        'a date that is no instant',
        () => ({ json: { serie: [{ fecha: '2025-02-30', valor: 39_643.59 }] } }),
        /not a UF series: serie\.0\.fecha/,
      ],
      [
        'a zero value',
        () => ({ json: mindicadorSeries([{ date: TODAY, value: 0 }]) }),
        /outside 1000 to 100000 pesos/,
      ],
      [
        'a negative value',
        () => ({ json: mindicadorSeries([{ date: TODAY, value: -39_643.59 }]) }),
        /outside 1000 to 100000 pesos/,
      ],
      [
        'the value in thousands (a slipped separator)',
        () => ({ json: mindicadorSeries([{ date: TODAY, value: 39.64359 }]) }),
        /not pesos with 2 decimals/,
      ],
      [
        'a value far too large',
        () => ({ json: mindicadorSeries([{ date: TODAY, value: 39_643_590 }]) }),
        /outside 1000 to 100000 pesos/,
      ],
      [
        'a day far in the future',
        () => ({ json: mindicadorSeries([{ date: '2026-03-01', value: 39_643.59 }]) }),
        /dated 2026-03-01, outside/,
      ],
      [
        'one good value and one bad',
        () => ({
          json: mindicadorSeries([
            { date: TODAY, value: 39_643.59 },
            { date: '1999-01-01', value: 1 },
          ]),
        }),
        /outside/,
      ],
      [
        'two values for one day',
        () => ({
          json: mindicadorSeries([
            { date: TODAY, value: 39_643.59 },
            { date: TODAY, value: 39_700 },
          ]),
        }),
        /two different values/,
      ],
    ];
    for (const [label, answer, reason] of answers) {
      fake.answerWith(answer);
      const log = collectingLog();
      const result = await service(mindicador(300), { log }).refresh({ force: true });
      expect(result.fetch, label).toBe('failed');
      expect(await stored(), label).toEqual(before);
      const [warning, ...more] = log.warnings();
      expect(more, label).toEqual([]);
      expect(warning?.details.reason, label).toMatch(reason);
      expect(warning?.message, label).toMatch(/the stored ones are unchanged/);
    }
  });

  it('never stores any part of an answer with a bad entry (fast-check, seeded)', async () => {
    const good = series.map((v) => ({ fecha: `${v.date}T03:00:00.000Z`, valor: v.value }));
    const badEntry = fc.oneof(
      fc.record({
        fecha: fc.constantFrom('2025-11-24T03:00:00.000Z', '2025-11-30T03:00:00.000Z'),
        valor: fc.oneof(
          fc.double({ max: 999.99, noNaN: true }),
          fc.double({ min: 100_000.01, noNaN: true }),
          fc.constantFrom(39_643.591, Number.NaN, null, '39643.59', true),
        ),
      }),
      fc.record({
        fecha: fc.oneof(
          fc.constantFrom('2025-02-30T03:00:00Z', 'ayer', '', '2027-01-01T03:00:00.000Z'),
          fc.string({ maxLength: 12 }),
        ),
        valor: fc.constant(39_643.59),
      }),
    );
    const answer = fc
      .tuple(badEntry, fc.nat({ max: good.length }))
      .map(([bad, at]) => ({ serie: [...good.slice(0, at), bad, ...good.slice(at)] }));
    await fc.assert(
      fc.asyncProperty(answer, async (json) => {
        await db.execute(sql`update uf_fetch set lease_until = null`);
        fake.answerWith(() => ({ json }));
        const log = collectingLog();
        const result = await service(mindicador(), { log }).refresh({ force: true });
        expect(result.fetch).toBe('failed');
        expect(await stored()).toEqual([]);
        expect(log.warnings()).toHaveLength(1);
      }),
      { seed: 20_261_124, numRuns: 40 },
    );
  });

  it('fetches again only when due, and a failure sooner than a success', async () => {
    fake.answerWith(() => ({ json: mindicadorSeries(series) }));
    const job = service(mindicador());
    expect((await job.refresh({ force: true })).fetch).toBe('stored');
    expect((await job.refresh()).fetch).toBe('skipped');
    expect(fake.requests).toHaveLength(1);
    const [row] = await queryRows<{ next_in: string; failure: string | null }>(
      db,
      sql`select round(extract(epoch from next_at - now()) / 60) as next_in, failure from uf_fetch`,
    );
    expect(row).toEqual({ next_in: '60', failure: null });

    fake.answerWith(() => ({ json: {}, status: 500 }));
    expect((await job.refresh({ force: true })).fetch).toBe('failed');
    const [failed] = await queryRows<{ next_in: string; failure: string | null }>(
      db,
      sql`select round(extract(epoch from next_at - now()) / 60) as next_in, failure from uf_fetch`,
    );
    expect(failed?.next_in).toBe('10');
    expect(failed?.failure).toMatch(/HTTP 500/);
  });

  it('lets one of two processes fetch and re-price while the other skips, both without error', async () => {
    await addProperties();
    fake.answerWith(() => ({ json: mindicadorSeries(series) }));
    // Slow enough that the two runs overlap.
    let delayed = 0;
    const slow: UfSourceAdapter = {
      name: 'mindicador',
      fetchValues: async (today, signal) => {
        delayed++;
        await new Promise((resolve) => setTimeout(resolve, 200));
        return mindicador().fetchValues(today, signal);
      },
    };
    const [a, b] = await Promise.all([
      service(slow).refresh({ force: true }),
      service(slow).refresh({ force: true }),
    ]);
    expect(delayed).toBe(1);
    expect(fake.requests).toHaveLength(1);
    expect([a.fetch, b.fetch].sort()).toEqual(['skipped', 'stored']);
    expect(await stored()).toHaveLength(5);
    expect((await pesos())['UF flat']?.price).toBe(178_415_977);
  });
});

describe('re-pricing', () => {
  it('follows the value in effect as the day rolls over to a value published in advance', async () => {
    await addProperties();
    fake.answerWith(() => ({ json: mindicadorSeries(series) }));
    await service(mindicador()).refresh({ force: true });
    expect((await pesos())['UF flat']?.price).toBe(178_415_977);

    // The next day in Chile starts at 03:00 UTC in November: 02:59 is still the 24th.
    const at = (iso: string) => service(null, { now: () => new Date(iso) });
    expect(await at('2025-11-25T02:59:00Z').reprice()).toEqual({ repriced: 0 });
    expect(await at('2025-11-25T03:01:00Z').reprice()).toEqual({ repriced: 1 });
    // 4500.5 × 39650.33 = 178,446,310.165
    expect((await pesos())['UF flat']).toEqual({ price: 178_446_310, per_sqm: 3_568_926 });
    expect(await at('2025-11-25T12:00:00Z').current()).toEqual({
      uf: { date: '2025-11-25', value: 39_650.33, source: 'mindicador' },
      today: '2025-11-25',
      is_today: true,
    });
    // Days later, before the next published day: the latest one before it stays in effect.
    expect(await at('2025-12-05T12:00:00Z').reprice()).toEqual({ repriced: 0 });
    expect(await at('2025-12-05T12:00:00Z').current()).toMatchObject({
      uf: { date: '2025-11-25' },
      is_today: false,
    });
  });

  it('is idempotent, and two at once leave every UF row priced once, at the new value', async () => {
    const ids = await addProperties();
    await insertFlats(
      Array.from({ length: 40 }, (_, i) => ({
        name: `UF ${i}`,
        amount: 2000 + i + 0.25,
        unit: 'UF' as const,
      })),
    );
    await service(null).putValue(TODAY, 39_643.59);
    const results = await Promise.all([service(null).reprice(), service(null).reprice()]);
    // The manual entry re-priced already; neither finds anything left to do.
    expect(results).toEqual([{ repriced: 0 }, { repriced: 0 }]);

    await db.execute(sql`insert into uf_values (date, value, source) values (${TODAY}, 40000, 'cmf')
      on conflict (date) do update set value = excluded.value, source = excluded.source`);
    const racing = await Promise.all([service(null).reprice(), service(null).reprice()]);
    const done = racing.filter((r) => r !== null).reduce((n, r) => n + (r?.repriced ?? 0), 0);
    expect(done).toBe(41);
    const [wrong] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from properties where price_unit = 'UF' and price <> round(price_amount * 40000)`,
    );
    expect(wrong?.n).toBe(0);
    expect(ids).toHaveLength(2);
    expect(await service(null).reprice()).toEqual({ repriced: 0 });
  });

  it('re-prices in batches: 41 UF rows, 7 per statement, every one at the new value', async () => {
    await addProperties();
    await insertFlats(
      Array.from({ length: 40 }, (_, i) => ({
        name: `UF ${i}`,
        amount: 3000 + i + 0.5,
        unit: 'UF' as const,
      })),
    );
    await db.execute(
      sql`insert into uf_values (date, value, source) values (${TODAY}, 39000, 'cmf')`,
    );
    const batched = () =>
      createUfService(db, {
        source: null,
        log: collectingLog(),
        refreshMs: HOUR,
        now: () => NOON_IN_CHILE,
        repriceBatch: 7,
      });
    expect(await batched().reprice()).toEqual({ repriced: 41 });
    const [wrong] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from properties where price_unit = 'UF' and price is distinct from round(price_amount * 39000)`,
    );
    expect(wrong?.n).toBe(0);
    expect(await batched().reprice()).toEqual({ repriced: 0 });
  });

  // Other processes writing UF rows while one re-prices: PostgreSQL only (PGlite has one session).
  const onPostgres = process.env.TEST_DB === 'postgres';
  const session = async () => {
    const client = new pg.Client({ connectionString: database.url ?? '' });
    await client.connect();
    return client;
  };
  const settled = (promise: Promise<unknown>) => {
    const state = { done: false };
    void promise.finally(() => {
      state.done = true;
    });
    return state;
  };
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const newValue = () =>
    db.execute(sql`insert into uf_values (date, value, source) values (${TODAY}, 40000, 'cmf')
      on conflict (date) do update set value = excluded.value, source = excluded.source`);

  it.runIf(onPostgres)(
    'a UF row added while re-pricing runs gets the new value, not the old one',
    async () => {
      await service(null).putValue(TODAY, 39_643.59);
      const other = await session();
      try {
        await other.query('begin');
        // Its trigger reads uf_pricing (the old value) and holds that row FOR SHARE until commit.
        await other.query(`insert into properties
          (name, address, city_id, property_type_id, building_sqmts, land_sqmts, price_amount, price_unit)
          values ('late UF flat', 'Av. Grecia 1540', 2101, 2, 50, 50, 3000, 'UF')`);
        await newValue();
        const repricing = service(null).reprice();
        const state = settled(repricing);
        await pause(300);
        // Re-pricing waits for that transaction before it moves uf_pricing.
        expect(state.done).toBe(false);
        await other.query('commit');
        await repricing;
      } finally {
        await other.end();
      }
      expect((await pesos())['late UF flat']?.price).toBe(120_000_000);
    },
  );

  it.runIf(onPostgres)(
    'an edit of a UF row that holds its row lock finishes first, without a deadlock',
    async () => {
      const [uf] = await addProperties();
      await service(null).putValue(TODAY, 39_643.59);
      const other = await session();
      try {
        // As the API edits: lock the row, then (a moment later) write it.
        await other.query('begin');
        await other.query('select id from properties where id = $1 for update', [uf]);
        await newValue();
        const repricing = service(null).reprice();
        await pause(200);
        await other.query('update properties set price_amount = 5000 where id = $1', [uf]);
        await other.query('commit');
        expect(await repricing).toEqual({ repriced: 1 });
      } finally {
        await other.end();
      }
      // 5000 UF at the new value: re-pricing met the edited row after the edit committed.
      expect((await pesos())['UF flat']?.price).toBe(200_000_000);
    },
  );
});
