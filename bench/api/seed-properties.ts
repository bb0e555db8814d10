import type { PropertyStage } from '@bec/contracts';
import {
  DISCARD_REASONS,
  HOT_COMUNAS,
  NATIONAL_STREETS,
  NOTES,
  PREMIUM_COMUNAS,
  REGIONS,
  RURAL_ROADS,
  SANTIAGO_STREETS,
  STAGE_WEIGHTS,
  TYPE_WEIGHTS,
} from './chile-data.js';
import { clamp, createRandom, type Random, weightedPicker } from './random.js';

/**
 * Loads realistic listings straight into PostgreSQL, bypassing the API: 100k rows through HTTP
 * would take minutes and measure the add endpoint, not the list. Only the base columns of
 * `properties` are written; columns a trigger derives (region, search text, the peso price of a
 * UF price, price per m²…) are left to the database, so the seed keeps working while the schema
 * grows.
 */

/** pg's pool, or PGlite behind the same call (bench/api/pglite-memory.ts): all the seed uses. */
export type Queryable = {
  query: <R>(text: string, params?: unknown[]) => Promise<{ rows: R[] }>;
};

type City = { id: number; name: string; region_id: number };
type PropertyType = { id: number; name: string };

type Place = City & { capital: boolean; hot: boolean; premium: boolean };

type PropertyRow = {
  name: string;
  address: string;
  /** In `price_unit`: whole pesos, or UF (the trigger derives the peso price). */
  price_amount: number;
  price_unit: 'CLP' | 'UF';
  building_sqmts: number;
  land_sqmts: number;
  parking_sqmts: number | null;
  additional_sqmts: number | null;
  basement_sqmts: number | null;
  google_maps_url: string | null;
  latitude: number | null;
  longitude: number | null;
  rooms: number | null;
  bathrooms: number | null;
  parking_spaces: number | null;
  storage_units: number | null;
  common_expenses: number | null;
  notes: string | null;
  /** `visited` is left to the properties_visited trigger, which derives it from the stage. */
  stage: PropertyStage;
  discard_reason: string | null;
  property_type_id: number;
  broker_id: number | null;
  city_id: number;
  created_by: number | null;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
};

