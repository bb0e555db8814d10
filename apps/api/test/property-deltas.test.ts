import { setTimeout } from 'node:timers/promises';
import type { MapClusters } from '@bec/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { setupApp, validProperty } from './helpers.js';

// The properties' total and map cells kept from appended deltas, folded after the commits
// (ADR 055): every count exact whether a delta is pending or folded, the fold's cells
// equal to grouping the rows, and no add waiting on another's shared rows.
const t = setupApp();

const ALL_CHILE = 'west=-110&south=-56&east=-66&north=-17';
const PLACES = [
  { city: 13120, lat: -33.4569, lng: -70.5975 },
  { city: 13101, lat: -33.4372, lng: -70.6506 },
  { city: 5101, lat: -33.0472, lng: -71.6127 },
  { city: 12101, lat: -53.1638, lng: -70.9171 },
];

async function getJson<T>(url: string): Promise<T> {
  const response = await t.inject('viewer', { method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as T;
}

/** What the API says against the rows themselves: the list's total and the map's totals. */
async function expectCountsExact(step: string) {
  const [rows] = await queryRows<{ all: number; located: number; visited_located: number }>(
    t.db.db,
    sql`select count(*)::integer as all, count(map_x)::integer as located,
          count(map_x) filter (where visited)::integer as visited_located
        from properties`,
  );
  const list = await getJson<{ total: number }>('/api/properties?limit=1');
  expect(list.total, step).toBe(rows?.all);
  const map = await getJson<MapClusters>(`/api/market/map?${ALL_CHILE}&zoom=6`);
  expect(map.located + map.without_location, step).toBe(rows?.all);
  expect(map.located, step).toBe(rows?.located);
  const shown = map.clusters.reduce((s, c) => s + c.count, 0) + map.points.length;
  expect(shown, step).toBe(rows?.located);
  const visited = await getJson<MapClusters>(`/api/market/map?${ALL_CHILE}&zoom=9&visited=true`);
  expect(visited.located, step).toBe(rows?.visited_located);
}

/** The kept cells (nothing pending) against the same cells grouped from the rows. */
async function expectCellsEqualRows() {
  const kept = await queryRows(
    t.db.db,
    sql`select level, cx, cy, city_id, property_type_id, visited, n,
          round(lat_sum::numeric, 4)::float8 as lat, round(lng_sum::numeric, 4)::float8 as lng
        from property_map_cells where n <> 0 order by 1, 2, 3, 4, 5, 6`,
  );
  const grouped = await queryRows(
    t.db.db,
    sql`select l.level, coalesce(p.map_x >> (24 - l.level), 0) as cx,
          coalesce(p.map_y >> (24 - l.level), 0) as cy, k.city as city_id,
          k.type as property_type_id, k.visited, count(*)::integer as n,
          round(coalesce(sum(p.latitude::float8), 0)::numeric, 4)::float8 as lat,
          round(coalesce(sum(p.longitude::float8), 0)::numeric, 4)::float8 as lng
        from properties p
        cross join lateral (
          select g from generate_series(2, 15) as g where p.map_x is not null
          union all select 0 where p.map_x is null
        ) as l(level)
        cross join lateral (values (p.city_id, p.property_type_id, p.visited), (0, 0, false))
          as k(city, type, visited)
        group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`,
  );
  expect(kept).toEqual(grouped);
  const [total] = await queryRows<{ n: number; pending: number }>(
    t.db.db,
    sql`select n::integer as n, (select count(*)::integer from properties_total_deltas) +
          (select count(*)::integer from property_map_cell_deltas) as pending
        from properties_total`,
  );
  expect(total?.pending).toBe(0);
  const [count] = await queryRows<{ n: number }>(
    t.db.db,
    sql`select count(*)::integer as n from properties`,
  );
  expect(total?.n).toBe(count?.n);
}

const placeArb = fc.record({
  place: fc.integer({ min: 0, max: PLACES.length - 1 }),
  located: fc.boolean(),
  visited: fc.boolean(),
  dx: fc.integer({ min: -400, max: 400 }),
});
type Place = typeof placeArb extends fc.Arbitrary<infer T> ? T : never;

const coordinates = ({ place, located, dx }: Place) => {
  const p = PLACES[place] ?? PLACES[0];
  if (!p || !located) return { city_id: p?.city ?? 13120, latitude: null, longitude: null };
  return { city_id: p.city, latitude: p.lat + dx / 10_000, longitude: p.lng - dx / 10_000 };
};

const command = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), rows: fc.array(placeArb, { maxLength: 4 }) }),
  fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), to: placeArb }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('fold' as const) }),
);
type Command = typeof command extends fc.Arbitrary<infer T> ? T : never;

