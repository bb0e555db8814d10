import { type ListPropertiesQuery, MAX_PRICE, type PropertySort } from '@bec/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Database } from './client.js';
import {
  cities,
  PRICE_NULL_LAST_ASC,
  PRICE_NULL_LAST_DESC,
  properties,
  property_types,
  regions,
  uf_pricing,
} from './schema.js';
import { appliedUfValue, ufToPesos } from './uf-arithmetic.js';

/*
 * The grid's filters and a property's derived figures as SQL, shared by every reader of "the
 * properties that match": the list and its CSV (modules/properties), the map, the statistics
 * and the comparables (modules/market).
 */

export type PropertyFilters = Omit<ListPropertiesQuery, 'sort' | 'limit' | 'cursor'>;

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * What the user typed, as a text-search query (bec_search_query: null when no word is left). A
 * statement planned with its values folds it to a constant, so PostgreSQL estimates how common
 * the words are and picks the plan: a rare word through the GIN index, a common one along the
 * sort's index. A named statement would settle on one generic plan for every word, so a search
 * is planned with its values (an unnamed statement), unless the list knows its count and picks
 * the plan itself (the search plans below, ADR 057).
 */
const searchQuery = (q: unknown) => sql`bec_search_query(${q}::text)`;
const searchMatches = (q: unknown) =>
  sql`(${searchQuery(q)} is null or ${properties.search_vector} @@ ${searchQuery(q)})`;
/*
 * The search for a statement planned once (the list's search plans, property-list.repository.ts):
 * the query is computed once per execution (an InitPlan), where a generic plan would run
 * bec_search_query for every row it filters; the plan's shape is the caller's choice.
 */
const searchQueryOnce = (q: unknown) => sql`(select ${searchQuery(q)})`;
/** Searched along the sort's index: a filter no index answers, checked row by row. */
export const searchAlongSort = (q: unknown) =>
  sql`(${searchQueryOnce(q)} is null or (${properties.search_vector} @@ ${searchQueryOnce(q)}) is true)`;
/** Searched through the GIN index; no words left (stop words only) matches nothing here. */
export const searchThroughIndex = (q: unknown) =>
  sql`${properties.search_vector} @@ ${searchQueryOnce(q)}`;
/** True when the search has no words left, which is no search at all. */
export const noSearchWords = (q: unknown) => sql`${searchQueryOnce(q)} is null`;

/** How well a property matches the search (0 without one): the relevance sort's key. */
export const searchRank = (q: unknown) =>
  sql`coalesce(ts_rank(${properties.search_vector}, ${searchQuery(q)}), 0)`;

/**
 * The filters as SQL sees them. Price bounds are in pesos: the service converts bounds given in
 * UF first (with the UF the stored prices use), so the planner sees plain numbers, as for pesos.
 * While no UF value is known, bounds in UF stay in UF (`uf_amount_min`, `uf_amount_max`) and
 * compare only the prices entered in UF, by their amount (ADR 061).
 */
export type PesoFilters = Omit<PropertyFilters, 'price_unit'> & {
  uf_amount_min?: number | undefined;
  uf_amount_max?: number | undefined;
};
export type FilterKey = keyof PesoFilters;

/** The filters with their price bounds in pesos, or in UF amounts while no UF value is known. */
export async function pesoFilters(db: Database, filters: PropertyFilters): Promise<PesoFilters> {
  return pesoFiltersAt(filters, usesUf(filters) ? await appliedUfValue(db) : null);
}

/** Whether the filters have a price bound in UF (and so need the UF value to be converted). */
export const usesUf = (f: PropertyFilters) =>
  f.price_unit === 'UF' && (f.price_min !== undefined || f.price_max !== undefined);

/**
 * `pesoFilters` with the UF value already read (null: none known), for a caller converting many
 * filters at once with the same value (the saved searches' matching, ADR 053).
 */
export function pesoFiltersAt(
  { price_unit, ...filters }: PropertyFilters,
  value: number | null,
): PesoFilters {
  if (price_unit !== 'UF' || (filters.price_min === undefined && filters.price_max === undefined))
    return filters;
  if (value === null) {
    // No peso price of a UF listing exists to compare, but its amount in UF does (ADR 061).
    const { price_min, price_max, ...rest } = filters;
    return { ...rest, uf_amount_min: price_min, uf_amount_max: price_max };
  }
  const pesos = (bound: number | undefined) =>
    bound === undefined ? undefined : ufToPesos(bound, value);
  return { ...filters, price_min: pesos(filters.price_min), price_max: pesos(filters.price_max) };
}

