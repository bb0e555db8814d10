import { setTimeout } from 'node:timers/promises';
import {
  type Comparables,
  type MapClusters,
  type MarketStats,
  MarketStatsQuerySchema,
} from '@bec/contracts';
import { fillPlaceholders, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { chileDate } from '../src/lib/chile-date.js';
import { peerStandingStatement } from '../src/modules/market/comparables.repository.js';
import { createStatisticsService } from '../src/modules/market/statistics.service.js';
import { setupApp, validProperty } from './helpers.js';

// The Data section's API (ADR 017): clusters that keep every count at every zoom,
// statistics checked against figures computed here, comparables by percentile and distance.
const t = setupApp();

const CASA = 1;
const DEPTO = 2;
const TERRENO = 5;
const NUNOA = 13120;
const SANTIAGO = 13101;
const LAS_CONDES = 13114;
const VALPARAISO = 5101;
const PUNTA_ARENAS = 12101;
const ARICA = 15101;
/** No scattered property lands here: the comparables' own comuna. */
const LA_SERENA = 4101;

/** Comunas with a centre, for properties scattered around it. */
const PLACES = [
  { city: NUNOA, lat: -33.4569, lng: -70.5975 },
  { city: SANTIAGO, lat: -33.4372, lng: -70.6506 },
  { city: LAS_CONDES, lat: -33.4087, lng: -70.5671 },
  { city: VALPARAISO, lat: -33.0472, lng: -71.6127 },
  { city: PUNTA_ARENAS, lat: -53.1638, lng: -70.9171 },
  { city: ARICA, lat: -18.4783, lng: -70.3126 },
];

const ALL_CHILE = 'west=-110&south=-56&east=-66&north=-17';

type Row = {
  name: string;
  city_id: number;
  property_type_id: number;
  visited: boolean;
  price_amount: number;
  price_unit: 'CLP' | 'UF';
  building_sqmts: number;
  land_sqmts: number;
  latitude: number | null;
  longitude: number | null;
};

/** Rows straight into the table (the triggers derive the rest), as a bulk load would. */
async function insertRows(rows: Row[]) {
  const ids = await queryRows<{ id: number }>(
    t.db.db,
    sql`insert into properties (name, address, city_id, property_type_id, visited, price_amount,
        price_unit, building_sqmts, land_sqmts, latitude, longitude)
      select name, 'Calle 123', city_id, property_type_id, visited, price_amount, price_unit,
        building_sqmts, land_sqmts, latitude, longitude
      from json_to_recordset(${JSON.stringify(rows)}::json) as r(name text, city_id int,
        property_type_id int, visited boolean, price_amount numeric, price_unit text,
        building_sqmts numeric, land_sqmts numeric, latitude numeric, longitude numeric)
      returning id`,
  );
  return ids.map((r) => r.id);
}

async function getJson<T>(url: string): Promise<T> {
  const response = await t.inject('viewer', { method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as T;
}

const mapOf = (query: string) => getJson<MapClusters>(`/api/market/map?${query}`);
const statsOf = (query: string) => getJson<MarketStats>(`/api/market/stats?${query}`);

/** Everything the answer shows, as one number: the clusters' counts and the single pins. */
const shown = (m: MapClusters) => m.clusters.reduce((s, c) => s + c.count, 0) + m.points.length;

/** The answer in a comparable form (order-free, coordinates to 5 decimals). */
const canonical = (m: MapClusters) => ({
  clusters: m.clusters.map((c) => `${c.count}@${c.lat.toFixed(5)},${c.lng.toFixed(5)}`).sort(),
  points: m.points.map((p) => p.id).sort((a, b) => a - b),
  in_view: m.in_view,
  located: m.located,
  without_location: m.without_location,
});

/** A seeded scatter of properties around the places, some without coordinates. */
function scatter(count: number, seed: number): Row[] {
  const rows: Row[] = [];
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  for (let i = 0; i < count; i++) {
    const place = PLACES[Math.floor(random() * PLACES.length)] ?? PLACES[0];
    if (!place) throw new Error('no place');
    const located = random() > 0.15;
    const type = [CASA, DEPTO, TERRENO][Math.floor(random() * 3)] ?? CASA;
    rows.push({
      name: `Propiedad ${seed}-${i}`,
      city_id: place.city,
      property_type_id: type,
      visited: random() > 0.7,
      price_amount: Math.round(50_000_000 + random() * 400_000_000),
      price_unit: 'CLP',
      building_sqmts: type === TERRENO ? 0 : Math.round(40 + random() * 200),
      land_sqmts: Math.round(100 + random() * 2000),
      // Within ~5 km of the centre; the same spot now and then (a building's flats).
      latitude: located ? round6(place.lat + (random() - 0.5) * 0.09) : null,
      longitude: located ? round6(place.lng + (random() - 0.5) * 0.09) : null,
    });
  }
  return rows;
}
const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

describe('map clusters', () => {
  let rows: Row[] = [];
  let ids: number[] = [];

  beforeAll(async () => {
    rows = scatter(240, 17);
    ids = await insertRows(rows);
  });

  const count = (keep: (r: Row) => boolean) => rows.filter(keep).length;

  it('counts every matching property at every zoom, with and without location', async () => {
    const located = count((r) => r.latitude !== null);
    for (let zoom = 0; zoom <= 15; zoom++) {
      const m = await mapOf(`${ALL_CHILE}&zoom=${zoom}`);
      expect(m.located, `zoom ${zoom}`).toBe(located);
      expect(m.without_location).toBe(rows.length - located);
      expect(shown(m), `zoom ${zoom}`).toBe(located);
      expect(m.in_view).toBe(located);
      expect(m.truncated).toBe(false);
    }
  });

  it('sends a few clusters for all of Chile, and splits them as the view zooms in', async () => {
    const chile = await mapOf(`${ALL_CHILE}&zoom=4`);
    expect(chile.clusters.length).toBeLessThanOrEqual(PLACES.length);
    expect(chile.points).toEqual([]);
    // Santiago at zoom 13: the three Santiago comunas' properties, in more, smaller groups.
    const santiago = 'west=-70.75&south=-33.52&east=-70.50&north=-33.35';
    const near = (r: Row) =>
      r.latitude !== null && [NUNOA, SANTIAGO, LAS_CONDES].includes(r.city_id);
    const zoomed = await mapOf(`${santiago}&zoom=13`);
    expect(shown(zoomed)).toBe(count(near));
    expect(zoomed.clusters.length + zoomed.points.length).toBeGreaterThan(3);
    const street = await mapOf(`${santiago}&zoom=16`);
    expect(street.clusters).toEqual([]);
    expect(street.points.length).toBe(count(near));
    for (const p of street.points) {
      const row = rows[ids.indexOf(p.id)];
      expect(row && [row.latitude, row.longitude]).toEqual([p.lat, p.lng]);
    }
  });

  it('keeps each single pin with its id and name', async () => {
    const m = await mapOf(`${ALL_CHILE}&zoom=15`);
    expect(m.points.length).toBeGreaterThan(0);
    for (const p of m.points) {
      const row = rows[ids.indexOf(p.id)];
      expect(row?.name).toBe(p.name);
    }
  });

  it('applies the grid’s filters, from the kept cells and from the rows alike', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          zoom: fc.integer({ min: 0, max: 15 }),
          city: fc.option(fc.constantFrom(...PLACES.map((p) => p.city)), { nil: undefined }),
          type: fc.option(fc.constantFrom(CASA, DEPTO, TERRENO), { nil: undefined }),
          visited: fc.option(fc.boolean(), { nil: undefined }),
        }),
        async ({ zoom, city, type, visited }) => {
          const filters = new URLSearchParams();
          if (city !== undefined) filters.set('city_id', String(city));
          if (type !== undefined) filters.set('property_type_id', String(type));
          if (visited !== undefined) filters.set('visited', String(visited));
          const match = (r: Row) =>
            (city === undefined || r.city_id === city) &&
            (type === undefined || r.property_type_id === type) &&
            (visited === undefined || r.visited === visited);
          const fromCells = await mapOf(`${ALL_CHILE}&zoom=${zoom}&${filters}`);
          expect(fromCells.located).toBe(count((r) => match(r) && r.latitude !== null));
          expect(fromCells.without_location).toBe(count((r) => match(r) && r.latitude === null));
          expect(shown(fromCells)).toBe(fromCells.located);
          // A price floor every row passes makes the server group the rows themselves: the
          // trigger-kept cells must tell exactly the same.
          const fromRows = await mapOf(`${ALL_CHILE}&zoom=${zoom}&${filters}&price_min=0`);
          expect(canonical(fromRows)).toEqual(canonical(fromCells));
        },
      ),
      { numRuns: 25, seed: 1717 },
    );
  });

  it('follows edits and deletions in the kept cells', async () => {
    const [moved, gone, toggled] = ids.filter((_, i) => rows[i]?.latitude !== null);
    await queryRows(
      t.db.db,
      sql`update properties set latitude = -41.4693, longitude = -72.9424, city_id = 10101
        where id = ${moved}`,
    );
    await queryRows(
      t.db.db,
      sql`update properties set visited = not visited where id = ${toggled}`,
    );
    await queryRows(t.db.db, sql`delete from properties where id = ${gone}`);
    for (const zoom of [3, 8, 12, 14]) {
      for (const extra of ['', '&visited=true', '&city_id=10101']) {
        const cells = await mapOf(`${ALL_CHILE}&zoom=${zoom}${extra}`);
        const rowsAnswer = await mapOf(`${ALL_CHILE}&zoom=${zoom}${extra}&price_min=0`);
        expect(canonical(cells)).toEqual(canonical(rowsAnswer));
      }
    }
    const puertoMontt = await mapOf(`${ALL_CHILE}&zoom=5&city_id=10101`);
    expect(puertoMontt.located).toBe(1);
    expect(puertoMontt.points.map((p) => p.id)).toEqual([moved]);
  });

  it('counts a cluster whole when its cell meets the view, and nothing beyond the cells', async () => {
    // Zoom 10: cells of 64 px, ~0.088° of longitude. Two lone properties far east, one inside the
    // view's last cell and one two cells beyond it.
    const [inside, outside] = await insertRows([
      { ...scatter(1, 5)[0], latitude: -45.5, longitude: -67.0, name: 'Borde dentro' } as Row,
      { ...scatter(1, 6)[0], latitude: -45.5, longitude: -66.75, name: 'Borde fuera' } as Row,
    ]);
    const view = await mapOf('west=-67.2&south=-45.7&east=-66.99&north=-45.3&zoom=10');
    const seen = view.points.map((p) => p.id);
    expect(seen).toContain(inside);
    expect(seen).not.toContain(outside);
    // West of every property: an empty view, and the totals still count everything.
    const empty = await mapOf('west=-109&south=-30&east=-100&north=-20&zoom=8');
    expect(empty.clusters).toEqual([]);
    expect(empty.points).toEqual([]);
    expect(empty.located).toBeGreaterThan(0);
  });

  it('lists the properties without coordinates apart: located=false in the grid', async () => {
    const m = await mapOf(`${ALL_CHILE}&zoom=5`);
    const response = await t.inject('viewer', {
      method: 'GET',
      url: '/api/properties?located=false&limit=100',
    });
    const list = response.json().data;
    expect(list.total).toBe(m.without_location);
    expect(list.props.length).toBe(Math.min(100, m.without_location));
    const onMap = await mapOf(`${ALL_CHILE}&zoom=5&located=false`);
    expect(onMap.clusters).toEqual([]);
    expect(onMap.located).toBe(0);
    expect(onMap.without_location).toBe(m.without_location);
  });

  it('at street zoom sends at most the cap of pins, and says so', async () => {
    const m = await mapOf('west=-70.75&south=-33.52&east=-70.50&north=-33.35&zoom=19');
    expect(m.truncated).toBe(false);
    expect(m.points.length).toBe(m.in_view);
  });
});

