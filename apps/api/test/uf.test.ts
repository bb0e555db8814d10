import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { queryRows } from '../src/db/client.js';
import { addDays, chileDate } from '../src/lib/chile-date.js';
import { createTestDatabase } from './database.js';
import { startFakeUfSource } from './fake-uf-source.js';
import { type Person, setupApp, validProperty } from './helpers.js';

// The UF endpoints: the value in effect for any member, the stored values and hand-entered
// values for admins (ADR 014).
const t = setupApp();

const TODAY = chileDate(new Date());

const putValue = (who: Person, date: string, payload: unknown) =>
  t.inject(who, { method: 'PUT', url: `/api/uf/values/${date}`, payload: JSON.stringify(payload) });

const storedCount = async () =>
  Number((await queryRows<{ n: string }>(t.db.db, sql`select count(*) as n from uf_values`))[0]?.n);

describe('the UF endpoints', () => {
  it('answer any member with the value in effect, or none', async () => {
    const response = await t.inject('viewer', { method: 'GET', url: '/api/uf' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'success',
      message: 'UF',
      data: { uf: null, today: TODAY, is_today: false },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/uf' })).statusCode).toBe(401);
  });

  it('keep the stored values and hand entries to admins: 403 for viewers and editors', async () => {
    for (const who of ['viewer', 'editor'] as const) {
      const list = await t.inject(who, { method: 'GET', url: '/api/uf/values' });
      expect(list.statusCode, who).toBe(403);
      expect(list.json().error.code).toBe('FORBIDDEN');
      const put = await putValue(who, TODAY, { value: 39_643.59 });
      expect(put.statusCode, who).toBe(403);
    }
    expect(await storedCount()).toBe(0);
  });

  it('refuse a bad value or day with a 400 naming it, and store nothing', async () => {
    const cases: [string, unknown, string, string][] = [
      [TODAY, { value: 999.99 }, 'value', 'UF value must be between 1000 and 100000 pesos'],
      [TODAY, { value: 100_001 }, 'value', 'UF value must be between 1000 and 100000 pesos'],
      [TODAY, { value: 39_643.591 }, 'value', 'UF value can have at most 2 decimals'],
      [TODAY, { value: '39.643,59' }, 'value', 'UF value must be a number'],
      [TODAY, {}, 'value', 'UF value is required'],
      ['2025-02-30', { value: 39_643.59 }, 'date', 'Date must be a real date written YYYY-MM-DD'],
      ['24-11-2025', { value: 39_643.59 }, 'date', 'Date must be a real date written YYYY-MM-DD'],
      [
        '1999-12-31',
        { value: 39_643.59 },
        'date',
        'Date must be between 2000-01-01 and 2099-12-31',
      ],
      [
        addDays(TODAY, 46),
        { value: 39_643.59 },
        'date',
        `Date can be at most 45 days after today in Chile (${addDays(TODAY, 45)})`,
      ],
    ];
    for (const [date, body, field, message] of cases) {
      const response = await putValue('admin', date, body);
      expect(response.statusCode, `${date} ${JSON.stringify(body)}`).toBe(400);
      expect(response.json().error.fieldErrors, date).toEqual({ [field]: [message] });
    }
    expect(await storedCount()).toBe(0);
  });

  it("store an admin's value for today, which takes effect and re-prices UF properties", async () => {
    const added = await t.inject('editor', {
      method: 'POST',
      url: '/api/properties/add',
      payload: validProperty({ name: 'UF by hand', price: 4500.5, price_unit: 'UF' }),
    });
    const id = added.json().data.id;

    const response = await putValue('admin', TODAY, { value: 39_643.59 });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toEqual({
      stored: {
        date: TODAY,
        value: 39_643.59,
        source: 'manual',
        stored_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
      },
      in_effect: { date: TODAY, value: 39_643.59, source: 'manual' },
      repriced: 1,
    });
    expect((await t.inject('viewer', { method: 'GET', url: '/api/uf' })).json().data).toEqual({
      uf: { date: TODAY, value: 39_643.59, source: 'manual' },
      today: TODAY,
      is_today: true,
    });
    const property = (
      await t.inject('viewer', { method: 'GET', url: `/api/properties/${id}` })
    ).json().data;
    expect(property).toMatchObject({ price_clp: 178_415_977, uf: data.in_effect });

    // A correction of the same day re-prices again; the same value again changes nothing.
    expect((await putValue('admin', TODAY, { value: 39_643.6 })).json().data.repriced).toBe(1);
    expect((await putValue('admin', TODAY, { value: 39_643.6 })).json().data.repriced).toBe(0);
  });

  it('store days ahead without changing the value in effect, and list them newest first, by pages', async () => {
    for (const [days, value] of [
      [3, 39_660],
      [-2, 39_630],
      [-1, 39_635],
    ] as const) {
      const response = await putValue('admin', addDays(TODAY, days), { value });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toMatchObject({
        in_effect: { date: TODAY, value: 39_643.6 },
        repriced: 0,
      });
    }
    const dates: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `limit=2&cursor=${encodeURIComponent(cursor)}` : 'limit=2';
      const page = await t.inject('admin', { method: 'GET', url: `/api/uf/values?${query}` });
      expect(page.statusCode, page.body).toBe(200);
      const data = page.json().data;
      dates.push(...data.items.map((item: { date: string }) => item.date));
      cursor = data.next_cursor;
    } while (cursor);
    expect(dates).toEqual([3, 0, -1, -2].map((days) => addDays(TODAY, days)));

    for (const query of ['cursor=bm9wZQ', 'limit=0', 'limit=401', 'limit=1e2']) {
      const response = await t.inject('admin', { method: 'GET', url: `/api/uf/values?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().error.fieldErrors), query).toHaveLength(1);
    }
  });
});

describe('the UF job in a running app', () => {
  it('fetches from UF_SOURCE_URL at start and logs a warning with the reason when the source fails', async () => {
    const fake = await startFakeUfSource(() => ({ json: { serie: 'nope' } }));
    const database = await createTestDatabase();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bec-uf-test-'));
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).trim().split('\n')) lines.push(JSON.parse(line));
        done();
      },
    });
    const app = await buildApp({
      config: loadConfig({
        OIDC_ISSUER: fake.url,
        OIDC_CLIENT_ID: 'bec-web',
        OIDC_AUDIENCE: 'bec-api-test',
        SEED_DEMO: '0',
        DATA_DIR: dataDir,
        UF_SOURCE: 'mindicador',
        UF_SOURCE_URL: fake.url,
      }),
      database: database.handle,
      logger: { level: 'info', stream },
      webRoot: null,
    });
    try {
      await app.ready();
      const year = TODAY.slice(0, 4);
      await expect.poll(() => fake.requests.includes(`/uf/${year}`)).toBe(true);
      await expect.poll(() => lines.some((l) => typeof l.reason === 'string')).toBe(true);
      const line = lines.find((l) => typeof l.reason === 'string');
      expect(line).toMatchObject({
        level: 40,
        source: 'mindicador',
        reason: expect.stringMatching(/not a UF series: serie/),
      });
      expect(await queryRows(database.handle.db, sql`select * from uf_values`)).toEqual([]);
    } finally {
      await app.close();
      await database.destroy();
      await fake.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