/**
 * True when the filters compare prices in UF by their amount (no UF value known): listings priced
 * in pesos cannot be compared with them, and are left out (ADR 061).
 */
export const comparesUfAmounts = (f: PesoFilters) =>
  f.uf_amount_min !== undefined || f.uf_amount_max !== undefined;

/** The UF value the stored peso prices were computed with (one row; null while none is known). */
const appliedUf = sql`(select ${uf_pricing.value} from ${uf_pricing})`;

/**
 * The peso price with unknown ones (a UF price without a UF value) as a sentinel, exactly as the
 * two price indexes are built (schema.ts): `high` sorts them after every price (price_asc walks
 * it), `low` before (price_desc walks it backwards, so they come last either way).
 */
const priceKey = (nullsAs: string) => sql`coalesce(${properties.price}, ${sql.raw(nullsAs)})`;
export const PRICE_LOW = priceKey(PRICE_NULL_LAST_DESC);
export const PRICE_HIGH = priceKey(PRICE_NULL_LAST_ASC);

/**
 * Which price key a statement's price bounds compare: the one its sort walks, so a bound is where
 * that index scan starts or stops (from 300M, cheapest first, reads no cheaper row). Both bounds
 * are ranges that leave the sentinel out: unknown peso prices never match a price filter.
 */
export type PriceSide = 'high' | 'low';
export const priceSideOf = (sort: PropertySort): PriceSide =>
  sort === 'price_desc' ? 'low' : 'high';
const PRICE_CEILING = sql.raw(String(MAX_PRICE));
const priceBounds = (side: PriceSide) =>
  side === 'high'
    ? {
        min: (pesos: unknown) =>
          sql`${PRICE_HIGH} >= ${pesos} and ${PRICE_HIGH} <= ${PRICE_CEILING}`,
        max: (pesos: unknown) => sql`${PRICE_HIGH} <= ${pesos}`,
      }
    : {
        min: (pesos: unknown) => sql`${PRICE_LOW} >= ${pesos}`,
        max: (pesos: unknown) => sql`${PRICE_LOW} <= ${pesos} and ${PRICE_LOW} >= 0`,
      };

/**
 * One condition per filter, over a value or a placeholder (`sql.placeholder(key)`) alike, so the
 * same text serves a one-off query (the CSV export) and a prepared statement (the list).
 */
const filtersFor = (side: PriceSide): Record<FilterKey, (value: unknown) => SQL> => {
  const price = priceBounds(side);
  return {
    // Spanish words over the property's document (migration 0005): accents optional, any form of
    // a word, the last word also as a prefix. A search of stop words only is no search.
    q: (v) => searchMatches(v),
    region_id: (v) => sql`${properties.region_id} = ${v}`,
    city_id: (v) => sql`${properties.city_id} = ${v}`,
    property_type_id: (v) => sql`${properties.property_type_id} = ${v}`,
    broker_id: (v) => sql`${properties.broker_id} = ${v}`,
    visited: (v) => sql`${properties.visited} = ${v}`,
    // (stage, created_at, id) serves a stage's newest first: the board's columns.
    stage: (v) => sql`${properties.stage} = ${v}`,
    // On the map: both coordinates known (map_y is generated from them, null otherwise).
    located: (v) => sql`(${properties.map_y} is not null) = ${v}`,
    price_min: (v) => price.min(v),
    price_max: (v) => price.max(v),
    // Only while no UF value is known (pesoFiltersAt): the amount of a price entered in UF. A
    // peso price has no UF amount without the UF, so it never matches (ADR 061).
    uf_amount_min: (v) =>
      sql`${properties.price_unit} = 'UF' and ${properties.price_amount} >= ${v}`,
    uf_amount_max: (v) =>
      sql`${properties.price_unit} = 'UF' and ${properties.price_amount} <= ${v}`,
    land_min: (v) => sql`${properties.land_sqmts} >= ${v}`,
    land_max: (v) => sql`${properties.land_sqmts} <= ${v}`,
    building_min: (v) => sql`${properties.building_sqmts} >= ${v}`,
    building_max: (v) => sql`${properties.building_sqmts} <= ${v}`,
    // A listing's attributes (ADR 038): unknown values never match; each has a partial index.
    rooms_min: (v) => sql`${properties.rooms} >= ${v}`,
    bathrooms_min: (v) => sql`${properties.bathrooms} >= ${v}`,
    parking_min: (v) => sql`${properties.parking_spaces} >= ${v}`,
    common_expenses_max: (v) => sql`${properties.common_expenses} <= ${v}`,
  };
};
export const FILTERS: Record<PriceSide, Record<FilterKey, (value: unknown) => SQL>> = {
  high: filtersFor('high'),
  low: filtersFor('low'),
};
const FILTER_KEYS = Object.keys(FILTERS.high) as FilterKey[];

