import { and, asc, eq, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { type Bound, prepared, run } from '../../db/prepared.js';
import { ufColumns, ufPerSqm, withNames } from '../../db/property-query.js';
import { cities, properties, property_types } from '../../db/schema.js';
import { metresPerPixel, type PixelBox } from '../../lib/map-projection.js';
import { inBox, lat, lng } from './map.repository.js';

export type SubjectRow = {
  id: number;
  city_id: number;
  property_type_id: number;
  lat: number | null;
  lng: number | null;
  map_x: number | null;
  map_y: number | null;
  uf_per_sqm: string | null;
  rooms: number | null;
};

/**
 * The comparables' three queries run on every detail page: named prepared statements
 * (db/prepared.ts), planned once per connection rather than on every request, the subject's
 * values as placeholders. `…Statement` builds one execution (statement and values).
 */
const subjectQuery = (db: Database) =>
  db
    .select({
      id: properties.id,
      city_id: properties.city_id,
      property_type_id: properties.property_type_id,
      lat: sql<number | null>`${lat}`,
      lng: sql<number | null>`${lng}`,
      map_x: properties.map_x,
      map_y: properties.map_y,
      uf_per_sqm: sql<string | null>`(${ufPerSqm})::text`,
      rooms: properties.rooms,
    })
    .from(properties)
    .innerJoin(property_types, eq(property_types.id, properties.property_type_id))
    .where(eq(properties.id, sql.placeholder('id')));

/** The property comparables are sought for. */
export const comparablesSubjectStatement = (db: Database, id: number): Bound<SubjectRow> => ({
  statement: prepared<SubjectRow>(db, 'market|subject', () => subjectQuery(db)),
  values: { id },
});

/** The property comparables are sought for; null when there is none with this id. */
export async function comparablesSubject(db: Database, id: number) {
  const [row] = await run(comparablesSubjectStatement(db, id));
  return row ?? null;
}

/** How many peers, how many cost less per m² and how many the same, and their median. */
export type PeerStanding = {
  count: number;
  below: number;
  equal: number;
  median: number | null;
};

/** Every peer's standing, and that of the peers within ±1 dormitorio of the subject (`near_…`). */
export type PeerStandingRow = PeerStanding & {
  near_count: number;
  near_below: number;
  near_equal: number;
  near_median: number | null;
};

/** How far a peer's dormitorios may be from the subject's to count among its near peers. */
const PEER_ROOMS_SPREAD = 1;

/** The dormitorios of a subject's near peers (both ends included); null without its own. */
export const nearPeerRooms = (rooms: number | null) =>
  rooms === null
    ? null
    : { min: Math.max(0, rooms - PEER_ROOMS_SPREAD), max: rooms + PEER_ROOMS_SPREAD };

function peerStandingQuery(db: Database) {
  // `offset 0` keeps the subquery whole: each peer's UF/m² (numeric arithmetic) is computed once,
  // not once per aggregate that reads it (half the cost of a comuna's thousand peers).
  const peers = db
    .select({
      u: sql<string | null>`${ufPerSqm}`.as('u'),
      r: sql<number | null>`${properties.rooms}`.as('r'),
    })
    .from(properties)
    .innerJoin(property_types, eq(property_types.id, properties.property_type_id))
    .where(
      and(
        eq(properties.city_id, sql.placeholder('city_id')),
        eq(properties.property_type_id, sql.placeholder('property_type_id')),
        isNotNull(properties.price_per_sqm),
        ne(properties.id, sql.placeholder('id')),
      ),
    )
    // Drizzle drops a numeric offset of 0; raw SQL lands verbatim.
    .offset(sql.raw('0') as unknown as number)
    .as('peers');
  const mine = sql`${sql.placeholder('mine')}::numeric`;
  // Null bounds (a subject without dormitorios) leave no near peer: the service then uses all.
  const near = sql`${peers.r} between ${sql.placeholder('rooms_min')}::integer and ${sql.placeholder('rooms_max')}::integer`;
  return db
    .select({
      count: sql<number>`count(*)::integer`,
      below: sql<number>`count(*) filter (where ${peers.u} < ${mine})::integer`,
      equal: sql<number>`count(*) filter (where ${peers.u} = ${mine})::integer`,
      median: sql<number | null>`percentile_cont(0.5) within group (order by ${peers.u}::float8)`,
      near_count: sql<number>`count(*) filter (where ${near})::integer`,
      near_below: sql<number>`count(*) filter (where ${near} and ${peers.u} < ${mine})::integer`,
      near_equal: sql<number>`count(*) filter (where ${near} and ${peers.u} = ${mine})::integer`,
      near_median: sql<
        number | null
      >`percentile_cont(0.5) within group (order by ${peers.u}::float8) filter (where ${near})`,
    })
    .from(peers)
    .where(isNotNull(peers.u));
}

/**
 * Peers: the same type in the same comuna with a UF/m², the subject left out, read once
 * (properties_peers_idx) for both standings: all of them, and those whose dormitorios are within
 * PEER_ROOMS_SPREAD of the subject's, so narrowing by dormitorios reads no more rows.
 */
export const peerStandingStatement = (
  db: Database,
  subject: SubjectRow,
): Bound<PeerStandingRow> => ({
  statement: prepared<PeerStandingRow>(db, 'market|peers', () => peerStandingQuery(db)),
  values: {
    city_id: subject.city_id,
    property_type_id: subject.property_type_id,
    id: subject.id,
    mine: subject.uf_per_sqm,
    rooms_min: nearPeerRooms(subject.rooms)?.min ?? null,
    rooms_max: nearPeerRooms(subject.rooms)?.max ?? null,
  },
});

export async function peerStanding(db: Database, subject: SubjectRow): Promise<PeerStandingRow> {
  const [row] = await run(peerStandingStatement(db, subject));
  return (
    row ?? {
      count: 0,
      below: 0,
      equal: 0,
      median: null,
      near_count: 0,
      near_below: 0,
      near_equal: 0,
      near_median: null,
    }
  );
}

const EARTH_RADIUS_M = 6_371_008.8;

/** Great-circle metres from a point (haversine), on the properties' own coordinates. */
const metresFrom = (fromLat: SQL, fromLng: SQL) =>
  sql`(2 * ${EARTH_RADIUS_M}::float8 * asin(sqrt(
    power(sin(radians(${lat} - ${fromLat}) / 2), 2)
    + cos(radians(${fromLat})) * cos(radians(${lat}))
      * power(sin(radians(${lng} - ${fromLng}) / 2), 2))))`;

const placeholder = (name: string) => sql`${sql.placeholder(name)}`;

function nearestQuery(db: Database, limit: number) {
  const distance = metresFrom(
    sql`${sql.placeholder('lat')}::float8`,
    sql`${sql.placeholder('lng')}::float8`,
  );
  return withNames(
    db
      .select({
        id: properties.id,
        name: properties.name,
        city_name: cities.name,
        price_amount: properties.price_amount,
        price_unit: properties.price_unit,
        price: properties.price,
        price_uf: ufColumns.price_uf,
        price_per_sqm_uf: ufColumns.price_per_sqm_uf,
        distance_m: sql<number>`round(${distance})::integer`.mapWith(Number),
      })
      .from(properties)
      .$dynamic(),
  )
    .where(
      and(
        eq(properties.property_type_id, sql.placeholder('property_type_id')),
        ne(properties.id, sql.placeholder('id')),
        inBox({
          x0: placeholder('x0'),
          x1: placeholder('x1'),
          y0: placeholder('y0'),
          y1: placeholder('y1'),
        }),
      ),
    )
    .orderBy(distance, asc(properties.id))
    .limit(sql.raw(String(Math.trunc(limit))) as unknown as number);
}

export type NearestRow = Awaited<ReturnType<ReturnType<typeof nearestQuery>['execute']>>[number];

/** The nearest properties of the subject's type within a box around it, nearest first. */
export const nearestInBoxStatement = (
  db: Database,
  subject: SubjectRow & { lat: number; lng: number },
  box: PixelBox,
  limit: number,
): Bound<NearestRow> => ({
  statement: prepared<NearestRow>(db, `market|nearest|${Math.trunc(limit)}`, () =>
    nearestQuery(db, limit),
  ),
  values: {
    property_type_id: subject.property_type_id,
    id: subject.id,
    x0: box.x0,
    x1: box.x1,
    y0: box.y0,
    y1: box.y1,
    lat: subject.lat,
    lng: subject.lng,
  },
});

/**
 * A box wider than this (half-width in finest-level pixels, ~1 km in Chile) is first searched
 * within this much of the subject: where properties are dense, the nearest lie close by, and the
 * small box reads tens of rows instead of the whole box's hundreds.
 */
export const NEAREST_INNER_REACH = 2 ** 9;

/**
 * The nearest `limit` properties of the subject's type within `box`, nearest first. Searched
 * outwards: the box within NEAREST_INNER_REACH of the subject first, whose rows are the answer
 * when there are `limit` of them and the farthest lies inside its inscribed circle (1 m to
 * spare, with the pixel size of a latitude 1° nearer the pole, as the service judges its boxes):
 * then every property outside it is farther. Otherwise the whole box.
 */
export async function nearestInBox(
  db: Database,
  subject: SubjectRow & { lat: number; lng: number },
  box: PixelBox,
  limit: number,
) {
  const x = subject.map_x;
  const y = subject.map_y;
  const r = NEAREST_INNER_REACH;
  if (
    x !== null &&
    y !== null &&
    x - r > box.x0 &&
    x + r < box.x1 &&
    y - r > box.y0 &&
    y + r < box.y1
  ) {
    const inner = { x0: x - r, x1: x + r, y0: y - r, y1: y + r };
    const rows = await run(nearestInBoxStatement(db, subject, inner, limit));
    const reach = r * metresPerPixel(Math.abs(subject.lat) + 1) - 1;
    if (rows.length === limit && (rows.at(-1)?.distance_m ?? Number.POSITIVE_INFINITY) < reach)
      return rows;
  }
  return run(nearestInBoxStatement(db, subject, box, limit));
}
