import { smallPng, smallWebp } from '@bec/testkit/photo-fixtures';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { candidatesQuery } from '../src/modules/duplicates/duplicates.repository.js';
import { boxAround } from '../src/modules/duplicates/duplicates.service.js';
import { setupApp, validProperty } from './helpers.js';

// Duplicate warnings (ADR 018): same normalised address in the comuna, same type within
// 50 m, or a photo already stored; each probe on its own index.
const t = setupApp();

const CASA = 1;
const DEPTO = 2;
const PROVIDENCIA = 13123;
const NUNOA = 13120;
const SANTIAGO = 13101;

/** Metres per degree of latitude on the sphere the haversine uses. */
const METRES_PER_DEGREE = (6_371_008.8 * Math.PI) / 180;
const BASE = { lat: -33.45, lng: -70.65 };
const north = (metres: number) => Number((BASE.lat + metres / METRES_PER_DEGREE).toFixed(6));

type Candidate = {
  id: number;
  name: string;
  address: string;
  city_name: string;
  property_type_name: string;
  photo_url: string | null;
  reasons: string[];
  distance_m: number | null;
};

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.db.db, query);

async function add(overrides: Record<string, unknown>) {
  const response = await t.inject('editor', {
    method: 'POST',
    url: '/api/properties/add',
    payload: validProperty({ broker_id: null, ...overrides }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
}

const check = (body: Record<string, unknown>, who: 'editor' | 'admin' | 'viewer' = 'editor') =>
  t.inject(who, { method: 'POST', url: '/api/properties/duplicates', payload: body });

async function candidates(body: Record<string, unknown>) {
  const response = await check(body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.candidates as Candidate[];
}

/** Uploads a file through the signed local URL, as the browser would; answers its path. */
async function upload(
  file: Buffer,
  type: 'image/png' | 'image/webp',
  who: 'editor' | 'admin' = 'editor',
) {
  const signed = await t.inject(who, {
    method: 'POST',
    url: '/api/photos/upload_url',
    payload: [{ name: `f.${type.slice(6)}`, content_type: type, size: file.length }],
  });
  const [entry] = signed.json().data as { url: string; path: string }[];
  if (!entry) throw new Error('no upload URL');
  const put = await t.app.inject({
    method: 'PUT',
    url: entry.url,
    headers: { 'content-type': type, 'content-length': String(file.length) },
    payload: file,
  });
  expect(put.statusCode).toBe(200);
  return entry.path;
}

describe('bec_address_key', () => {
  const keyOf = async (address: string) =>
    (await rows<{ key: string }>(sql`select bec_address_key(${address}::text) as key`))[0]?.key;

  it('reads case, accents, street types, "N°" and unit numbers as the same address', async () => {
    const same = [
      'Av. Providencia 1234, Depto. 501',
      'AVENIDA PROVIDENCIA N° 1234',
      'avda providencia #1234 of 12',
      'Avenida Providencia 1234',
    ];
    const keys = await Promise.all(same.map(keyOf));
    expect(new Set(keys)).toEqual(new Set(['avenida providencia 1234']));
    expect(await keyOf('Pje. Los Álamos 45')).toBe(await keyOf('Pasaje Los Alamos 45'));
  });

  it('tells different street numbers and streets apart', async () => {
    expect(await keyOf('Av. Providencia 1234')).not.toBe(await keyOf('Av. Providencia 1236'));
    expect(await keyOf('Pje. Los Álamos 45')).not.toBe(await keyOf('Pje. Los Aromos 45'));
  });
});

describe('POST /api/properties/duplicates', () => {
  let original = 0;
  let nearby40 = 0;
  let nearby60 = 0;
  let otherType = 0;
  beforeAll(async () => {
    original = await add({
      name: 'Original en Providencia',
      address: 'Av. Providencia 1234, Depto. 501',
      city_id: PROVIDENCIA,
      latitude: -33.4263,
      longitude: -70.6155,
    });
    nearby40 = await add({
      name: 'A 40 m',
      address: 'Calle Uno 100',
      city_id: SANTIAGO,
      property_type_id: DEPTO,
      latitude: north(40),
      longitude: BASE.lng,
    });
    nearby60 = await add({
      name: 'A 60 m',
      address: 'Calle Dos 200',
      city_id: SANTIAGO,
      property_type_id: DEPTO,
      latitude: north(60),
      longitude: BASE.lng,
    });
    otherType = await add({
      name: 'Casa a 10 m',
      address: 'Calle Tres 300',
      city_id: SANTIAGO,
      property_type_id: CASA,
      latitude: north(10),
      longitude: BASE.lng,
    });
  });

  const byAddress = (address: string, city_id = PROVIDENCIA) => ({
    address,
    city_id,
    property_type_id: DEPTO,
  });

  it('finds the same address written differently in the same comuna', async () => {
    for (const address of [
      'AVENIDA PROVIDENCIA N° 1234',
      'avda providencia #1234 of 12',
      'Avenida Providencia 1234, depto 1101',
    ]) {
      const found = await candidates(byAddress(address));
      expect(found, address).toHaveLength(1);
      expect(found[0]).toMatchObject({
        id: original,
        name: 'Original en Providencia',
        address: 'Av. Providencia 1234, Depto. 501',
        city_name: 'Providencia',
        property_type_name: 'Departamento',
        photo_url: null,
        reasons: ['address'],
        distance_m: null,
      });
    }
  });

  it('ignores the same address in another comuna, and another street number', async () => {
    expect(await candidates(byAddress('Av. Providencia 1234', NUNOA))).toEqual([]);
    expect(await candidates(byAddress('Av. Providencia 1236'))).toEqual([]);
  });

  it('finds the same type within 50 m: 40 m is one, 60 m is not, another type never', async () => {
    const found = await candidates({
      address: 'Calle Cuatro 400',
      city_id: SANTIAGO,
      property_type_id: DEPTO,
      latitude: BASE.lat,
      longitude: BASE.lng,
    });
    expect(found.map((c) => c.id)).toEqual([nearby40]);
    expect(found[0]?.reasons).toEqual(['nearby']);
    expect(found[0]?.distance_m).toBe(40);
    expect(found.map((c) => c.id)).not.toContain(nearby60);
    expect(found.map((c) => c.id)).not.toContain(otherType);

    const casas = await candidates({
      address: 'Calle Cuatro 400',
      city_id: SANTIAGO,
      property_type_id: CASA,
      latitude: BASE.lat,
      longitude: BASE.lng,
    });
    expect(casas.map((c) => c.id)).toEqual([otherType]);
    expect(casas[0]?.distance_m).toBe(10);
  });

  it('merges the reasons of one property, and gives the distance of an address match', async () => {
    const found = await candidates({
      address: 'Avenida Providencia 1234',
      city_id: PROVIDENCIA,
      property_type_id: DEPTO,
      latitude: -33.4265,
      longitude: -70.6155,
    });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ id: original, reasons: ['address', 'nearby'] });
    expect(found[0]?.distance_m).toBe(22);
    const otherType = await candidates({
      address: 'Avenida Providencia 1234',
      city_id: PROVIDENCIA,
      property_type_id: CASA,
      latitude: -33.4265,
      longitude: -70.6155,
    });
    expect(otherType[0]).toMatchObject({ id: original, reasons: ['address'], distance_m: 22 });
  });

  it('leaves out the property being edited', async () => {
    expect(
      await candidates({ ...byAddress('Avenida Providencia 1234'), exclude_id: original }),
    ).toEqual([]);
    const found = await candidates({
      address: 'Calle Uno 100',
      city_id: SANTIAGO,
      property_type_id: DEPTO,
      latitude: north(40),
      longitude: BASE.lng,
      exclude_id: nearby40,
    });
    // Itself left out; the one 20 m away still found.
    expect(found.map((c) => [c.id, c.distance_m])).toEqual([[nearby60, 20]]);
  });

  it('finds a stored photo with the same content as a new upload', async () => {
    const png = await smallPng();
    const stored = await add({
      name: 'Con foto',
      address: 'Camino Lejano 9000',
      city_id: NUNOA,
      latitude: null,
      longitude: null,
      photos: [await upload(png, 'image/png')],
    });
    const again = await upload(png, 'image/png');
    const other = await upload(await smallWebp(), 'image/webp');
    const body = { address: 'Otra Calle 1', city_id: SANTIAGO, property_type_id: CASA };
    const found = await candidates({ ...body, photos: [other, again] });
    expect(found.map((c) => [c.id, c.reasons])).toEqual([[stored, ['photo']]]);
    expect(found[0]?.photo_url).toMatch(/^\/photos\/.+\/card\?/);
    expect(await candidates({ ...body, photos: [other] })).toEqual([]);
    expect(await candidates({ ...body, photos: [again], exclude_id: stored })).toEqual([]);

    // Only the caller's own uploads not attached yet: someone else's path is refused.
    const admins = await upload(png, 'image/png', 'admin');
    const refused = await check({ ...body, photos: [admins] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.issues).toEqual([
      { field: 'photos.0', rule: 'photo_not_owned', params: {} },
    ]);
  });

  it('refuses bad input with 400 naming the fields', async () => {
    const response = await check({
      address: 7,
      city_id: 0,
      property_type_id: 'x',
      latitude: 91,
      exclude_id: -1,
      photos: 'a',
    });
    expect(response.statusCode).toBe(400);
    const fields = (response.json().error.issues as { field: string }[]).map((i) => i.field);
    expect(new Set(fields)).toEqual(
      new Set(['address', 'city_id', 'property_type_id', 'latitude', 'exclude_id', 'photos']),
    );
    expect(
      (
        await t.inject('editor', {
          method: 'POST',
          url: '/api/properties/duplicates',
          payload: '[]',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('answers editors and admins only', async () => {
    const body = byAddress('Avenida Providencia 1234');
    expect((await check(body, 'admin')).statusCode).toBe(200);
    expect((await check(body, 'viewer')).statusCode).toBe(403);
    const anonymous = await t.inject(null, {
      method: 'POST',
      url: '/api/properties/duplicates',
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
};

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

describe('the duplicate check at scale', () => {
  it('reads each probe from its index, never scanning the properties or their photos', async () => {
    // Enough rows that a scan would cost more than the indexes, and fresh statistics.
    await t.db.db.execute(sql`
      insert into properties (name, address, price_amount, building_sqmts, land_sqmts, city_id,
        property_type_id, latitude, longitude)
      select 'Plan ' || i, 'Pasaje Plan ' || i, 1000 * i, 50, 50,
        (array[13101, 13120, 13123, 13114])[1 + i % 4], 1 + i % 8,
        -33.3 - (i % 71) * 0.003, -70.5 - (i / 71) * 0.003
      from generate_series(1, 4000) as i`);
    await t.db.db.execute(sql`
      insert into property_photos (property_id, storage_key, position, content_type, bytes,
        content_hash)
      select p.id, 'plan/' || p.id || '.png', 0, 'image/png', 100, md5(p.id::text) || md5(p.name)
      from properties p where p.name like 'Plan %'`);
    await t.db.db.execute(sql`analyze properties`);
    await t.db.db.execute(sql`analyze property_photos`);

    const lat = -33.3 - 35 * 0.003;
    const lng = -70.5 - 20 * 0.003;
    const query = new PgDialect().sqlToQuery(
      candidatesQuery({
        address: 'Pasaje Plan 1455',
        city_id: 13114,
        property_type_id: 3,
        near: { lat, lng, box: boxAround(lat, lng, 50) },
        hashes: ['0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef'],
        exclude_id: 1,
      }),
    );
    // Placeholders as literals: EXPLAIN of a parameterised text is not portable to PGlite.
    const text = query.sql.replace(/\$(\d+)/g, (_, n: string) => {
      const value = query.params[Number(n) - 1];
      return typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
    });
    const [plan] = await rows<{ 'QUERY PLAN': unknown }>(sql.raw(`explain (format json) ${text}`));
    const raw = plan?.['QUERY PLAN'];
    const root = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
    const nodes = root.flatMap((entry) => nodesOf(entry.Plan));
    const json = JSON.stringify(root);
    const indexes = nodes.flatMap((node) => (node['Index Name'] ? [node['Index Name']] : []));
    expect(indexes, json).toEqual(
      expect.arrayContaining([
        'properties_address_key_idx',
        'properties_type_map_idx',
        'property_photos_hash_idx',
      ]),
    );
    const scanned = nodes.filter(
      (node) =>
        node['Node Type'] === 'Seq Scan' &&
        ['properties', 'property_photos'].includes(node['Relation Name'] ?? ''),
    );
    expect(scanned, json).toEqual([]);

    // And the answer the plan gives: the address and the neighbour found among the 4,000.
    const found = await candidates({
      address: 'Psje. Plan 1455, casa 3',
      city_id: 13114,
      property_type_id: 8,
      latitude: -33.3 - (1455 % 71) * 0.003,
      longitude: -70.5 - Math.floor(1455 / 71) * 0.003,
    });
    expect(found.map((c) => [c.name, c.reasons])).toEqual([['Plan 1455', ['address', 'nearby']]]);
  });
});