async function apply(c: Command) {
  const ids = (
    await queryRows<{ id: number }>(t.db.db, sql`select id from properties order by id`)
  ).map((r) => r.id);
  if (c.kind === 'fold') {
    await t.app.foldPropertyDeltas();
    return;
  }
  if (c.kind === 'insert') {
    if (!c.rows.length) return;
    const rows = c.rows.map((r, i) => ({ ...coordinates(r), visited: r.visited, name: `D${i}` }));
    await queryRows(
      t.db.db,
      sql`insert into properties (name, address, city_id, property_type_id, visited, price_amount,
          price_unit, building_sqmts, land_sqmts, latitude, longitude)
        select name, 'Calle 1', city_id, 2, visited, 100000000, 'CLP', 60, 60, latitude, longitude
        from json_to_recordset(${JSON.stringify(rows)}::json) as r(name text, city_id int,
          visited boolean, latitude numeric, longitude numeric)`,
    );
    return;
  }
  const id = ids.length ? ids[c.pick % ids.length] : undefined;
  if (id === undefined) return;
  if (c.kind === 'delete') {
    await queryRows(t.db.db, sql`delete from properties where id = ${id}`);
    return;
  }
  const to = coordinates(c.to);
  await queryRows(
    t.db.db,
    sql`update properties set city_id = ${to.city_id}, latitude = ${to.latitude},
        longitude = ${to.longitude}, visited = ${c.to.visited} where id = ${id}`,
  );
}

describe('the total and the map cells, folded from deltas', () => {
  it('count exactly after every insert, move, delete and fold, and fold into the rows’ own cells', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 8 }), async (commands) => {
        for (const [i, c] of commands.entries()) {
          await apply(c);
          await expectCountsExact(`after step ${i}: ${c.kind}`);
        }
        await t.app.foldPropertyDeltas();
        await expectCellsEqualRows();
        await expectCountsExact('after the fold');
      }),
      { numRuns: 12, seed: 3505 },
    );
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'counts the deltas still pending while a fold cannot run, and folds them once it can',
    async () => {
      const holder = new pg.Client({ connectionString: t.databaseUrl as string });
      await holder.connect();
      try {
        // The fold's lock, held elsewhere: every fold skips, so the adds below stay pending.
        await holder.query('begin');
        await holder.query('select pg_advisory_xact_lock(5501, 1)');
        for (const place of [0, 1, 3]) {
          const p = PLACES[place];
          const added = await t.inject('editor', {
            method: 'POST',
            url: '/api/properties/add',
            payload: validProperty({ city_id: p?.city, latitude: p?.lat, longitude: p?.lng }),
          });
          expect(added.statusCode, added.body).toBe(201);
        }
        expect(await t.app.foldPropertyDeltas()).toBe(0);
        const [pending] = await queryRows<{ n: number }>(
          t.db.db,
          sql`select count(*)::integer as n from property_map_cell_deltas`,
        );
        expect(pending?.n).toBeGreaterThanOrEqual(3);
        await expectCountsExact('with the adds pending');
        await holder.query('commit');
        expect(await t.app.foldPropertyDeltas()).toBeGreaterThan(0);
        await expectCellsEqualRows();
        await expectCountsExact('folded');
      } finally {
        await holder.end();
      }
    },
  );

  it.runIf(process.env.TEST_DB === 'postgres')(
    'lets an add through while another add in the same comuna is still uncommitted',
    async () => {
      const other = new pg.Client({ connectionString: t.databaseUrl as string });
      await other.connect();
      try {
        // An add in flight, past its inserts, not yet committed: it holds its own rows only.
        await other.query('begin');
        await other.query(
          `insert into properties (name, address, city_id, property_type_id, price_amount,
             price_unit, building_sqmts, land_sqmts, latitude, longitude)
           values ('En vuelo', 'Calle 2', 13120, 2, 1, 'CLP', 1, 1, -33.4569, -70.5975)`,
        );
        const adding = t.inject('editor', {
          method: 'POST',
          url: '/api/properties/add',
          payload: validProperty({ latitude: -33.4569, longitude: -70.5975 }),
        });
        // Before ADR 055 it waited on the total's row and the shared cells until the other
        // committed, which here comes only after it answers.
        const first = await Promise.race([adding, setTimeout(5_000, 'still waiting')]);
        await other.query('commit');
        expect(first).not.toBe('still waiting');
        const added = await adding;
        expect(added.statusCode, added.body).toBe(201);
        await t.app.foldPropertyDeltas();
        await expectCellsEqualRows();
        await expectCountsExact('both committed');
      } finally {
        await other.end();
      }
    },
  );
});
