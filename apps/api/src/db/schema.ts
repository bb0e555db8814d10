// The pipeline's stages, history kinds and audit actions are the contracts' own lists.
import {
  AUDIT_ACTIONS,
  HISTORY_KINDS,
  LISTING_ATTRIBUTE_BOUNDS,
  LISTING_ATTRIBUTES,
  ORIENTATIONS,
  PROPERTY_STAGES,
  VISITED_STAGES,
} from '@bec/contracts';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// Millisecond precision: keyset cursors carry timestamps through JS Dates, which stop at ms.
const timestamptz = (name: string) =>
  timestamp(name, { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow();

/** PostgreSQL's full-text document: written by a trigger, read only through `@@` and ranking. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const area = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

/** Price per m² sort keys for rows without one, so they sort last in either direction. */
export const PPSQM_NULL_LAST_ASC = '9223372036854775807';
export const PPSQM_NULL_LAST_DESC = '-1';
/** The same for the peso price (null for a UF price while no UF value is known). */
/** The area sorts' key for an unknown built area: below every area (all are ≥ 0). */
export const AREA_UNKNOWN_KEY = '-1';
export const PRICE_NULL_LAST_ASC = PPSQM_NULL_LAST_ASC;
export const PRICE_NULL_LAST_DESC = PPSQM_NULL_LAST_DESC;

export const PRICE_UNITS = ['CLP', 'UF'] as const;

/** A listing attribute's bounds as a CHECK (null passes: every attribute is optional). */
const attributeChecks = (t: Record<(typeof LISTING_ATTRIBUTES)[number], AnyPgColumn>) =>
  LISTING_ATTRIBUTES.map((name) => {
    const { min, max } = LISTING_ATTRIBUTE_BOUNDS[name];
    return check(
      `properties_${name}_check`,
      sql`${t[name]} between ${sql.raw(String(min))} and ${sql.raw(String(max))}`,
    );
  });

const STAGE_RANK = sql.raw(
  `case stage ${PROPERTY_STAGES.map((stage, rank) => `when '${stage}' then ${rank}`).join(' ')} end::smallint`,
);

/** Map pixels per axis at the finest cell level (2^24: 2.4 m at the equator, finer in Chile). */
export const MAP_LEVEL_MAX = 24;
const MAP_SCALE = 2 ** MAP_LEVEL_MAX;
/** Web Mercator's latitude limit: beyond it the projection runs to infinity. */
const MERCATOR_MAX_LAT = 85.05112878;
const mapPixel = (axis: SQL) =>
  sql`case when latitude is not null and longitude is not null then least(${sql.raw(String(MAP_SCALE - 1))}, greatest(0, floor(${axis} * ${sql.raw(String(MAP_SCALE))})))::integer end`;
const clampedLat = sql`radians(least(${sql.raw(String(MERCATOR_MAX_LAT))}, greatest(-${sql.raw(String(MERCATOR_MAX_LAT))}, latitude::float8)))`;
const MAP_X = mapPixel(sql`((longitude::float8 + 180) / 360)`);
const MAP_Y = mapPixel(sql`((1 - ln(tan(${clampedLat}) + 1 / cos(${clampedLat})) / pi()) / 2)`);

/** Official two-digit region codes as numbers (13 = Metropolitana de Santiago). */
export const regions = pgTable('regions', {
  id: smallint('id').primaryKey(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  roman: text('roman').notNull(),
  /** North-to-south order, as Chileans list their regions. */
  position: smallint('position').notNull(),
});

/** Comunas; id is the official CUT code as a number (13101 = Santiago). */
export const cities = pgTable(
  'cities',
  {
    id: integer('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    region_id: smallint('region_id')
      .notNull()
      .references(() => regions.id),
  },
  (t) => [index('cities_region_idx').on(t.region_id)],
);

export const AREA_BASES = ['building', 'land'] as const;

export const property_types = pgTable(
  'property_types',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull().unique(),
    /** Which area a price per m² divides by: built area, or land area for lots and parcels. */
    area_basis: text('area_basis', { enum: AREA_BASES }).notNull().default('building'),
  },
  (t) => [check('property_types_area_basis_check', sql`${t.area_basis} in ('building', 'land')`)],
);

export const brokers = pgTable(
  'brokers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    company: text('company'),
    /** E.164 (+56 and nine digits): the contracts normalise what people type. */
    phone: text('phone'),
    email: text('email'),
    notes: text('notes'),
    /** Set instead of deleting a broker properties still name: hidden from the form, kept in history. */
    archived_at: timestamp('archived_at', { withTimezone: true, mode: 'date', precision: 3 }),
    created_at: timestamptz('created_at'),
    updated_at: timestamptz('updated_at'),
  },
  (t) => [
    index('brokers_name_id_idx').on(t.name, t.id),
    check('brokers_phone_check', sql`${t.phone} ~ '^\\+56[2-9][0-9]{8}$'`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Stored lowercased (checked), so a plain unique index matches emails case-insensitively. */
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    role: text('role', { enum: ['viewer', 'editor', 'admin'] }).notNull(),
    idp_subject: text('idp_subject').unique(),
    /** The language the user reads BEC in, as the web last said (ADR 054): their mails' language. */
    locale: text('locale', { enum: ['es-CL', 'en'] }),
    created_at: timestamptz('created_at'),
    updated_at: timestamptz('updated_at'),
  },
  (t) => [
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('viewer', 'editor', 'admin')`),
    check('users_locale_check', sql`${t.locale} in ('es-CL', 'en')`),
  ],
);

export const waitlist = pgTable(
  'waitlist',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    idp_subject: text('idp_subject'),
    requested_at: timestamptz('requested_at'),
  },
  (t) => [check('waitlist_email_lower_check', sql`${t.email} = lower(${t.email})`)],
);

export const properties = pgTable(
  'properties',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** Null, like both areas, while a property quick-added from the phone is not completed (ADR 048). */
    address: text('address'),
    /** The price as entered, in `price_unit`: whole pesos, or UF with up to 2 decimals. */
    price_amount: numeric('price_amount', { precision: 18, scale: 2, mode: 'number' }).notNull(),
    price_unit: text('price_unit', { enum: PRICE_UNITS }).notNull().default('CLP'),
    /**
     * The peso equivalent, derived by the properties_price trigger (migration 0002): the amount in
     * CLP, round(amount × uf_pricing.value) in UF, null for UF while no UF value is known. Every
     * filter, sort and price per m² reads it; the UF job re-prices UF rows when the UF changes.
     */
    price: bigint('price', { mode: 'number' }),
    building_sqmts: area('building_sqmts'),
    land_sqmts: area('land_sqmts'),
    parking_sqmts: area('parking_sqmts'),
    additional_sqmts: area('additional_sqmts'),
    basement_sqmts: area('basement_sqmts'),
    google_maps_url: text('google_maps_url'),
    latitude: numeric('latitude', { precision: 9, scale: 6, mode: 'number' }),
    longitude: numeric('longitude', { precision: 9, scale: 6, mode: 'number' }),
    /** Dormitorios. */
    rooms: integer('rooms'),
    // A Chilean listing's attributes (ADR 038), each optional and bounded as the
    // contracts bound it (packages/contracts/src/property.ts, LISTING_ATTRIBUTE_BOUNDS).
    bathrooms: smallint('bathrooms'),
    parking_spaces: smallint('parking_spaces'),
    storage_units: smallint('storage_units'),
    /** Gastos comunes: whole pesos per month. */
    common_expenses: integer('common_expenses'),
    floor: smallint('floor'),
    orientation: text('orientation', { enum: ORIENTATIONS }),
    year_built: smallint('year_built'),
    notes: text('notes'),
    /**
     * Derived from `stage` (and, for a discarded property, whether a visit already happened) by
     * the properties_visited trigger (migration 0004), so the two never disagree. Kept as a column:
     * the original's filter, the map's cells and the statistics read it.
     */
    visited: boolean('visited').notNull().default(false),
    /** The scouting pipeline: see PROPERTY_STAGES; a discarded property says why. */
    stage: text('stage', { enum: PROPERTY_STAGES }).notNull().default('new'),
    /** The stage's place in the pipeline (0 = new … 6 = discarded), for the stage sort's index. */
    stage_rank: smallint('stage_rank').generatedAlwaysAs(STAGE_RANK),
    discard_reason: text('discard_reason'),
    property_type_id: integer('property_type_id')
      .notNull()
      .references(() => property_types.id),
    broker_id: integer('broker_id').references(() => brokers.id, { onDelete: 'set null' }),
    city_id: integer('city_id')
      .notNull()
      .references(() => cities.id),
    // Derived by triggers, so every writer agrees on them: properties_derive (migration 0001)
    // writes the comuna's region (to filter by region without a join) and the document that `q`
    // searches (search_vector, 0005); properties_price (0002) the pesos per m² on the type's area
    // basis (null when that area is 0 or the peso price is unknown).
    region_id: smallint('region_id')
      .notNull()
      .references(() => regions.id),
    price_per_sqm: bigint('price_per_sqm', { mode: 'number' }),
    /**
     * Name, comuna and región, address, broker and notes as Spanish words (weights A to D), with
     * accents and street-type abbreviations folded, each word both stemmed ("casas" → cas) and
     * whole (for prefixes while typing): bec_search_document, migration 0005.
     */
    search_vector: tsvector('search_vector').notNull(),
    /**
     * The address normalised for duplicate warnings (bec_address_key, migration 0004): case,
     * accents, street-type abbreviations and unit numbers don't tell two addresses apart.
     */
    address_key: text('address_key').notNull().default(''),
    // Where the property is on the map: Web Mercator pixel coordinates at zoom 16 of 256-px tiles
    // (2^24 per axis), generated from the coordinates (null unless both are known). A map cell of
    // any zoom is a right shift of them: see property_map_cells and migration 0003.
    map_x: integer('map_x').generatedAlwaysAs(MAP_X),
    map_y: integer('map_y').generatedAlwaysAs(MAP_Y),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updated_by: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamptz('created_at'),
    updated_at: timestamptz('updated_at'),
  },
  (t) => [
    // Keyset pagination: one index per sort order, id as the tie-breaker. Ascending: a btree read
    // backwards serves `order by x desc, id desc` exactly. (Drizzle's `.desc()` writes DESC NULLS
    // LAST, which `order by x desc` (nulls first) does not match, so the planner sorted instead.)
    index('properties_created_id_idx').on(t.created_at, t.id),
    // Price sorts, unknown peso prices (UF without a UF value) last either way, as price per m².
    index('properties_price_asc_idx').on(
      sql`coalesce(${t.price}, ${sql.raw(PRICE_NULL_LAST_ASC)})`,
      t.id,
    ),
    index('properties_price_desc_idx').on(
      sql`coalesce(${t.price}, ${sql.raw(PRICE_NULL_LAST_DESC)})`,
      t.id,
    ),
    // Area sorts: an unknown area (ADR 048) below every known one, so first ascending.
    index('properties_building_idx').on(
      sql`coalesce(${t.building_sqmts}, ${sql.raw(AREA_UNKNOWN_KEY)})`,
      t.id,
    ),
    index('properties_city_created_id_idx').on(t.city_id, t.created_at, t.id),
    index('properties_type_created_id_idx').on(t.property_type_id, t.created_at, t.id),
    index('properties_region_created_id_idx').on(t.region_id, t.created_at, t.id),
    // Price per m² sorts, unknown values last either way: see PRICE_PER_SQM_KEYS in the repository.
    index('properties_ppsqm_asc_idx').on(
      sql`coalesce(${t.price_per_sqm}, ${sql.raw(PPSQM_NULL_LAST_ASC)})`,
      t.id,
    ),
    index('properties_ppsqm_desc_idx').on(
      sql`coalesce(${t.price_per_sqm}, ${sql.raw(PPSQM_NULL_LAST_DESC)})`,
      t.id,
    ),
    index('properties_search_idx').using('gin', t.search_vector),
    index('properties_broker_idx').on(t.broker_id),
    // The grid's stage filter (newest first) and the stage sort.
    index('properties_stage_created_id_idx').on(t.stage, t.created_at, t.id),
    index('properties_stage_rank_idx').on(t.stage_rank, t.id),
    // Duplicate warnings: the same normalised address in the same comuna.
    index('properties_address_key_idx').on(t.city_id, t.address_key),
    index('properties_land_idx').on(t.land_sqmts),
    // The map's single properties in a view (Chile is tall: a view's rows are a narrow y range).
    index('properties_map_idx').on(t.map_y, t.map_x).where(sql`${t.map_y} is not null`),
    // Comparables: the nearest of a type, and the peers of a type in a comuna by price per m².
    index('properties_type_map_idx')
      .on(t.property_type_id, t.map_y, t.map_x)
      .where(sql`${t.map_y} is not null`),
    index('properties_peers_idx')
      .on(t.city_id, t.property_type_id, t.price_per_sqm)
      .where(sql`${t.price_per_sqm} is not null`),
    // The grid's minimum dormitorios, baños and estacionamientos and maximum gastos comunes: a
    // rare value is found through its index, a common one along the sort's (ADR 038).
    index('properties_rooms_idx').on(t.rooms).where(sql`${t.rooms} is not null`),
    index('properties_bathrooms_idx').on(t.bathrooms).where(sql`${t.bathrooms} is not null`),
    index('properties_parking_spaces_idx')
      .on(t.parking_spaces)
      .where(sql`${t.parking_spaces} is not null`),
    index('properties_common_expenses_idx')
      .on(t.common_expenses)
      .where(sql`${t.common_expenses} is not null`),
    ...attributeChecks(t),
    check(
      'properties_orientation_check',
      sql`${t.orientation} in (${sql.raw(ORIENTATIONS.map((o) => `'${o}'`).join(', '))})`,
    ),
    check('properties_price_check', sql`${t.price} >= 0`),
    check('properties_price_unit_check', sql`${t.price_unit} in ('CLP', 'UF')`),
    check(
      'properties_price_amount_check',
      sql`${t.price_amount} >= 0 and (${t.price_unit} = 'UF' or ${t.price_amount} = trunc(${t.price_amount}))`,
    ),
    check(
      'properties_areas_check',
      sql`${t.building_sqmts} >= 0 and ${t.land_sqmts} >= 0 and coalesce(${t.parking_sqmts}, 0) >= 0 and coalesce(${t.additional_sqmts}, 0) >= 0 and coalesce(${t.basement_sqmts}, 0) >= 0`,
    ),
    check('properties_latitude_check', sql`${t.latitude} between -90 and 90`),
    check('properties_longitude_check', sql`${t.longitude} between -180 and 180`),
    check('properties_maps_url_check', sql`${t.google_maps_url} ~* '^https?://'`),
    check(
      'properties_stage_check',
      sql`${t.stage} in (${sql.raw(PROPERTY_STAGES.map((stage) => `'${stage}'`).join(', '))})`,
    ),
    check(
      'properties_discard_reason_check',
      sql`(${t.stage} = 'discarded') = (${t.discard_reason} is not null)`,
    ),
    // The trigger keeps it; the check makes sure no writer (psql, a bulk load) can break it.
    check(
      'properties_visited_stage_check',
      sql`${t.stage} = 'discarded' or ${t.visited} = (${t.stage} in (${sql.raw(VISITED_STAGES.map((stage) => `'${stage}'`).join(', '))}))`,
    ),
  ],
);

/** A new property row as callers write it: the triggers derive the other columns. */
export type PropertyInsert = Omit<
  typeof properties.$inferInsert,
  'region_id' | 'price' | 'price_per_sqm' | 'search_vector' | 'address_key' | 'visited'
>;
/** Drizzle cannot know a trigger fills columns, so it would ask callers for them. */
export const withDerivedColumns = (rows: PropertyInsert[]) =>
  rows as (typeof properties.$inferInsert)[];

/**
 * A stored photo's columns, the same for a property's and a visit's photos (each table calls it:
 * Drizzle's column builders belong to one table).
 */
const storedPhotoColumns = () => ({
  storage_key: text('storage_key').notNull().unique(),
  position: integer('position').notNull(),
  content_type: text('content_type').notNull(),
  bytes: integer('bytes').notNull(),
  width: integer('width'),
  height: integer('height'),
  /** SHA-256 of the uploaded file (hex), for duplicate warnings; null for photos before 0004. */
  content_hash: text('content_hash'),
  created_at: timestamptz('created_at'),
});

export const property_photos = pgTable(
  'property_photos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    property_id: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    ...storedPhotoColumns(),
  },
  (t) => [
    // One photo per place: the order is the position. Deferred to the commit in the migration
    // (drizzle-kit cannot say so), since an edit moves photos one at a time and two may briefly
    // share a place.
    unique('property_photos_position_key').on(t.property_id, t.position),
    index('property_photos_hash_idx').on(t.content_hash).where(sql`${t.content_hash} is not null`),
  ],
);

/** Storage keys handed out for direct uploads; only the issuer may attach one. */
export const uploads = pgTable(
  'uploads',
  {
    key: text('key').primaryKey(),
    issued_to: integer('issued_to')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content_type: text('content_type').notNull(),
    /** The most the upload may hold: its exact size when `exact_size`, else the size limit. */
    bytes: integer('bytes').notNull(),
    /** The size was declared and signed: the stored object must have exactly `bytes`. */
    exact_size: boolean('exact_size').notNull().default(false),
    issued_at: timestamptz('issued_at'),
    attached_at: timestamp('attached_at', { withTimezone: true, mode: 'date', precision: 3 }),
  },
  (t) => [index('uploads_unattached_idx').on(t.issued_at).where(sql`${t.attached_at} is null`)],
);

/** The number of properties, kept by statement triggers so an unfiltered list needs no count(*). */
export const properties_total = pgTable(
  'properties_total',
  {
    only: boolean('only').primaryKey().default(true),
    n: bigint('n', { mode: 'number' }).notNull(),
    /** Bumped by every statement that writes properties: what cached figures were computed at. */
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('properties_total_single_row', sql`${t.only}`)],
);

/**
 * What each statement that wrote properties changed in the total: one row per statement (`n`
 * rows added less rows deleted; 0 for an update, which still counts as a new version). Writers
 * only append here, so concurrent adds take no shared row lock; a fold (migration 0013,
 * `bec_fold_property_deltas`) moves the rows into properties_total after their commits. Readers
 * add the rows not yet folded (db/properties-total.ts), so the total is exact at every moment.
 */
export const properties_total_deltas = pgTable('properties_total_deltas', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  n: integer('n').notNull(),
});

/** Small key-value facts about this database (e.g. whether demo data was ever loaded). */
export const app_meta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const UF_SOURCES = ['cmf', 'mindicador', 'manual', 'demo'] as const;

/** Published UF values: pesos per UF for each day, including days published in advance. */
export const uf_values = pgTable(
  'uf_values',
  {
    date: date('date', { mode: 'string' }).primaryKey(),
    value: numeric('value', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    source: text('source', { enum: UF_SOURCES }).notNull(),
    stored_at: timestamptz('stored_at'),
  },
  (t) => [
    check('uf_values_value_check', sql`${t.value} between 1000 and 100000`),
    check('uf_values_source_check', sql`${t.source} in ('cmf', 'mindicador', 'manual', 'demo')`),
  ],
);

/**
 * The one UF value the stored peso prices of UF-priced properties were computed with (one row;
 * all null while no UF value is known). The properties_price trigger reads it; the UF job moves it
 * to the value in effect and re-prices the UF rows in the same transaction.
 */
export const uf_pricing = pgTable(
  'uf_pricing',
  {
    only: boolean('only').primaryKey().default(true),
    date: date('date', { mode: 'string' }),
    value: numeric('value', { precision: 12, scale: 2, mode: 'number' }),
    source: text('source', { enum: UF_SOURCES }),
    priced_at: timestamp('priced_at', { withTimezone: true, mode: 'date', precision: 3 }),
  },
  (t) => [
    check('uf_pricing_single_row', sql`${t.only}`),
    check(
      'uf_pricing_complete',
      sql`(${t.date} is null) = (${t.value} is null) and (${t.date} is null) = (${t.source} is null)`,
    ),
  ],
);

/**
 * The fetch of published UF values, shared by every API process (one row): whoever claims the
 * lease fetches, the others skip; `next_at` spaces fetches out across processes.
 */
export const uf_fetch = pgTable(
  'uf_fetch',
  {
    only: boolean('only').primaryKey().default(true),
    lease_until: timestamp('lease_until', { withTimezone: true, mode: 'date', precision: 3 }),
    next_at: timestamp('next_at', { withTimezone: true, mode: 'date', precision: 3 }),
    succeeded_at: timestamp('succeeded_at', { withTimezone: true, mode: 'date', precision: 3 }),
    failed_at: timestamp('failed_at', { withTimezone: true, mode: 'date', precision: 3 }),
    failure: text('failure'),
  },
  (t) => [check('uf_fetch_single_row', sql`${t.only}`)],
);

/** The map's cell levels kept in property_map_cells: a cell of level L is 2^(24-L) map pixels. */
export const MAP_CELL_LEVELS = { min: 2, max: 15 } as const;

/**
 * How many properties each map cell holds, per level, comuna, type and visited, with the sums of
 * their coordinates (a cluster sits at its members' centroid), plus one row per cell for every
 * property in it (city_id 0, property_type_id 0, visited false), which an unfiltered view reads by
 * one index probe per cell. Level 0 is the properties without coordinates. Kept by statement
 * triggers on properties (migration 0003), so a view reads a number of rows bounded by its cells
 * whatever the table's size. Rows that drop to n = 0 stay (an index entry is cheaper than churn).
 */
export const property_map_cells = pgTable(
  'property_map_cells',
  {
    level: smallint('level').notNull(),
    cx: integer('cx').notNull(),
    cy: integer('cy').notNull(),
    city_id: integer('city_id').notNull(),
    property_type_id: integer('property_type_id').notNull(),
    visited: boolean('visited').notNull(),
    region_id: smallint('region_id').notNull(),
    n: integer('n').notNull(),
    lat_sum: doublePrecision('lat_sum').notNull(),
    lng_sum: doublePrecision('lng_sum').notNull(),
  },
  (t) => [
    primaryKey({
      columns: [t.level, t.cx, t.cy, t.city_id, t.property_type_id, t.visited],
    }),
  ],
);

/**
 * A property's entry into (+1) or exit from (-1) the map's cells, appended by the statement
 * triggers on properties instead of updating the shared cells in the writer's transaction; the
 * fold (migration 0013) applies them to property_map_cells after the commit, and the map's reads
 * add the rows not yet folded (modules/market/map.repository.ts), so the cells stay exact.
 */
export const property_map_cell_deltas = pgTable('property_map_cell_deltas', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  map_x: integer('map_x'),
  map_y: integer('map_y'),
  city_id: integer('city_id').notNull(),
  property_type_id: integer('property_type_id').notNull(),
  visited: boolean('visited').notNull(),
  region_id: smallint('region_id').notNull(),
  lat: doublePrecision('lat'),
  lng: doublePrecision('lng'),
  sign: smallint('sign').notNull(),
});

/**
 * A property's visits: when, who went, what they thought. A past visit moves a property that was
 * new or to visit on to visited (the service, and the sweep for visits that were ahead).
 */
export const property_visits = pgTable(
  'property_visits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    property_id: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    visited_at: timestamp('visited_at', {
      withTimezone: true,
      mode: 'date',
      precision: 3,
    }).notNull(),
    visitor_id: integer('visitor_id').references(() => users.id, { onDelete: 'set null' }),
    notes: text('notes'),
    rating: smallint('rating'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamptz('created_at'),
    updated_at: timestamptz('updated_at'),
  },
  (t) => [
    index('property_visits_property_idx').on(t.property_id, t.visited_at),
    // "Tus próximas visitas": a member's visits from now on.
    index('property_visits_visitor_idx').on(t.visitor_id, t.visited_at),
    check('property_visits_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);

/** Photos taken at a visit: the same signed uploads as a property's photos. */
export const visit_photos = pgTable(
  'visit_photos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    visit_id: integer('visit_id')
      .notNull()
      .references(() => property_visits.id, { onDelete: 'cascade' }),
    ...storedPhotoColumns(),
  },
  (t) => [index('visit_photos_visit_idx').on(t.visit_id, t.position)],
);

/**
 * Every change to a property, appended in the change's own transaction. No foreign keys: a
 * deleted property's or user's history stays (the actor's name is kept as it was). The
 * history_append_only trigger (migration 0004) refuses updates, deletes and truncation.
 */
export const property_history = pgTable(
  'property_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    property_id: integer('property_id').notNull(),
    at: timestamptz('at'),
    actor_id: integer('actor_id'),
    actor_name: text('actor_name'),
    kind: text('kind', { enum: HISTORY_KINDS }).notNull(),
    /** What changed: see HistoryEntrySchema in the contracts. */
    changes: jsonb('changes').notNull(),
  },
  (t) => [index('property_history_property_idx').on(t.property_id, t.id)],
);

/** Access decisions (who let whom in, with which role, and who removed whom): append-only too. */
export const access_audit = pgTable(
  'access_audit',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamptz('at'),
    /** Null when the system decided (ADMIN_EMAILS granting the first admin). */
    actor_id: integer('actor_id'),
    actor_name: text('actor_name'),
    actor_email: text('actor_email'),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    subject_email: text('subject_email').notNull(),
    subject_name: text('subject_name'),
    /** E.g. { role } for an approval, { from, to } for a role change. */
    details: jsonb('details').notNull(),
  },
  (t) => [
    index('access_audit_at_idx').on(t.at, t.id),
    index('access_audit_subject_idx').on(t.subject_email, t.at, t.id),
    index('access_audit_actor_idx').on(t.actor_email, t.at, t.id),
  ],
);

/**
 * The answers to writes sent with an `Idempotency-Key` (ADR 043), per user (the token's subject)
 * and key, for 24 hours: a replay answers the stored response and runs nothing. A row whose
 * `status` is null is a claim still in progress (its handler running, or its process gone).
 */
export const idempotency_keys = pgTable(
  'idempotency_keys',
  {
    subject: text('subject').notNull(),
    key: text('key').notNull(),
    /** The method and route template, e.g. `PUT /api/properties/:id`. */
    route: text('route').notNull(),
    /** SHA-256 (hex) of the route, the URL's params and query, and the body, canonical JSON. */
    request_hash: text('request_hash').notNull(),
    /** A random token per claim: only the request holding it may finish or release it. */
    claim: text('claim').notNull(),
    claimed_at: timestamptz('claimed_at'),
    expires_at: timestamp('expires_at', {
      withTimezone: true,
      mode: 'date',
      precision: 3,
    }).notNull(),
    /** The answer's status; null while the claim is in progress. */
    status: smallint('status'),
    /** The answer's headers that matter to a client (content-type, location). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** The answer's body as it was sent. */
    body: text('body'),
  },
  (t) => [
    primaryKey({ columns: [t.subject, t.key] }),
    index('idempotency_keys_expires_idx').on(t.expires_at),
  ],
);

/**
 * The Data section's statistics as last computed (ADR 051), per grouping and filters, shared by
 * every process: an answer after a write serves these while one process recomputes them.
 */
export const market_stats = pgTable(
  'market_stats',
  {
    /** SHA-256 (hex) of the grouping and filters, canonical JSON. */
    key: text('key').primaryKey(),
    /** The data version they were computed at (`dataVersionSql`): properties' writes and the UF. */
    version: text('version').notNull(),
    /** When the computation that made them started: the moment the figures describe. */
    computed_at: timestamptz('computed_at'),
    /** The answer's figures (the contract's MarketStats without `computed_at` and `updating`). */
    stats: jsonb('stats').notNull(),
  },
  (t) => [index('market_stats_computed_at_idx').on(t.computed_at)],
);

export const SAVED_SEARCH_SCOPES = ['personal', 'shared'] as const;

/**
 * Saved searches (ADR 053): the grid's filters under a name, as the URL parameters'
 * text (`SavedSearchFiltersSchema`), personal (its owner's alone) or shared with the team.
 */
export const saved_searches = pgTable(
  'saved_searches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    owner_id: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope', { enum: SAVED_SEARCH_SCOPES }).notNull(),
    filters: jsonb('filters').$type<Record<string, string>>().notNull(),
    created_at: timestamptz('created_at'),
    updated_at: timestamptz('updated_at'),
  },
  (t) => [
    index('saved_searches_owner_idx').on(t.owner_id),
    index('saved_searches_shared_idx').on(t.scope).where(sql`${t.scope} = 'shared'`),
    check('saved_searches_scope_check', sql`${t.scope} in ('personal', 'shared')`),
  ],
);

/** A user's subscription to a saved search and when they last opened it. */
export const saved_search_members = pgTable(
  'saved_search_members',
  {
    saved_search_id: integer('saved_search_id')
      .notNull()
      .references(() => saved_searches.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscribed: boolean('subscribed').notNull().default(true),
    opened_at: timestamp('opened_at', { withTimezone: true, mode: 'date', precision: 3 }),
    /** The subscription's mail (ADR 054): none, one per alert, or the daily digest. */
    email: text('email', { enum: ['off', 'immediate', 'daily'] })
      .notNull()
      .default('off'),
  },
  (t) => [
    primaryKey({ columns: [t.saved_search_id, t.user_id] }),
    index('saved_search_members_user_idx').on(t.user_id),
    check('saved_search_members_email_check', sql`${t.email} in ('off', 'immediate', 'daily')`),
  ],
);

/**
 * Each property added or changed, written in the change's own transaction (ADR 053): the matching
 * worker turns a row into alerts after the commit and deletes it. `before` is the row as it was
 * (`to_jsonb`), null for an insert. No foreign keys: a row outlives nothing it names.
 */
export const property_match_outbox = pgTable('property_match_outbox', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  property_id: integer('property_id').notNull(),
  actor_id: integer('actor_id'),
  before: jsonb('before'),
  created_at: timestamptz('created_at'),
});

export const ALERT_REASONS = ['added', 'now_matches'] as const;

/** A subscriber's in-app alert: a property that a saved search newly matches. */
export const search_alerts = pgTable(
  'search_alerts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    saved_search_id: integer('saved_search_id')
      .notNull()
      .references(() => saved_searches.id, { onDelete: 'cascade' }),
    property_id: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** The outbox row it came from: processing one twice never alerts twice (unique below). */
    outbox_id: bigint('outbox_id', { mode: 'number' }).notNull(),
    reason: text('reason', { enum: ALERT_REASONS }).notNull(),
    actor_id: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamptz('created_at'),
    read_at: timestamp('read_at', { withTimezone: true, mode: 'date', precision: 3 }),
  },
  (t) => [
    index('search_alerts_user_idx').on(t.user_id, t.id),
    index('search_alerts_unread_idx').on(t.user_id).where(sql`${t.read_at} is null`),
    uniqueIndex('search_alerts_outbox_idx').on(t.outbox_id, t.user_id, t.saved_search_id),
    index('search_alerts_search_idx').on(t.saved_search_id),
    index('search_alerts_property_idx').on(t.property_id),
    check('search_alerts_reason_check', sql`${t.reason} in ('added', 'now_matches')`),
  ],
);

/**
 * Alert mail to send (ADR 054): one row per alert of an `immediate` subscription, written with the
 * alert, and one per user and day for the digest (unique). The sender claims rows with a lease
 * (SKIP LOCKED), sends outside any transaction and marks them sent; failures wait
 * `next_attempt_at` (exponential backoff) and stop at `failed_at`, the last error kept.
 */
export const mail_outbox = pgTable(
  'mail_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['alert', 'digest'] }).notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** An `alert` mail's alert (gone with it: nothing left to tell). */
    alert_id: bigint('alert_id', { mode: 'number' }).references(() => search_alerts.id, {
      onDelete: 'cascade',
    }),
    /** A digest's day in Chile, and the alerts it lists. */
    digest_day: date('digest_day', { mode: 'string' }),
    alert_ids: bigint('alert_ids', { mode: 'number' }).array(),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamptz('next_attempt_at'),
    /** Claimed by a sender until then; another takes it only after. */
    lease_until: timestamp('lease_until', { withTimezone: true, mode: 'date', precision: 3 }),
    last_error: text('last_error'),
    sent_at: timestamp('sent_at', { withTimezone: true, mode: 'date', precision: 3 }),
    failed_at: timestamp('failed_at', { withTimezone: true, mode: 'date', precision: 3 }),
    created_at: timestamptz('created_at'),
  },
  (t) => [
    uniqueIndex('mail_outbox_alert_idx').on(t.alert_id),
    uniqueIndex('mail_outbox_digest_idx').on(t.user_id, t.digest_day),
    index('mail_outbox_pending_idx')
      .on(t.next_attempt_at)
      .where(sql`${t.sent_at} is null and ${t.failed_at} is null`),
    check('mail_outbox_kind_check', sql`${t.kind} in ('alert', 'digest')`),
  ],
);