/** Column name → Postgres array type for `unnest`; the order is the insert's column order. */
const PROPERTY_COLUMNS: [keyof PropertyRow, string][] = [
  ['name', 'text'],
  ['address', 'text'],
  ['price_amount', 'numeric'],
  ['price_unit', 'text'],
  ['building_sqmts', 'numeric'],
  ['land_sqmts', 'numeric'],
  ['parking_sqmts', 'numeric'],
  ['additional_sqmts', 'numeric'],
  ['basement_sqmts', 'numeric'],
  ['google_maps_url', 'text'],
  ['latitude', 'numeric'],
  ['longitude', 'numeric'],
  ['rooms', 'int4'],
  ['bathrooms', 'int2'],
  ['parking_spaces', 'int2'],
  ['storage_units', 'int2'],
  ['common_expenses', 'int4'],
  ['notes', 'text'],
  ['stage', 'text'],
  ['discard_reason', 'text'],
  ['property_type_id', 'int4'],
  ['broker_id', 'int4'],
  ['city_id', 'int4'],
  ['created_by', 'int4'],
  ['updated_by', 'int4'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
];

const INSERT_PROPERTIES = `insert into properties (${PROPERTY_COLUMNS.map(([c]) => c).join(', ')})
select * from unnest(${PROPERTY_COLUMNS.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ')})
returning id`;

const INSERT_PHOTOS = `insert into property_photos
  (property_id, storage_key, position, content_type, bytes, width, height)
select * from unnest($1::int4[], $2::text[], $3::int4[], $4::text[], $5::int4[], $6::int4[], $7::int4[])`;

/** A few thousand rows per statement: big enough to amortise round trips, small enough for memory. */
const BATCH = 5_000;
const DAY = 86_400_000;
const SPAN = 3 * 365 * DAY;
/** Every this-many rows goes to the next comuna in turn, so all 346 get listings. */
const ROUND_ROBIN_EVERY = 250;
const SEED = 20_240_917;

const round2 = (n: number) => Math.round(n * 100) / 100;
const roundTo = (n: number, step: number) => Math.max(step, Math.round(n / step) * step);
const thousands = (n: number) => Math.round(n).toLocaleString('es-CL');

type Context = {
  places: Place[];
  pickPlace: (random: Random) => Place;
  types: PropertyType[];
  pickType: (random: Random, place: Place) => PropertyType;
  brokerIds: number[];
  userIds: number[];
};

async function loadContext(pool: Queryable): Promise<Context> {
  const cities = (
    await pool.query<City>('select id, name, region_id from cities order by region_id, id')
  ).rows;
  const types = (await pool.query<PropertyType>('select id, name from property_types order by id'))
    .rows;
  const brokerIds = (
    await pool.query<{ id: number }>('select id from brokers order by id')
  ).rows.map((r) => r.id);
  const userIds = (await pool.query<{ id: number }>('select id from users order by id')).rows.map(
    (r) => r.id,
  );
  if (!cities.length || !types.length)
    throw new Error('cities or property_types are empty: was prepareDatabase run?');

  // Capital = lowest CUT code of its region (xx101: Santiago, Valparaíso, Concepción…).
  const capitals = new Set<number>();
  const seenRegions = new Set<number>();
  for (const city of cities) {
    if (!seenRegions.has(city.region_id)) capitals.add(city.id);
    seenRegions.add(city.region_id);
  }
  const places: Place[] = cities.map((c) => ({
    ...c,
    capital: capitals.has(c.id),
    hot: capitals.has(c.id) || c.name in HOT_COMUNAS,
    premium: PREMIUM_COMUNAS.has(c.name),
  }));

  // A comuna's weight is its region's share split by how busy the comuna is within the region.
  const within = (p: Place) => (p.capital ? 6 : (HOT_COMUNAS[p.name] ?? 1));
  const regionTotals = new Map<number, number>();
  for (const p of places)
    regionTotals.set(p.region_id, (regionTotals.get(p.region_id) ?? 0) + within(p));
  const pickPlace = weightedPicker(
    places.map((p) => ({
      item: p,
      weight:
        ((REGIONS[p.region_id]?.weight ?? 1) * within(p)) / (regionTotals.get(p.region_id) ?? 1),
    })),
  );

  const typeWeights = (rural: boolean) =>
    types.map((t) => {
      const base = TYPE_WEIGHTS[t.name] ?? 2;
      // Parcelas and terrenos cluster outside the cities.
      const ruralBoost = t.name === 'Parcela' || t.name === 'Terreno' ? (rural ? 3 : 0.3) : 1;
      return { item: t, weight: base * ruralBoost };
    });
  const urbanType = weightedPicker(typeWeights(false));
  const ruralType = weightedPicker(typeWeights(true));
  return {
    places,
    pickPlace,
    types,
    pickType: (random, place) => (place.hot ? urbanType(random) : ruralType(random)),
    brokerIds,
    userIds,
  };
}

type Shape = {
  price: number;
  building: number;
  land: number;
  rooms: number | null;
  baths: number | null;
};

type Figures = [median: number, sigma: number, min: number, max: number];
/** Types priced on built area with land a multiple of it: area (m²), price (CLP), land [base, spread]. */
const BUILT_ONLY: Record<string, { area: Figures; price: Figures; land: [number, number] }> = {
  Oficina: {
    area: [80, 0.6, 20, 1_500],
    price: [150_000_000, 0.6, 40_000_000, 1_200_000_000],
    land: [1, 0],
  },
  'Local comercial': {
    area: [90, 0.6, 20, 1_000],
    price: [110_000_000, 0.7, 25_000_000, 900_000_000],
    land: [1, 1],
  },
  Bodega: {
    area: [250, 0.8, 20, 5_000],
    price: [70_000_000, 0.7, 15_000_000, 600_000_000],
    land: [1, 0.8],
  },
  Galpón: {
    area: [1_200, 0.6, 200, 20_000],
    price: [450_000_000, 0.7, 80_000_000, 3_000_000_000],
    land: [1.3, 1.7],
  },
};
const BUILT_ONLY_OTHER = {
  area: [100, 0.6, 20, 2_000] as Figures,
  price: [150_000_000, 0.6, 20_000_000, 1_500_000_000] as Figures,
  land: [1, 0] as [number, number],
};

/** Price (CLP) and areas (m²) consistent with the type: flats have no garden, lots no building. */
/** Land with nothing built (terrenos, parcelas), priced by its area. */
const lot = (land: number, perSqm: number): Shape => ({
  price: roundTo(land * perSqm, 100_000),
  building: 0,
  land,
  rooms: null,
  baths: null,
});

function shape(type: string, place: Place, random: Random): Shape {
  const premium = place.premium ? 1.5 : 1;
  const rm = place.region_id === 13 ? 1.25 : 1;
  const price = (median: number, sigma: number, min: number, max: number) =>
    roundTo(clamp(random.logNormal(median * premium * rm, sigma), min, max), 100_000);
  switch (type) {
    case 'Departamento': {
      const building = round2(clamp(random.logNormal(65, 0.35), 28, 250));
      const rooms = building < 45 ? 1 : building < 70 ? 2 : building < 110 ? 3 : 4;
      return {
        price: price(120_000_000, 0.4, 60_000_000, 400_000_000),
        building,
        land: building,
        rooms,
        baths: Math.max(1, rooms - random.int(0, 1)),
      };
    }
    case 'Casa': {
      const building = round2(clamp(random.logNormal(130, 0.4), 45, 600));
      const rooms = clamp(Math.round(building / 40) + random.int(0, 1), 2, 7);
      return {
        price: price(190_000_000, 0.55, 45_000_000, 1_800_000_000),
        building,
        land: round2(building * (1.5 + random.next() * 3.5)),
        rooms,
        baths: clamp(rooms - random.int(0, 2), 1, 5),
      };
    }
    case 'Terreno': {
      const land = roundTo(clamp(random.logNormal(900, 1), 150, 50_000), 10);
      const perSqm = random.logNormal(place.region_id === 13 ? 250_000 : 70_000, 0.5) * premium;
      return lot(land, perSqm);
    }
    case 'Parcela': {
      // Most parcelas de agrado are the legal minimum lot of 5,000 m².
      const land = random.chance(0.6)
        ? 5_000
        : roundTo(clamp(random.logNormal(10_000, 1), 5_000, 500_000), 100);
      const perSqm = random.logNormal(18_000, 0.5) * premium;
      return lot(land, perSqm);
    }
    default: {
      // Offices, shops, warehouses and the rest: one shape, their own figures.
      const t = BUILT_ONLY[type] ?? BUILT_ONLY_OTHER;
      const building = round2(clamp(random.logNormal(t.area[0], t.area[1]), t.area[2], t.area[3]));
      return {
        price: price(...t.price),
        building,
        // Land over built area: base, plus up to `spread` more (no draw when there is none).
        land: t.land[1] ? round2(building * (t.land[0] + random.next() * t.land[1])) : building,
        rooms: null,
        baths: null,
      };
    }
  }
}

function listingName(type: string, place: Place, s: Shape, random: Random) {
  const comuna = place.name;
  switch (type) {
    case 'Departamento':
      return random.chance(0.7)
        ? `Departamento ${s.rooms}D${s.baths}B ${comuna}`
        : `Departamento en ${comuna}`;
    case 'Casa':
      return random.pick([
        `Casa en ${comuna}`,
        `Casa ${s.rooms}D${s.baths}B en ${comuna}`,
        `Casa esquina en ${comuna}`,
        `Casa mediterránea en ${comuna}`,
      ]);
    case 'Terreno':
      return `Terreno ${thousands(s.land)} m² en ${comuna}`;
    case 'Parcela':
      return random.chance(0.5)
        ? `Parcela de agrado en ${comuna}`
        : `Parcela ${thousands(s.land)} m² ${comuna}`;
    case 'Oficina':
      return random.chance(0.5)
        ? `Oficina en ${comuna}`
        : `Oficina ${Math.round(s.building)} m² ${comuna}`;
    case 'Galpón':
      return `Galpón industrial en ${comuna}`;
    default:
      return `${type} en ${comuna}`;
  }
}

function listingAddress(type: string, place: Place, random: Random) {
  if (type === 'Parcela' || (type === 'Terreno' && !place.hot && random.chance(0.6))) {
    return `${random.pick(RURAL_ROADS)} km ${random.int(1, 40)}, Parcela ${random.int(1, 120)}`;
  }
  const street =
    place.region_id === 13 && random.chance(0.7)
      ? random.pick(SANTIAGO_STREETS)
      : random.pick(NATIONAL_STREETS);
  const number = random.int(10, 9_999);
  if (type === 'Departamento')
    return `${street} ${number}, depto ${random.int(1, 25)}0${random.int(1, 8)}`;
  if (type === 'Oficina')
    return `${street} ${number}, of. ${random.int(1, 20)}0${random.int(1, 9)}`;
  return `${street} ${number}`;
}

/** Baños, estacionamientos, bodegas and gastos comunes (ADR 038), each stated or not. */
type Attributes = Pick<
  PropertyRow,
  'bathrooms' | 'parking_spaces' | 'storage_units' | 'common_expenses'
>;

/**
 * What a listing states besides its dormitorios, as Chilean listings do: homes mostly give their
 * baños (85%) and estacionamientos (70%), flats their gastos comunes (80%, about $1,600 a m² a
 * month, more in a premium comuna) and often a bodega; a casa states gastos comunes only in a
 * condominio (a quarter of them); offices some of each; lots and the rest nothing. Drawn from
 * their own PRNG, so the rows' other columns stay those of the seed before these existed.
 */
function listingAttributes(type: string, s: Shape, place: Place, random: Random): Attributes {
  const none = {
    bathrooms: null,
    parking_spaces: null,
    storage_units: null,
    common_expenses: null,
  };
  const gc = (perSqm: number, min: number, max: number) =>
    roundTo(
      clamp(random.logNormal(s.building * perSqm * (place.premium ? 1.4 : 1), 0.35), min, max),
      1_000,
    );
  const draw = weightedDraw(random);
  switch (type) {
    case 'Departamento':
      return {
        bathrooms: random.chance(0.85) ? s.baths : null,
        parking_spaces: random.chance(0.7) ? draw([0, 30], [1, 55], [2, 15]) : null,
        storage_units: random.chance(0.6) ? draw([0, 35], [1, 60], [2, 5]) : null,
        common_expenses: random.chance(0.8) ? gc(1_600, 25_000, 900_000) : null,
      };
    case 'Casa':
      return {
        bathrooms: random.chance(0.85) ? s.baths : null,
        parking_spaces: random.chance(0.7)
          ? draw([0, 10], [1, 30], [2, 45], [3, 10], [4, 5])
          : null,
        storage_units: random.chance(0.3) ? draw([0, 40], [1, 60]) : null,
        common_expenses: random.chance(0.25) ? gc(500, 20_000, 600_000) : null,
      };
    case 'Oficina':
      return {
        bathrooms: random.chance(0.6) ? random.int(1, 3) : null,
        parking_spaces: random.chance(0.5) ? random.int(0, 4) : null,
        storage_units: random.chance(0.2) ? random.int(0, 1) : null,
        common_expenses: random.chance(0.7) ? gc(2_000, 40_000, 2_000_000) : null,
      };
    default:
      return none;
  }
}

/** One of a few values by weight ([value, weight] pairs), from `random`. */
const weightedDraw =
  (random: Random) =>
  (...choices: [value: number, weight: number][]) => {
    let left = random.next() * choices.reduce((sum, [, w]) => sum + w, 0);
    for (const [value, weight] of choices) {
      left -= weight;
      if (left < 0) return value;
    }
    return choices.at(-1)?.[0] ?? 0;
  };

export type Seeder = {
  /** Adds listings until the table holds `target` of the seed's rows; answers the rows added. */
  loadUpTo: (
    target: number,
    options?: { onProgress?: (loaded: number) => void; parallel?: number },
  ) => Promise<number>;
  /** Listings written so far, and their photo rows. */
  counts: () => { properties: number; photos: number };
};

/** Types Chilean listings often price in UF: homes and offices, a third of them here. */
const PRICED_IN_UF = new Set(['Departamento', 'Casa', 'Oficina']);
const UF_SHARE = 0.35;

/**
 * A listing's price as a broker would enter it: in pesos, or (homes and offices, a third of them)
 * in UF at `ufValue` pesos, rounded to 10 UF, or to half a UF for one in ten of those.
 */
function enteredPrice(pesos: number, type: string, ufValue: number, random: Random) {
  if (!PRICED_IN_UF.has(type) || !random.chance(UF_SHARE))
    return { price_amount: pesos, price_unit: 'CLP' as const };
  const uf = pesos / ufValue;
  const amount = random.chance(0.1)
    ? Math.round(uf * 2) / 2
    : Math.max(10, Math.round(uf / 10) * 10);
  return { price_amount: amount, price_unit: 'UF' as const };
}

/**
 * `ufValue`: the UF in use while loading (the database must have it in uf_pricing, as the bench
 * sets it first), so UF listings come out at realistic peso prices.
 */
export async function createSeeder(
  pool: Queryable,
  { ufValue }: { ufValue: number },
): Promise<Seeder> {
  const context = await loadContext(pool);
  const random = createRandom(SEED);
  const attributeRandom = createRandom(SEED + 2_000_000);
  const pickStage = weightedPicker(STAGE_WEIGHTS.map(([item, weight]) => ({ item, weight })));
  const now = Date.now();
  let loaded = 0;
  let photos = 0;

  const row = (index: number): PropertyRow => {
    const place =
      index % ROUND_ROBIN_EVERY === 0
        ? (context.places[(index / ROUND_ROBIN_EVERY) % context.places.length] ??
          context.pickPlace(random))
        : context.pickPlace(random);
    const type = context.pickType(random, place);
    const s = shape(type.name, place, random);
    const centre = REGIONS[place.region_id] ?? { lat: -33.45, lng: -70.66 };
    const located = random.chance(0.75);
    const latitude = located ? Math.round((centre.lat + random.normal() * 0.15) * 1e6) / 1e6 : null;
    const longitude = located
      ? Math.round((centre.lng + random.normal() * 0.12) * 1e6) / 1e6
      : null;
    const dwelling = type.name === 'Departamento' || type.name === 'Casa';
    const created = now - Math.floor(random.next() * SPAN);
    const edited = random.chance(0.3)
      ? created + Math.floor(random.next() * (now - created))
      : created;
    const stage = pickStage(random);
    const author =
      context.userIds.length && random.chance(0.85) ? random.pick(context.userIds) : null;
    return {
      name: listingName(type.name, place, s, random),
      address: listingAddress(type.name, place, random),
      ...enteredPrice(s.price, type.name, ufValue, random),
      building_sqmts: s.building,
      land_sqmts: s.land,
      parking_sqmts:
        (dwelling || type.name === 'Oficina') && random.chance(0.5)
          ? random.pick([12.5, 25])
          : null,
      additional_sqmts: dwelling && random.chance(0.3) ? round2(4 + random.next() * 16) : null,
      basement_sqmts:
        type.name === 'Departamento' && random.chance(0.25) ? round2(3 + random.next() * 3) : null,
      google_maps_url:
        latitude === null
          ? null
          : `https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}`,
      latitude,
      longitude,
      rooms: s.rooms,
      ...listingAttributes(type.name, s, place, attributeRandom),
      notes: random.chance(0.3) ? random.pick(NOTES) : null,
      stage,
      discard_reason: stage === 'discarded' ? random.pick(DISCARD_REASONS) : null,
      property_type_id: type.id,
      broker_id:
        context.brokerIds.length && random.chance(0.65) ? random.pick(context.brokerIds) : null,
      city_id: place.id,
      created_by: author,
      updated_by: author !== null && edited !== created ? random.pick(context.userIds) : author,
      created_at: new Date(created).toISOString(),
      updated_at: new Date(edited).toISOString(),
    };
  };

  /**
   * 0–6 photos for most listings; keys are unique and name the listing they belong to. Drawn from
   * the batch's own PRNG: batches in flight finish in any order, and the photos stay the same.
   */
  async function insertPhotos(ids: number[], random: Random) {
    const columns: [number[], string[], number[], string[], number[], number[], number[]] = [
      [],
      [],
      [],
      [],
      [],
      [],
      [],
    ];
    for (const id of ids) {
      const count = random.chance(0.15) ? 0 : random.int(1, 6);
      for (let n = 0; n < count; n++) {
        columns[0].push(id);
        columns[1].push(`photos/bench/${id}-${n}.webp`);
        columns[2].push(n);
        columns[3].push('image/webp');
        columns[4].push(random.int(120_000, 320_000));
        columns[5].push(1600);
        columns[6].push(1200);
      }
    }
    for (let start = 0; start < columns[0].length; start += BATCH * 2) {
      await pool.query(
        INSERT_PHOTOS,
        columns.map((values) => values.slice(start, start + BATCH * 2)),
      );
    }
    photos += columns[0].length;
  }

  async function insertBatch(rows: PropertyRow[], batch: number) {
    const params = PROPERTY_COLUMNS.map(([column]) => rows.map((r) => r[column]));
    const inserted = await pool.query<{ id: number }>(INSERT_PROPERTIES, params);
    const ids = inserted.rows.map((r) => r.id).sort((a, b) => a - b);
    await insertPhotos(ids, createRandom(SEED + 1 + batch));
  }

  /**
   * Rows are drawn here in order (one PRNG, so every run loads the same rows) and inserted by up to
   * `parallel` statements at a time: while PostgreSQL runs one batch's triggers and index updates,
   * it can run another's on the other core. Ids (and so the photo keys) then interleave
   * differently from run to run; the rows themselves do not.
   */
  async function loadUpTo(
    target: number,
    { onProgress, parallel = 1 }: { onProgress?: (loaded: number) => void; parallel?: number } = {},
  ) {
    const before = loaded;
    let queued = loaded;
    let failure: unknown = null;
    const inFlight = new Set<Promise<void>>();
    while (queued < target && failure === null) {
      const size = Math.min(BATCH, target - queued);
      const rows = Array.from({ length: size }, (_, i) => row(queued + i));
      const task = insertBatch(rows, queued / BATCH).then(
        () => {
          loaded += size;
          onProgress?.(loaded);
        },
        (err: unknown) => {
          failure ??= err;
        },
      );
      queued += size;
      inFlight.add(task);
      void task.finally(() => inFlight.delete(task));
      if (inFlight.size >= parallel) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
    if (failure !== null) throw failure;
    return loaded - before;
  }

  return { loadUpTo, counts: () => ({ properties: loaded, photos }) };
}