/** The filters in use, in a fixed order (it names the prepared statement), with their values. */
export function activeFilters(f: PesoFilters) {
  const keys = FILTER_KEYS.filter((key) => f[key] !== undefined && f[key] !== '');
  const values: Record<string, unknown> = {};
  for (const key of keys) values[key] = f[key];
  return { keys, values };
}

export const filterConditions = (f: PesoFilters): SQL[] => {
  const { keys, values } = activeFilters(f);
  return keys.map((key) => FILTERS.high[key](values[key]));
};

/** The area a price per m² divides by: land for lots and parcels, built area otherwise. */
const basisArea = sql`(case when ${property_types.area_basis} = 'land' then ${properties.land_sqmts} else ${properties.building_sqmts} end)`;
/** The price in UF, unrounded: the amount itself, or the pesos over the UF they were priced at. */
export const priceInUf = sql`(case when ${properties.price_unit} = 'UF' then ${properties.price_amount} else ${properties.price} / ${appliedUf} end)`;
/** UF per m² on the type's area basis, unrounded; null without a price or an area. */
export const ufPerSqm = sql`(case when ${basisArea} > 0 then ${priceInUf} / ${basisArea} end)`;

/** numeric text to a number; null never reaches a decoder (both row mappers skip it). */
const decimal = (value: unknown): number | null => Number(value);

/**
 * The UF figures of a card and the UF they were converted with, computed by PostgreSQL in exact
 * decimals. `appliedUf` is an uncorrelated subquery: planned as an InitPlan, it runs once per
 * statement, and every row of a page is converted with the same value as the stored peso prices.
 * The UF itself travels as one text cell, `date value source` (null while none is known), which
 * the service reads from the first row only: a page's rows all carry the same.
 */
export const ufColumns = {
  price_uf: sql`round(${priceInUf}, 2)`.mapWith(decimal),
  price_per_sqm_uf:
    sql`case when ${basisArea} > 0 then round(${priceInUf} / ${basisArea}, 2) end`.mapWith(decimal),
  uf_used: sql<
    string | null
  >`(select ${uf_pricing.date}::text || ' ' || ${uf_pricing.value}::text || ' ' || ${uf_pricing.source} from ${uf_pricing})`,
};

/**
 * A property's areas, rooms and listing attributes as entered, in the order its history lists
 * them (the CSV's order is EXPORT_COLUMNS').
 */
export const areaColumns = {
  building_sqmts: properties.building_sqmts,
  land_sqmts: properties.land_sqmts,
  parking_sqmts: properties.parking_sqmts,
  additional_sqmts: properties.additional_sqmts,
  basement_sqmts: properties.basement_sqmts,
  rooms: properties.rooms,
  bathrooms: properties.bathrooms,
  parking_spaces: properties.parking_spaces,
  storage_units: properties.storage_units,
  common_expenses: properties.common_expenses,
  floor: properties.floor,
  orientation: properties.orientation,
  year_built: properties.year_built,
};

/** Joins what a card names: its comuna, region and type (always there: inner joins). */
export function withNames<T extends PgSelect>(query: T) {
  return query
    .innerJoin(cities, eq(cities.id, properties.city_id))
    .innerJoin(regions, eq(regions.id, properties.region_id))
    .innerJoin(property_types, eq(property_types.id, properties.property_type_id));
}
