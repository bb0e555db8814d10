import type { StatsGroup } from '@bec/contracts';
import { type AnyColumn, and, type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client.js';
import { propertiesVersion } from '../../db/properties-total.js';
import {
  filterConditions,
  type PesoFilters,
  priceInUf,
  ufPerSqm,
} from '../../db/property-query.js';
import { market_stats, properties, property_types, uf_pricing } from '../../db/schema.js';

/*
 * The statistics of the matches: grouped quartiles and a UF/m² histogram, the data version they
 * are kept at, and the figures as last computed, shared by every process (ADR 051). Each query is
 * built by an exported `…Sql` function, for the bench.
 */

/** What cached figures were computed at: the properties' write version and the UF in use. */
export const dataVersionSql = () =>
  sql`select ${propertiesVersion} || ' ' || coalesce((select ${uf_pricing.date}::text || ' ' || ${uf_pricing.value}::text from ${uf_pricing}), '-') as version`;

export async function dataVersion(db: Database) {
  const [row] = await queryRows<{ version: string }>(db, dataVersionSql());
  return row?.version ?? '';
}

const isoTime = (column: SQL | AnyColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The data version and the moment a computation starts at, read after taking its lock: the figures
 * it makes describe the data as of then (or a little later, never earlier).
 */
export async function computationStart(tx: Database) {
  const [row] = await queryRows<{ version: string; at: string }>(
    tx,
    sql`select v.version, ${isoTime(sql`date_trunc('milliseconds', now())`)} as at from (${dataVersionSql()}) v`,
  );
  if (!row) throw new Error('no data version');
  return row;
}

/** Advisory lock class of the statistics' computations (the key's hash is the second half). */
const STATS_LOCK = 0x6265_6335;

/**
 * Takes the computation lock of one key for the rest of the transaction, only if free: one
 * computation of a key at a time across every process sharing the database.
 */
export async function lockComputation(tx: Database, key: string) {
  const [row] = await queryRows<{ locked: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(${STATS_LOCK}, hashtext(${key})) as locked`,
  );
  return Boolean(row?.locked);
}

export type StoredStats<T> = { version: string; computed_at: string; stats: T | null };

/**
 * The stored figures of a key: their version and time, and the figures themselves only when they
 * are at `version` or were computed after `newerThan` (what the caller holds is not read again).
 */
export const storedStatsSql = (
  key: string,
  { newerThan, version }: { newerThan: string | null; version: string | null },
) =>
  sql`select ${market_stats.version} as version, ${isoTime(market_stats.computed_at)} as computed_at,
      case when ${newerThan}::timestamptz is null or ${market_stats.computed_at} > ${newerThan}::timestamptz
        or ${market_stats.version} = ${version} then ${market_stats.stats} end as stats
    from ${market_stats} where ${market_stats.key} = ${key}`;

export async function storedStats<T>(
  db: Database,
  key: string,
  known: { newerThan: string | null; version: string | null },
) {
  const [row] = await queryRows<StoredStats<T>>(db, storedStatsSql(key, known));
  return row ?? null;
}

/** Rows computed longer ago than this are deleted whenever a computation stores its figures. */
const KEPT_DAYS = 7;

/** Stores a key's new figures, and collects the rows not recomputed for KEPT_DAYS. */
export async function storeStats(
  tx: Database,
  row: { key: string; version: string; computed_at: string; stats: unknown },
) {
  await tx
    .insert(market_stats)
    .values({ ...row, computed_at: new Date(row.computed_at) })
    .onConflictDoUpdate({
      target: market_stats.key,
      set: {
        version: sql`excluded.version`,
        computed_at: sql`excluded.computed_at`,
        stats: sql`excluded.stats`,
      },
    });
  await tx.execute(
    sql`delete from ${market_stats} where ${market_stats.computed_at} < now() - make_interval(days => ${KEPT_DAYS})`,
  );
}

/** The column of the matching rows (below) each grouping groups by. */
const GROUP_COLUMNS: Record<StatsGroup, SQL> = {
  region: sql.raw('region_id'),
  comuna: sql.raw('city_id'),
  type: sql.raw('property_type_id'),
};

const GROUP_NAMES: Record<StatsGroup, SQL> = {
  region: sql.raw(`(select name from regions where id = s.key)`),
  comuna: sql.raw(`(select name from cities where id = s.key)`),
  type: sql.raw(`(select name from property_types where id = s.key)`),
};

export type StatsRowDb = {
  /** Null on the row of every match together. */
  key: number | null;
  name: string | null;
  count: number;
  visited: number;
  price_uf: number[] | null;
  price_clp: number[] | null;
  uf_per_sqm: number[] | null;
  newest_at: string | null;
  newest_id: number | null;
};

/** The matching rows, with the three measures as floats (percentile_cont takes float8). */
const matchingRows = (filters: PesoFilters) => sql`
  select ${properties.id} as id, ${properties.visited} as visited,
    ${properties.created_at} as created_at, ${properties.region_id} as region_id,
    ${properties.city_id} as city_id, ${properties.property_type_id} as property_type_id,
    ${properties.price}::float8 as price_clp, (${priceInUf})::float8 as price_uf,
    (${ufPerSqm})::float8 as uf_per_sqm
  from ${properties}
  inner join ${property_types} on ${property_types.id} = ${properties.property_type_id}
  where ${and(sql`true`, ...filterConditions(filters))}`;

const QUARTILES = sql.raw('array[0.25, 0.5, 0.75]');

/** Count, visited, quartiles and newest per group, and the same for every match (key null). */
export function groupStatsSql(group: StatsGroup, filters: PesoFilters) {
  const by = GROUP_COLUMNS[group];
  return sql`with m as (${matchingRows(filters)}),
      s as (
        select case when grouping(m.${by}) = 0 then m.${by} end as key,
          count(*)::integer as count,
          count(*) filter (where m.visited)::integer as visited,
          percentile_cont(${QUARTILES}) within group (order by m.price_uf) as price_uf,
          percentile_cont(${QUARTILES}) within group (order by m.price_clp) as price_clp,
          percentile_cont(${QUARTILES}) within group (order by m.uf_per_sqm) as uf_per_sqm,
          to_char(max(m.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as newest_at,
          (array_agg(m.id order by m.created_at desc, m.id desc))[1] as newest_id
        from m
        group by grouping sets ((m.${by}), ())
      )
      select s.*, ${GROUP_NAMES[group]} as name from s
      order by s.key is not null, s.count desc, name`;
}

export async function groupStats(db: Database, group: StatsGroup, filters: PesoFilters) {
  return queryRows<StatsRowDb>(db, groupStatsSql(group, filters));
}

/** The 98th percentile of UF/m² among the matches (where a histogram's range ends). */
export const ufPerSqmTopSql = (filters: PesoFilters) =>
  sql`with m as (${matchingRows(filters)})
      select percentile_cont(0.98) within group (order by m.uf_per_sqm) as top from m`;

export async function ufPerSqmTop(db: Database, filters: PesoFilters) {
  const [row] = await queryRows<{ top: number | null }>(db, ufPerSqmTopSql(filters));
  return row?.top ?? null;
}

/** UF/m² of the matches in `bins` equal bins of `width` from 0; the last one takes the rest. */
export const ufPerSqmHistogramSql = (filters: PesoFilters, width: number, bins: number) =>
  sql`with m as (${matchingRows(filters)})
      select least(width_bucket(m.uf_per_sqm, 0, ${width * bins}::float8, ${bins}), ${bins}) as bin,
        count(*)::integer as count
      from m where m.uf_per_sqm is not null
      group by 1 order by 1`;

export async function ufPerSqmHistogram(
  db: Database,
  filters: PesoFilters,
  width: number,
  bins: number,
) {
  return queryRows<{ bin: number; count: number }>(db, ufPerSqmHistogramSql(filters, width, bins));
}
