import {
  DUPLICATE_NEARBY_METRES,
  type DuplicateReason,
  MAX_DUPLICATE_CANDIDATES,
} from '@bec/contracts';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Database, queryRows } from '../../db/client.js';
import { cities, properties, property_photos, property_types } from '../../db/schema.js';

/** A box of finest-level map pixels, edges included (see lib/map-projection.ts). */
export type PixelBox = { x0: number; x1: number; y0: number; y1: number };

/** What the three probes look for. Each probe is left out when its value is missing. */
export type DuplicateProbe = {
  /** Null while unknown (a quick add, ADR 048). */
  address: string | null;
  city_id: number;
  property_type_id: number;
  /** The point and the pixel box around it that holds every point within the distance. */
  near: { lat: number; lng: number; box: PixelBox } | null;
  hashes: string[];
  exclude_id: number | null;
};

export type CandidateRow = {
  id: number;
  name: string;
  address: string | null;
  city_name: string;
  property_type_name: string;
  cover_key: string | null;
  reasons: DuplicateReason[];
  distance_m: number | null;
};

/** Each probe's matches are bounded too, so a crowded match (a tower's flats) reads few rows. */
const PER_PROBE = 50;

const EARTH_RADIUS_M = 6_371_008.8;

/** Great-circle metres from a point (haversine) to a property's own coordinates. */
const metresFrom = (lat: number, lng: number) => {
  const pLat = sql`${properties.latitude}::float8`;
  const pLng = sql`${properties.longitude}::float8`;
  const fromLat = sql`${lat}::float8`;
  const fromLng = sql`${lng}::float8`;
  // least(1, …): should rounding ever take the sum past 1 (nearly antipodal points), asin
  // would fail the whole check ("input is out of range") instead of answering the far side.
  return sql`(2 * ${EARTH_RADIUS_M}::float8 * asin(least(1::float8, sqrt(
    power(sin(radians(${pLat} - ${fromLat}) / 2), 2)
    + cos(radians(${fromLat})) * cos(radians(${pLat}))
      * power(sin(radians(${pLng} - ${fromLng}) / 2), 2)))))`;
};

const notExcluded = (exclude: number | null, column: AnyPgColumn) =>
  exclude === null ? sql`true` : sql`${column} <> ${exclude}::integer`;

/**
 * The probes, each on its own index: the same normalised address in the comuna
 * (properties_address_key_idx), the same type in the pixel box refined by the exact distance
 * (properties_type_map_idx), a stored photo with the same content hash (property_photos_hash_idx).
 */
function probeQueries(probe: DuplicateProbe): SQL[] {
  const queries: SQL[] = [];
  if (probe.address !== null) {
    const key = sql`bec_address_key(${probe.address}::text)`;
    queries.push(sql`(select ${properties.id} as id, 'address'::text as reason from ${properties}
      where ${properties.city_id} = ${probe.city_id}::integer and ${properties.address_key} = ${key}
        and ${key} <> '' and ${notExcluded(probe.exclude_id, properties.id)}
      order by ${properties.id} desc limit ${PER_PROBE})`);
  }
  if (probe.near) {
    const { lat, lng, box } = probe.near;
    const distance = metresFrom(lat, lng);
    queries.push(sql`(select ${properties.id} as id, 'nearby'::text as reason from ${properties}
      where ${properties.property_type_id} = ${probe.property_type_id}::integer
        and ${properties.map_y} between ${box.y0}::integer and ${box.y1}::integer
        and ${properties.map_x} between ${box.x0}::integer and ${box.x1}::integer
        and ${notExcluded(probe.exclude_id, properties.id)}
        and ${distance} <= ${DUPLICATE_NEARBY_METRES}::float8
      order by ${distance}, ${properties.id} limit ${PER_PROBE})`);
  }
  if (probe.hashes.length > 0)
    queries.push(sql`(select distinct ${property_photos.property_id} as id, 'photo'::text as reason
      from ${property_photos}
      where ${inArray(property_photos.content_hash, probe.hashes)}
        and ${property_photos.content_hash} is not null
        and ${notExcluded(probe.exclude_id, property_photos.property_id)}
      limit ${PER_PROBE})`);
  return queries;
}

/**
 * Likely duplicates: every probe's matches, merged per property with their reasons; those with
 * the most reasons first, then the nearest, then the newest. At most MAX_DUPLICATE_CANDIDATES.
 * Exported for the plan tests.
 */
export function candidatesQuery(probe: DuplicateProbe): SQL {
  const hits = sql.join(probeQueries(probe), sql` union all `);
  const distance = probe.near
    ? sql`case when ${properties.latitude} is not null and ${properties.longitude} is not null
        then round(${metresFrom(probe.near.lat, probe.near.lng)})::integer end`
    : sql`null::integer`;
  return sql`with hits as (${hits}),
      grouped as (select id, array_agg(distinct reason order by reason) as reasons from hits group by id)
    select ${properties.id} as id, ${properties.name} as name, ${properties.address} as address,
      ${cities.name} as city_name, ${property_types.name} as property_type_name,
      (select ${property_photos.storage_key} from ${property_photos}
        where ${property_photos.property_id} = ${properties.id}
        order by ${property_photos.position} limit 1) as cover_key,
      grouped.reasons as reasons, ${distance} as distance_m
    from grouped
      join ${properties} on ${properties.id} = grouped.id
      join ${cities} on ${cities.id} = ${properties.city_id}
      join ${property_types} on ${property_types.id} = ${properties.property_type_id}
    order by cardinality(grouped.reasons) desc, distance_m nulls last, ${properties.id} desc
    limit ${MAX_DUPLICATE_CANDIDATES}`;
}

/** No probe at all (no address, position or photo yet) finds nothing, without a query. */
export const findCandidates = async (db: Database, probe: DuplicateProbe) =>
  probeQueries(probe).length === 0 ? [] : queryRows<CandidateRow>(db, candidatesQuery(probe));