describe('map queries that are refused', () => {
  it.each([
    ['west=abc&south=-56&east=-66&north=-17&zoom=4', 'west'],
    ['west=-60&south=-56&east=-66&north=-17&zoom=4', 'east'],
    ['west=-110&south=-17&east=-66&north=-56&zoom=4', 'north'],
    ['west=-181&south=-56&east=-66&north=-17&zoom=4', 'west'],
    [`${ALL_CHILE}&zoom=20`, 'zoom'],
    [`${ALL_CHILE}&zoom=1.5`, 'zoom'],
    [`${ALL_CHILE}`, 'zoom'],
    [`${ALL_CHILE}&zoom=4&price_min=5&price_max=1`, 'price_max'],
  ])('%s: 400 naming %s', async (query, field) => {
    const response = await t.inject('viewer', { method: 'GET', url: `/api/market/map?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues.map((i: { field: string }) => i.field)).toContain(field);
  });

  it('answers members only', async () => {
    const anonymous = await t.inject(null, {
      method: 'GET',
      url: `/api/market/map?${ALL_CHILE}&zoom=4`,
    });
    expect(anonymous.statusCode).toBe(401);
    const stats = await t.inject(null, { method: 'GET', url: '/api/market/stats' });
    expect(stats.statusCode).toBe(401);
    const comparables = await t.inject(null, { method: 'GET', url: '/api/market/comparables/1' });
    expect(comparables.statusCode).toBe(401);
  });
});

/** percentile_cont's interpolation (R-7), as the test's own arithmetic. */
function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = p * (sorted.length - 1);
  const low = Math.floor(at);
  const high = Math.ceil(at);
  const a = sorted[low] ?? Number.NaN;
  const b = sorted[high] ?? Number.NaN;
  return a + (b - a) * (at - low);
}

describe('statistics', () => {
  // A comuna of its own (Arica) with prices chosen here, CLP and UF mixed.
  const UF = 40_000;
  const prices: { amount: number; unit: 'CLP' | 'UF'; area: number; visited: boolean }[] = [
    { amount: 100_000_000, unit: 'CLP', area: 50, visited: true },
    { amount: 3_000, unit: 'UF', area: 60, visited: false },
    { amount: 150_000_000, unit: 'CLP', area: 80, visited: false },
    { amount: 4_500.5, unit: 'UF', area: 100, visited: true },
    { amount: 90_000_000, unit: 'CLP', area: 45, visited: false },
    { amount: 2_750, unit: 'UF', area: 70, visited: false },
    { amount: 210_000_000, unit: 'CLP', area: 120, visited: true },
  ];
  const ids: number[] = [];

  beforeAll(async () => {
    const put = await t.inject('admin', {
      method: 'PUT',
      url: `/api/uf/values/${chileDate(new Date())}`,
      payload: { value: UF },
    });
    expect(put.statusCode, put.body).toBe(200);
    for (const p of prices) {
      const response = await t.inject('editor', {
        method: 'POST',
        url: '/api/properties/add',
        payload: validProperty({
          name: `Estadística ${p.amount}`,
          city_id: ARICA,
          property_type_id: DEPTO,
          price: p.amount,
          price_unit: p.unit,
          building_sqmts: p.area,
          land_sqmts: p.area,
          visited: p.visited,
          latitude: -18.48,
          longitude: -70.31,
          photos: [],
        }),
      });
      expect(response.statusCode, response.body).toBe(201);
      ids.push(response.json().data.id);
    }
  });

  const pesos = (p: (typeof prices)[number]) =>
    p.unit === 'CLP' ? p.amount : Math.round(p.amount * UF);
  const inUf = (p: (typeof prices)[number]) => (p.unit === 'UF' ? p.amount : p.amount / UF);

  it('gives medians and quartiles of price (UF and CLP) and UF/m² per comuna', async () => {
    const stats = await statsOf(`group=comuna&city_id=${ARICA}&property_type_id=${DEPTO}&q=Estad`);
    expect(stats.rows).toHaveLength(1);
    const [row] = stats.rows;
    expect(row?.name).toBe('Arica');
    expect(row?.id).toBe(ARICA);
    expect(row?.count).toBe(prices.length);
    expect(row?.visited).toBe(prices.filter((p) => p.visited).length);
    const clp = prices.map(pesos);
    const uf = prices.map(inUf);
    const ufSqm = prices.map((p) => inUf(p) / p.area);
    for (const [q, p] of [
      ['p25', 0.25],
      ['median', 0.5],
      ['p75', 0.75],
    ] as const) {
      // Rounded by the server to whole pesos and to hundredths of a UF.
      expect(Math.abs((row?.price_clp?.[q] ?? 0) - percentile(clp, p))).toBeLessThanOrEqual(0.5);
      expect(Math.abs((row?.price_uf?.[q] ?? 0) - percentile(uf, p))).toBeLessThanOrEqual(
        0.005 + 1e-9,
      );
      expect(Math.abs((row?.uf_per_sqm?.[q] ?? 0) - percentile(ufSqm, p))).toBeLessThanOrEqual(
        0.005 + 1e-9,
      );
    }
    expect(row?.newest_id).toBe(ids.at(-1));
    expect(stats.all.count).toBe(prices.length);
    expect(stats.uf?.value).toBe(UF);
  });

  it('groups by region and by type, largest first, with a total for all', async () => {
    const byRegion = await statsOf('group=region');
    const total = byRegion.rows.reduce((s, r) => s + r.count, 0);
    expect(total).toBe(byRegion.all.count);
    const counts = byRegion.rows.map((r) => r.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const byType = await statsOf('group=type');
    expect(byType.rows.reduce((s, r) => s + r.count, 0)).toBe(byRegion.all.count);
    expect(byType.rows.map((r) => r.name)).toContain('Departamento');
  });

  /** Asks until the figures are no longer being computed again (that runs off the request). */
  async function settled(ask: () => Promise<MarketStats>) {
    for (;;) {
      const stats = await ask();
      if (!stats.updating) return stats;
      await setTimeout(20);
    }
  }

  it('answers the last figures at once after a write, saying when they are from, then the new ones', async () => {
    const query = `group=comuna&city_id=${ARICA}&q=Estad`;
    const before = await statsOf(query);
    expect(before.updating).toBe(false);
    const again = await statsOf(query);
    expect(again).toEqual(before);
    const wroteAt = Date.now();
    await queryRows(t.db.db, sql`update properties set visited = true where id = ${ids[1]}`);
    // The figures of before the write, from before it, while they are computed again.
    const stale = await statsOf(query);
    expect(stale.updating).toBe(true);
    expect(Date.parse(stale.computed_at)).toBeLessThanOrEqual(wroteAt);
    expect({ ...stale, updating: false }).toEqual(before);
    // Then the new figures, computed after the write.
    const after = await settled(() => statsOf(query));
    expect(after.rows[0]?.visited).toBe((before.rows[0]?.visited ?? 0) + 1);
    expect(after.all.count).toBe(before.all.count);
    expect(Date.parse(after.computed_at)).toBeGreaterThanOrEqual(wroteAt);
    expect(await statsOf(query)).toEqual(after);
  });

  it('computes each version once across processes, however many ask at once', async () => {
    let computations = 0;
    const options = { computed: () => void computations++ };
    // Two API processes sharing the database: their own memory, the same stored figures and lock.
    const one = createStatisticsService(t.db.db, options);
    const other = createStatisticsService(t.db.db, options);
    const query = MarketStatsQuerySchema.parse({
      group: 'type',
      city_id: String(ARICA),
      q: 'Estad',
    });
    // First requests in both at once: one computes, the other waits for its figures.
    const [first, second] = await Promise.all([one(query), other(query)]);
    expect(computations).toBe(1);
    expect(second).toEqual(first);
    expect(first.all.count).toBe(prices.length);

    await queryRows(t.db.db, sql`update properties set visited = not visited where id = ${ids[2]}`);
    const stale = await Promise.all([one(query), one(query), other(query), other(query)]);
    // The first answer starts the one recomputation; the others are the old figures while it
    // runs, or the new ones if it landed first (a race these concurrent calls cannot order).
    expect(stale[0]?.updating).toBe(true);
    for (const answer of stale) {
      if (answer.updating) expect(answer.computed_at).toBe(first.computed_at);
      else expect(Date.parse(answer.computed_at)).toBeGreaterThan(Date.parse(first.computed_at));
    }
    const [fresh, freshOther] = await Promise.all([
      settled(() => one(query)),
      settled(() => other(query)),
    ]);
    expect(computations).toBe(2);
    expect(freshOther).toEqual(fresh);
    expect(fresh.all.visited).toBe(first.all.visited + (prices[2]?.visited ? -1 : 1));
  });

  it('builds a histogram of UF/m² whose bins hold every match with an area', async () => {
    const stats = await statsOf(`city_id=${ARICA}&q=Estad`);
    expect(stats.histogram).toHaveLength(20);
    expect(stats.histogram.reduce((s, b) => s + b.count, 0)).toBe(prices.length);
    for (const [i, bin] of stats.histogram.entries()) {
      expect(bin.from).toBeCloseTo(i * (stats.histogram[0]?.to ?? 0), 6);
      expect(bin.to).toBeGreaterThan(bin.from);
    }
  });

  it('is empty, not an error, when nothing matches', async () => {
    const stats = await statsOf('q=ninguna-propiedad-se-llama-asi');
    expect(stats.rows).toEqual([]);
    expect(stats.all.count).toBe(0);
    expect(stats.all.price_uf).toBeNull();
    expect(stats.histogram).toEqual([]);
  });

  it('refuses an unknown grouping, naming it', async () => {
    const response = await t.inject('viewer', { method: 'GET', url: '/api/market/stats?group=x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues[0].field).toBe('group');
  });
});

describe('comparables', () => {
  const comparablesOf = (id: number) => getJson<Comparables>(`/api/market/comparables/${id}`);

  it('ranks a property’s UF/m² among its type in its comuna, and lists the nearest by distance', async () => {
    // Nine casas in Punta Arenas at rising UF/m², spread east along a parallel.
    const rows: Row[] = Array.from({ length: 9 }, (_, i) => ({
      name: `Casa comparable ${i}`,
      city_id: PUNTA_ARENAS,
      property_type_id: CASA,
      visited: false,
      price_amount: 2_000 + i * 500,
      price_unit: 'UF',
      building_sqmts: 100,
      land_sqmts: 300,
      latitude: -53.2,
      longitude: round6(-70.95 + i * 0.01),
    }));
    const ids = await insertRows(rows);
    const subject = ids[4] ?? 0; // 4,000 UF over 100 m²: the middle one
    const c = await comparablesOf(subject);
    expect(c.uf_per_sqm).toBe(40);
    const peers = await queryRows<{ n: number }>(
      t.db.db,
      sql`select count(*)::int as n from properties where city_id = ${PUNTA_ARENAS}
        and property_type_id = ${CASA} and price_per_sqm is not null and id <> ${subject}`,
    );
    expect(c.peers.count).toBe(peers[0]?.n);
    // Of these nine, four are cheaper and four dearer; other casas in Punta Arenas may exist.
    expect(c.peers.percentile).not.toBeNull();
    expect(c.nearest).toHaveLength(5);
    const distances = c.nearest.map((n) => n.distance_m);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    // 0.01° of longitude at 53.2° S is ~667 m: the two neighbours first.
    expect(distances[0]).toBeGreaterThan(600);
    expect(distances[0]).toBeLessThan(700);
    expect(
      c.nearest
        .slice(0, 2)
        .map((n) => n.id)
        .sort(),
    ).toEqual([ids[3], ids[5]].sort());
    expect(c.nearest.every((n) => n.id !== subject)).toBe(true);
  });

  it('gives the exact percentile against peers computed here', async () => {
    const rows: Row[] = [10, 20, 30, 30, 40, 50].map((ufPerSqm, i) => ({
      name: `Terreno ${i}`,
      city_id: LA_SERENA,
      property_type_id: TERRENO,
      visited: false,
      price_amount: ufPerSqm * 1000,
      price_unit: 'UF',
      building_sqmts: 0,
      land_sqmts: 1000,
      latitude: null,
      longitude: null,
    }));
    const ids = await insertRows(rows);
    const c = await comparablesOf(ids[2] ?? 0); // 30 UF/m²: 2 below, 1 equal among 5 peers
    expect(c.peers.count).toBe(5);
    expect(c.peers.percentile).toBe(50);
    expect(c.peers.median_uf_per_sqm).toBe(30);
    expect(c.nearest).toEqual([]);
  });

  it('says there is not enough data under five peers', async () => {
    const ids = await insertRows([
      { ...scatter(1, 9)[0], city_id: 2101, property_type_id: 7, latitude: null } as Row,
      { ...scatter(1, 10)[0], city_id: 2101, property_type_id: 7, latitude: null } as Row,
    ]);
    const c = await comparablesOf(ids[0] ?? 0);
    expect(c.peers.count).toBe(1);
    expect(c.peers.percentile).toBeNull();
  });

  describe('peers within one dormitorio', () => {
    const SERENA_DEPTO = { city_id: LA_SERENA, property_type_id: DEPTO };
    /** Departamentos in La Serena at the given dormitorios and UF/m² (100 m² each), no coordinates. */
    async function deptos(tag: string, specs: [rooms: number | null, ufPerSqm: number][]) {
      const ids = await insertRows(
        specs.map(([, ufPerSqm], i) => ({
          name: `Depto ${tag} ${i}`,
          ...SERENA_DEPTO,
          visited: false,
          price_amount: ufPerSqm * 100,
          price_unit: 'UF',
          building_sqmts: 100,
          land_sqmts: 0,
          latitude: null,
          longitude: null,
        })),
      );
      for (const [i, id] of ids.entries())
        await t.db.db.execute(sql`update properties set rooms = ${specs[i]?.[0] ?? null}
          where id = ${id}`);
      return ids;
    }
    const clear = (tag: string) =>
      t.db.db.execute(sql`delete from properties where name like ${`Depto ${tag} %`}`);

    it('uses only the peers within ±1 dormitorio when there are enough of them', async () => {
      // Subject: 3D at 50 UF/m². Five 2–4D peers (two cheaper), four 1D and 6D far dearer.
      const ids = await deptos('near', [
        [3, 50],
        [2, 40],
        [4, 45],
        [3, 55],
        [2, 60],
        [4, 70],
        [1, 500],
        [1, 500],
        [6, 500],
        [null, 500],
      ]);
      const c = await comparablesOf(ids[0] ?? 0);
      expect(c.peers.rooms).toEqual({ min: 2, max: 4 });
      expect(c.peers.count).toBe(5);
      expect(c.peers.median_uf_per_sqm).toBe(55);
      expect(c.peers.percentile).toBe(40); // 2 of 5 cheaper
      await clear('near');
    });

    it('falls back to every peer of the type in the comuna when too few are within ±1', async () => {
      const ids = await deptos('few', [
        [3, 50],
        [2, 40],
        [4, 45],
        [3, 55],
        [4, 60],
        [1, 500],
        [6, 500],
      ]);
      const c = await comparablesOf(ids[0] ?? 0);
      expect(c.peers.rooms).toBeNull();
      expect(c.peers.count).toBe(6);
      expect(c.peers.median_uf_per_sqm).toBe(57.5);
      expect(c.peers.percentile).toBe(33);
      await clear('few');
    });

    it('compares a property without dormitorios with every peer, as before', async () => {
      const ids = await deptos('none', [
        [null, 50],
        [2, 40],
        [2, 45],
        [2, 55],
        [2, 60],
        [2, 70],
        [null, 80],
      ]);
      const c = await comparablesOf(ids[0] ?? 0);
      expect(c.peers.rooms).toBeNull();
      expect(c.peers.count).toBe(6);
      expect(c.peers.median_uf_per_sqm).toBe(57.5);
      await clear('none');
    });

    it.runIf(process.env.TEST_DB === 'postgres')(
      'reads the peers once through properties_peers_idx, dormitorios or not',
      async () => {
        // 4,000 departamentos over 40 comunas: a comuna's peers are a small part of the table.
        await t.db.db.execute(sql`
          insert into properties (name, address, price_amount, price_unit, building_sqmts,
            land_sqmts, city_id, property_type_id, rooms)
          select 'Depto plan ' || i, 'Calle Plan ' || i, 2000 + i, 'UF', 60, 0,
            (select id from cities order by id offset i % 40 limit 1), ${DEPTO}, 1 + i % 5
          from generate_series(1, 4000) as i`);
        await t.db.db.execute(sql`analyze properties`);
        const [subject] = await queryRows<{ id: number }>(
          t.db.db,
          sql`select id from properties where name = 'Depto plan 7'`,
        );
        for (const rooms of [3, null]) {
          const bound = peerStandingStatement(t.db.db, {
            id: subject?.id ?? 0,
            city_id: ARICA,
            property_type_id: DEPTO,
            lat: null,
            lng: null,
            map_x: null,
            map_y: null,
            uf_per_sqm: '40',
            rooms,
          });
          const query = bound.statement.prepared.getQuery();
          const params = fillPlaceholders(query.params, bound.values);
          const text = query.sql.replace(/\$(\d+)/g, (_, n: string) => {
            const value = params[Number(n) - 1];
            if (value === null || value === undefined) return 'null';
            return typeof value === 'number'
              ? String(value)
              : `'${String(value).replaceAll("'", "''")}'`;
          });
          const [plan] = await queryRows<{ 'QUERY PLAN': unknown }>(
            t.db.db,
            sql.raw(`explain (format json) ${text}`),
          );
          const json = JSON.stringify(plan?.['QUERY PLAN']);
          expect(json).toContain('properties_peers_idx');
          expect(
            /"Node Type":\s*"Seq Scan"[^}]*"Relation Name":\s*"properties"/.test(json),
            json,
          ).toBe(false);
        }
        await t.db.db.execute(sql`delete from properties where name like 'Depto plan %'`);
      },
    );
  });

  it('answers 404 for a property that does not exist, 400 for a bad id', async () => {
    const missing = await t.inject('viewer', {
      method: 'GET',
      url: '/api/market/comparables/999999',
    });
    expect(missing.statusCode).toBe(404);
    const bad = await t.inject('viewer', { method: 'GET', url: '/api/market/comparables/abc' });
    expect(bad.statusCode).toBe(400);
  });
});
