import { z } from 'zod';
import { digitsText, numberBetween, oneOf } from './common.js';
import { rule } from './issues.js';
import { checkFilters, PropertyCardSchema, propertyFilterShape } from './property.js';
import { UfValueSchema } from './uf.js';

/*
 * The Data section (ADR 017): the properties that match the grid's filters on a map, in
 * figures, and one property against its peers. Every query takes the grid's filters.
 */

/** Zoom levels of the map (Web Mercator, 256-px tiles): 0 is the world, 19 a street. */
export const MAP_MAX_ZOOM = 19;
/** From this zoom on, the map answers single properties only (no clusters). */
export const MAP_POINTS_ZOOM = 16;
/** At most this many single properties in one answer (a view at MAP_POINTS_ZOOM or beyond). */
export const MAP_MAX_POINTS = 1000;

/** A coordinate in a query string: plain decimal text, within the given range. */
const coordinate = (min: number, max: number) =>
  z
    .string({ error: rule('not_a_number') })
    .regex(/^-?(0|[1-9][0-9]{0,2})(\.[0-9]{1,10})?$/, { error: rule('plain_coordinate') })
    .transform(Number)
    .pipe(numberBetween(min, max));

/** The view's box: west < east and south < north (no box across the antimeridian). */
export const BboxShape = {
  west: coordinate(-180, 180),
  south: coordinate(-90, 90),
  east: coordinate(-180, 180),
  north: coordinate(-90, 90),
};

export const MapClustersQuerySchema = z
  .object({
    ...propertyFilterShape,
    ...BboxShape,
    zoom: digitsText(MAP_MAX_ZOOM, 0),
  })
  .superRefine((query, ctx) => {
    checkFilters(query, ctx);
    if (query.west >= query.east)
      ctx.addIssue({ code: 'custom', path: ['east'], message: rule('east_of_west') });
    if (query.south >= query.north)
      ctx.addIssue({ code: 'custom', path: ['north'], message: rule('north_of_south') });
  });
export type MapClustersQuery = z.output<typeof MapClustersQuerySchema>;

/** Several matching properties near each other: their count and their centroid. */
export const MapClusterSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  count: z.number().int(),
});
export type MapCluster = z.infer<typeof MapClusterSchema>;

/** One property, where it is. */
export const MapPointSchema = z.object({
  id: z.number().int(),
  lat: z.number(),
  lng: z.number(),
  name: z.string(),
});
export type MapPoint = z.infer<typeof MapPointSchema>;

export const MapClustersSchema = z.object({
  zoom: z.number().int(),
  clusters: z.array(MapClusterSchema),
  points: z.array(MapPointSchema),
  /** Matching properties in the box: the clusters' counts plus the points. */
  in_view: z.number().int(),
  /** True when a view at MAP_POINTS_ZOOM or beyond held more than MAP_MAX_POINTS properties. */
  truncated: z.boolean(),
  /** Matching properties anywhere that have coordinates, and those that have none. */
  located: z.number().int(),
  without_location: z.number().int(),
});
export type MapClusters = z.infer<typeof MapClustersSchema>;

/** How statistics are grouped: by region, by comuna or by property type. */
export const STATS_GROUPS = ['region', 'comuna', 'type'] as const;
export const StatsGroupSchema = oneOf(STATS_GROUPS);
export type StatsGroup = z.infer<typeof StatsGroupSchema>;

export const MarketStatsQuerySchema = z
  .object({ ...propertyFilterShape, group: StatsGroupSchema.default('comuna') })
  .superRefine(checkFilters);
export type MarketStatsQuery = z.output<typeof MarketStatsQuerySchema>;

/** Median and interquartile range (25th and 75th percentiles, interpolated); null when none. */
export const QuartilesSchema = z
  .object({ p25: z.number(), median: z.number(), p75: z.number() })
  .nullable();
export type Quartiles = z.infer<typeof QuartilesSchema>;

export const StatsFiguresSchema = z.object({
  count: z.number().int(),
  visited: z.number().int(),
  /** Prices in UF (2 decimals) and in whole pesos, of the properties with a known price. */
  price_uf: QuartilesSchema,
  price_clp: QuartilesSchema,
  /** UF per m² (2 decimals) on each type's area basis, of those with a non-zero area. */
  uf_per_sqm: QuartilesSchema,
  /** The newest addition: when, and which. */
  newest_at: z.iso.datetime().nullable(),
  newest_id: z.number().int().nullable(),
});
export type StatsFigures = z.infer<typeof StatsFiguresSchema>;

export const StatsRowSchema = StatsFiguresSchema.extend({
  /** The region's, comuna's or type's id: the grid's filter that shows these properties. */
  id: z.number().int(),
  name: z.string(),
});
export type StatsRow = z.infer<typeof StatsRowSchema>;

/** A histogram bin: [from, to) in UF/m²; the last bin also holds everything above. */
export const HistogramBinSchema = z.object({
  from: z.number(),
  to: z.number(),
  count: z.number().int(),
});

export const MarketStatsSchema = z.object({
  group: StatsGroupSchema,
  /** One row per group with matches, largest first. */
  rows: z.array(StatsRowSchema),
  /** Every match together. */
  all: StatsFiguresSchema,
  /** UF per m² of every match, in equal bins up to the 98th percentile. */
  histogram: z.array(HistogramBinSchema),
  uf: UfValueSchema.nullable(),
  /** When these figures were computed: they describe the properties as of then (ADR 051). */
  computed_at: z.iso.datetime(),
  /**
   * True when properties or the UF changed since: these are the last figures, served at once while
   * they are computed again; a later request gets the new ones.
   */
  updating: z.boolean(),
});
export type MarketStats = z.infer<typeof MarketStatsSchema>;

/** Fewer peers than this and a percentile means nothing: "not enough data". */
export const MIN_COMPARABLES = 5;
export const NEAREST_COMPARABLES = 5;

export const ComparableSchema = PropertyCardSchema.pick({
  id: true,
  name: true,
  city_name: true,
  price_amount: true,
  price_unit: true,
  price_clp: true,
  price_uf: true,
  price_per_sqm_uf: true,
}).extend({
  /** Metres from the property, along the Earth's surface. */
  distance_m: z.number().int(),
});
export type Comparable = z.infer<typeof ComparableSchema>;

export const ComparablesSchema = z.object({
  id: z.number().int(),
  /** This property's UF/m²; null when its area or price is unknown. */
  uf_per_sqm: z.number().nullable(),
  /**
   * Properties of the same type in the same comuna with a UF/m², this one excluded; only those
   * whose dormitorios are within one of this one's when at least MIN_COMPARABLES of them are.
   */
  peers: z.object({
    /** The dormitorios the peers were limited to (both ends included); null when they were not. */
    rooms: z.object({ min: z.number().int(), max: z.number().int() }).nullable(),
    count: z.number().int(),
    median_uf_per_sqm: z.number().nullable(),
    /** Share of peers priced below this one per m² (ties count half), 0–100; null under 5. */
    percentile: z.number().nullable(),
  }),
  /** The nearest properties of the same type (any comuna), nearest first; empty without
   * coordinates. */
  nearest: z.array(ComparableSchema),
  uf: UfValueSchema.nullable(),
});
export type Comparables = z.infer<typeof ComparablesSchema>;
