import { z } from 'zod';
import {
  CursorSchema,
  digitsText,
  IdSchema,
  INT16_MAX,
  INT32_MAX,
  idText,
  int32Id,
  isStorableText,
  numberBetween,
  oneOf,
  storable,
  versionStamp,
} from './common.js';
import { rule } from './issues.js';
import { PhotoSchema } from './photo.js';
import { hasAtMostTwoDecimals, MAX_UF_VALUE, UfValueSchema } from './uf.js';

/** Largest price we accept: whole pesos that JSON numbers still carry exactly. */
export const MAX_PRICE = Number.MAX_SAFE_INTEGER;

/** The unit a price is entered in: Chilean pesos, or UF (converted to pesos with the day's UF). */
export const PRICE_UNITS = ['CLP', 'UF'] as const;
export const PriceUnitSchema = z.enum(PRICE_UNITS, { error: rule('clp_or_uf') });
export type PriceUnit = z.infer<typeof PriceUnitSchema>;

/**
 * Largest price in UF: 90,000 million UF, so that even at MAX_UF_VALUE pesos per UF the peso
 * equivalent (9·10¹⁵) stays a whole number JSON carries exactly (≤ MAX_PRICE).
 */
export const MAX_PRICE_UF = 90_000_000_000;
// Checked once at load: a change of either bound that breaks the guarantee fails loudly.
if (MAX_PRICE_UF * MAX_UF_VALUE > MAX_PRICE) throw new Error('MAX_PRICE_UF is too large');
/**
 * The scouting pipeline, in order: a property moves from new to bought, or leaves it as
 * discarded (from any stage, with a reason). `visited` is derived from the stage.
 */
export const PROPERTY_STAGES = [
  'new',
  'to_visit',
  'visited',
  'negotiating',
  'offer_made',
  'bought',
  'discarded',
] as const;
export const PropertyStageSchema = oneOf(PROPERTY_STAGES);
export type PropertyStage = z.infer<typeof PropertyStageSchema>;
/** The stages that mean the team has been there (a discarded one, if it had a past visit). */
export const VISITED_STAGES: readonly PropertyStage[] = [
  'visited',
  'negotiating',
  'offer_made',
  'bought',
];
/** Whether a stage says the property was visited; null for discarded (its visits say). */
export const visitedOfStage = (stage: PropertyStage): boolean | null =>
  stage === 'discarded' ? null : VISITED_STAGES.includes(stage);
export const MAX_DISCARD_REASON = 500;

/** Where a property faces, as Chilean listings write it (S, SO, O, NO: sur, suroeste, oeste…). */
export const ORIENTATIONS = ['N', 'NE', 'E', 'SE', 'S', 'SO', 'O', 'NO'] as const;
export const OrientationSchema = oneOf(ORIENTATIONS);
export type Orientation = z.infer<typeof OrientationSchema>;

/**
 * A Chilean listing's whole-number attributes and their bounds, both included (ADR 038): baños,
 * estacionamientos, bodegas, gastos comunes (whole pesos per month), piso (basements below 0) and
 * año de construcción. The columns' CHECK constraints are built from the same figures
 * (apps/api/src/db/schema.ts); the year's is fixed, since a check must not depend on the clock.
 */
export const LISTING_ATTRIBUTE_BOUNDS = {
  bathrooms: { min: 0, max: 50 },
  parking_spaces: { min: 0, max: 100 },
  storage_units: { min: 0, max: 100 },
  common_expenses: { min: 0, max: 100_000_000 },
  floor: { min: -10, max: 200 },
  year_built: { min: 1800, max: 2100 },
} as const;
export type ListingAttribute = keyof typeof LISTING_ATTRIBUTE_BOUNDS;
export const LISTING_ATTRIBUTES = Object.keys(LISTING_ATTRIBUTE_BOUNDS) as ListingAttribute[];

/** Far above any real lot (1,000 km²) yet small enough to catch a slipped decimal comma. */
export const MAX_AREA = 1_000_000_000;
export const MAX_PHOTOS_PER_PROPERTY = 50;
/** Dormitorios (`rooms`): the bound the field has had since the original. */
const MAX_ROOMS = 10_000;

// Each check's error is a rule (issues.ts); the field it names is the issue's path.
const requiredNumber = () =>
  z.number({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? rule('required') : rule('not_a_number'),
  });

/**
 * An area a quick add from the phone may leave unknown (ADR 048): null when not given, so the
 * property says "Falta completar" until someone fills it in.
 */
const unknownArea = () =>
  z
    .number({ error: rule('not_a_number') })
    .nonnegative({ error: rule('negative') })
    .max(MAX_AREA, { error: rule('too_large') })
    .nullable()
    .default(null);

const optionalArea = () =>
  z
    .number({ error: rule('not_a_number') })
    .nonnegative({ error: rule('negative') })
    .max(MAX_AREA, { error: rule('too_large') })
    .nullable()
    .default(null);

const requiredId = () =>
  requiredNumber()
    .int({ error: rule('whole_number') })
    .positive({ error: rule('choose_one') })
    .max(INT32_MAX, { error: rule('id_beyond', { first: INT32_MAX + 1 }) });

const requiredText = (max: number) =>
  storable(
    z
      .string({ error: rule('required') })
      .trim()
      .min(1, { error: rule('required') })
      .max(max, { error: rule('too_long', { max }) }),
  );

/** Text a quick add may leave unknown: blank is null. */
const unknownText = (max: number) =>
  storable(
    z
      .string({ error: rule('not_text') })
      .trim()
      .max(max, { error: rule('too_long', { max }) }),
  )
    .nullable()
    .default(null)
    .transform((text) => (text === '' ? null : text));

/** An uploaded photo's path, as /api/photos/upload_url handed it out. */
const uploadPath = storable(
  z
    .string({ error: rule('invalid') })
    .min(1, { error: rule('invalid') })
    .max(300, { error: rule('too_long', { max: 300 }) }),
);

/** An optional whole number within its attribute's bounds; null when not given. */
const attribute = (name: ListingAttribute) => {
  const { min, max } = LISTING_ATTRIBUTE_BOUNDS[name];
  return z
    .number({ error: rule('not_a_number') })
    .int({ error: rule('whole_number') })
    .min(min, { error: rule('between', { min, max }) })
    .max(max, { error: rule('between', { min, max }) })
    .nullable()
    .default(null);
};

/** Marks the price field's whole-pesos issue, which a price in UF takes back (see below). */
/** Why a property is discarded, as text the database can hold; null when not given. */
const discardReason = () =>
  storable(
    z
      .string({ error: rule('not_text') })
      .trim()
      .max(MAX_DISCARD_REASON, { error: rule('too_long', { max: MAX_DISCARD_REASON }) }),
  )
    .nullable()
    .default(null);

const PESOS_RULE = { pricesInPesos: true } as const;
type Issue = { path?: PropertyKey[]; params?: Record<string, unknown> };
const isPesosRule = (issue: Issue) =>
  issue.path?.[0] === 'price' && issue.params?.pricesInPesos === true;

/**
 * The price in UF: at most 2 decimals and up to MAX_PRICE_UF, instead of whole pesos. The price
 * field checks whole pesos itself (so a peso price's problem is reported with every other field's,
 * as before UF prices); this object-level check, for a UF price, withdraws that issue and applies
 * the UF rules. zod skips it only when another field failed a whole-number check (those abort the
 * object's checks): a fractional UF price is then also reported as "whole number of pesos", and the
 * request is refused either way.
 */
function checkPriceInUf(value: { price: number }, ctx: z.RefinementCtx<{ price: number }>) {
  const issues = ctx.issues as Issue[];
  for (let i = issues.length - 1; i >= 0; i--) {
    const issue = issues[i];
    if (issue && isPesosRule(issue)) issues.splice(i, 1);
  }
  if (!hasAtMostTwoDecimals(value.price))
    ctx.addIssue({ code: 'custom', path: ['price'], message: rule('uf_two_decimals') });
  else if (value.price > MAX_PRICE_UF)
    ctx.addIssue({
      code: 'custom',
      path: ['price'],
      message: rule('uf_at_most', { max: MAX_PRICE_UF }),
    });
}

const whenPriceInUf = {
  when: (payload: { value: unknown; issues: readonly Issue[] }) => {
    const value = payload.value as { price?: unknown; price_unit?: unknown } | null;
    return (
      typeof value === 'object' &&
      value !== null &&
      value.price_unit === 'UF' &&
      typeof value.price === 'number' &&
      // A price that failed anything but the whole-pesos rule keeps its own problem.
      !payload.issues.some((issue) => issue.path?.[0] === 'price' && !isPesosRule(issue))
    );
  },
};

/** What an editor sends to add (and later edit) a property. Empty optionals are null. */
const PropertyFieldsSchema = z.object({
  name: requiredText(200),
  /** Unknown (null) on a quick add from the phone, like both areas (ADR 048). */
  address: unknownText(300),
  city_id: requiredId(),
  /** The unit `price` is in; CLP when left out. */
  price_unit: PriceUnitSchema.default('CLP'),
  /** The amount in `price_unit`: whole pesos, or UF with up to 2 decimals. */
  price: requiredNumber()
    .nonnegative({ error: rule('negative') })
    .max(MAX_PRICE, { error: rule('too_large') })
    .refine(Number.isInteger, { error: rule('whole_pesos'), params: PESOS_RULE }),
  building_sqmts: unknownArea(),
  land_sqmts: unknownArea(),
  property_type_id: requiredId(),
  parking_sqmts: optionalArea(),
  additional_sqmts: optionalArea(),
  basement_sqmts: optionalArea(),
  google_maps_url: z
    .url({ protocol: /^https?$/, error: rule('invalid_url') })
    .max(2000, { error: rule('too_long', { max: 2000 }) })
    .refine(isStorableText, { error: rule('not_storable') })
    .nullable()
    .default(null),
  latitude: numberBetween(-90, 90).nullable().default(null),
  longitude: numberBetween(-180, 180).nullable().default(null),
  rooms: z
    .number({ error: rule('not_a_number') })
    .int({ error: rule('whole_number') })
    .nonnegative({ error: rule('negative') })
    .max(MAX_ROOMS, { error: rule('too_large') })
    .nullable()
    .default(null),
  bathrooms: attribute('bathrooms'),
  parking_spaces: attribute('parking_spaces'),
  storage_units: attribute('storage_units'),
  common_expenses: attribute('common_expenses'),
  floor: attribute('floor'),
  orientation: OrientationSchema.nullable().default(null),
  year_built: attribute('year_built'),
  notes: storable(
    z.string({ error: rule('not_text') }).max(5000, { error: rule('too_long', { max: 5000 }) }),
  )
    .nullable()
    .default(null),
  /**
   * The original's Sí/No, for clients that predate the pipeline: without `stage`, true moves a
   * property that was not visited to "visited" and false one that was back to "new" (refused
   * when a visit already took place). With `stage` it must agree with it, or be left out.
   */
  visited: z.boolean({ error: rule('true_or_false') }).optional(),
  /** The pipeline stage; left out: "new" on add, unchanged (or as `visited` says) on edit. */
  stage: PropertyStageSchema.optional(),
  /** Why a property is discarded: required with stage "discarded", refused with any other. */
  discard_reason: discardReason(),
  broker_id: int32Id().nullable().default(null),
  photos: z
    .array(uploadPath, { error: rule('upload_paths') })
    .max(MAX_PHOTOS_PER_PROPERTY, {
      error: rule('too_many_photos', { max: MAX_PHOTOS_PER_PROPERTY }),
    })
    .default([]),
});

type StageFields = {
  stage?: PropertyStage | undefined;
  visited?: boolean | undefined;
  discard_reason?: string | null | undefined;
};

/** The stage, its reason and `visited` agree (what the payload alone can tell). */
export function checkStage(value: StageFields, ctx: z.RefinementCtx) {
  const reason = value.discard_reason ? value.discard_reason : null;
  if (value.stage === 'discarded' && reason === null)
    ctx.addIssue({
      code: 'custom',
      path: ['discard_reason'],
      message: rule('discard_reason_required'),
    });
  if (value.stage !== undefined && value.stage !== 'discarded' && reason !== null)
    ctx.addIssue({
      code: 'custom',
      path: ['discard_reason'],
      message: rule('discard_reason_only_when_discarded'),
    });
  const implied = value.stage === undefined ? null : visitedOfStage(value.stage);
  if (implied !== null && value.visited !== undefined && value.visited !== implied)
    ctx.addIssue({
      code: 'custom',
      path: ['visited'],
      message: rule('visited_contradicts_stage'),
    });
}

export const CreatePropertyBodySchema = PropertyFieldsSchema.superRefine(
  checkPriceInUf,
  whenPriceInUf,
).superRefine(checkStage);
export type CreatePropertyBody = z.input<typeof CreatePropertyBodySchema>;
export type PropertyPayload = z.output<typeof CreatePropertyBodySchema>;

export const CreatePropertyResultSchema = z.object({ id: z.number().int() });

/**
 * Editing: the add payload plus the `updated_at` the editor loaded (lost-update protection), and
 * `photos` in their new order (the first is the cover): a number keeps an existing photo by its
 * id, a string attaches a new upload by its path. Photos left out are deleted.
 */
export const UpdatePropertyBodySchema = PropertyFieldsSchema.extend({
  updated_at: versionStamp(),
  photos: z
    .array(z.union([int32Id('not_positive'), uploadPath], { error: rule('invalid') }), {
      error: rule('photo_entries'),
    })
    .max(MAX_PHOTOS_PER_PROPERTY, {
      error: rule('too_many_photos', { max: MAX_PHOTOS_PER_PROPERTY }),
    })
    .default([]),
})
  .superRefine(checkPriceInUf, whenPriceInUf)
  .superRefine(checkStage);
export type UpdatePropertyBody = z.input<typeof UpdatePropertyBodySchema>;
export type UpdatePropertyPayload = z.output<typeof UpdatePropertyBodySchema>;

export const UpdatePropertyResultSchema = z.object({
  id: z.number().int(),
  updated_at: z.iso.datetime(),
});

export const PROPERTY_SORTS = [
  'newest',
  'oldest',
  'price_asc',
  'price_desc',
  'area_asc',
  'area_desc',
  'price_per_sqm_asc',
  'price_per_sqm_desc',
  /** Pipeline order: new first, discarded last (and the reverse). */
  'stage_asc',
  'stage_desc',
  /** Best match first (name over comuna and region, over address, over broker and notes): needs `q`. */
  'relevance',
] as const;
export const PropertySortSchema = oneOf(PROPERTY_SORTS);
export type PropertySort = z.infer<typeof PropertySortSchema>;

/** Which area a price per m² is on: built area, or land area for lots and parcels. */
export const AreaBasisSchema = z.enum(['building', 'land']);
export type AreaBasis = z.infer<typeof AreaBasisSchema>;

/**
 * A filtered list counts its matches exactly up to this many and no further, so a broad filter
 * costs the same at any table size; beyond it the total is PostgreSQL's estimate. The unfiltered
 * total is always exact.
 */
export const PROPERTY_COUNT_CAP = 1000;

/**
 * How a list's `total` was reached: `exact`, counted; `at_least`, the count stopped at
 * PROPERTY_COUNT_CAP ("más de 1.000"); `estimate`, more than the cap and about this many, from the
 * planner's statistics ("≈ 24.000").
 */
export const TOTAL_KINDS = ['exact', 'at_least', 'estimate'] as const;
export const TotalKindSchema = z.enum(TOTAL_KINDS);
export type TotalKind = z.infer<typeof TotalKindSchema>;

export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;

/**
 * Price bounds in `price_unit`: plain decimal text, whole pesos in CLP, up to 2 decimals in UF
 * (the unit's own rules are checked with the unit, below).
 */
const priceBound = () =>
  z
    .string({ error: rule('not_a_number') })
    .regex(/^(0|[1-9][0-9]{0,15})(\.[0-9]{1,2})?$/, { error: rule('plain_price') })
    .transform(Number)
    .optional();

/** Area bounds: plain decimal text ("12.5"), up to the largest area a property may have. */
const areaBound = () =>
  z
    .string({ error: rule('not_a_number') })
    .regex(/^[0-9]{1,10}(\.[0-9]{1,6})?$/, { error: rule('plain_area') })
    .transform(Number)
    .pipe(z.number().max(MAX_AREA, { error: rule('at_most', { max: MAX_AREA }) }))
    .optional();

/** Filter ids: canonical decimal, within the column's type (`smallint` for regions). */
const filterId = (max = INT32_MAX) => idText(max).optional();

/**
 * The filters of the grid, shared by every view of "the properties that match" (the list, the
 * CSV export, the map, the statistics): one set of URL parameters, checked by `checkFilters`.
 */
export const propertyFilterShape = {
  q: storable(
    z
      .string({ error: rule('not_text') })
      .trim()
      .max(100, { error: rule('too_long', { max: 100 }) }),
  ).optional(),
  region_id: filterId(INT16_MAX),
  city_id: filterId(),
  property_type_id: filterId(),
  broker_id: filterId(),
  visited: z.stringbool({ error: rule('true_or_false') }).optional(),
  /** One pipeline stage (the board's columns, the grid's stage filter). */
  stage: PropertyStageSchema.optional(),
  /** true: only properties with coordinates; false: only those without (listed apart). */
  located: z.stringbool({ error: rule('true_or_false') }).optional(),
  /** The unit of price_min and price_max; UF bounds are converted with the UF in use. */
  price_unit: PriceUnitSchema.default('CLP'),
  price_min: priceBound(),
  price_max: priceBound(),
  land_min: areaBound(),
  land_max: areaBound(),
  building_min: areaBound(),
  building_max: areaBound(),
  /** At least this many dormitorios, baños, estacionamientos; gastos comunes up to this much. */
  rooms_min: digitsText(MAX_ROOMS, 0).optional(),
  bathrooms_min: digitsText(LISTING_ATTRIBUTE_BOUNDS.bathrooms.max, 0).optional(),
  parking_min: digitsText(LISTING_ATTRIBUTE_BOUNDS.parking_spaces.max, 0).optional(),
  common_expenses_max: digitsText(LISTING_ATTRIBUTE_BOUNDS.common_expenses.max, 0).optional(),
};

type FilterValues = {
  price_unit: PriceUnit;
  price_min?: number | undefined;
  price_max?: number | undefined;
  land_min?: number | undefined;
  land_max?: number | undefined;
  building_min?: number | undefined;
  building_max?: number | undefined;
};

/** The rules between filters: a price bound in its unit's terms, no range upside down. */
export function checkFilters(query: FilterValues, ctx: z.RefinementCtx) {
  for (const key of ['price_min', 'price_max'] as const) {
    const bound = query[key];
    // Text that failed its own pattern has been reported already.
    if (typeof bound !== 'number') continue;
    if (query.price_unit === 'CLP' && !Number.isInteger(bound))
      ctx.addIssue({ code: 'custom', path: [key], message: rule('whole_pesos') });
    else if (query.price_unit === 'CLP' && bound > MAX_PRICE)
      ctx.addIssue({ code: 'custom', path: [key], message: rule('at_most', { max: MAX_PRICE }) });
    else if (query.price_unit === 'UF' && bound > MAX_PRICE_UF)
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: rule('uf_at_most', { max: MAX_PRICE_UF }),
      });
  }
  for (const [min, max] of [
    ['price_min', 'price_max'],
    ['land_min', 'land_max'],
    ['building_min', 'building_max'],
  ] as const) {
    const low = query[min];
    const high = query[max];
    if (low !== undefined && high !== undefined && low > high) {
      ctx.addIssue({ code: 'custom', path: [max], message: rule('range_reversed') });
    }
  }
}

/** The filters alone (statistics and anything else that shows "what matches"). */
export const PropertyFiltersQuerySchema = z.object(propertyFilterShape).superRefine(checkFilters);
export type PropertyFiltersQuery = z.output<typeof PropertyFiltersQuerySchema>;

export const ListPropertiesQuerySchema = z
  .object({
    ...propertyFilterShape,
    sort: PropertySortSchema.default('newest'),
    limit: digitsText(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    cursor: CursorSchema.optional(),
  })
  .superRefine(checkFilters)
  .superRefine((query, ctx) => {
    if (query.sort === 'relevance' && !query.q)
      ctx.addIssue({ code: 'custom', path: ['sort'], message: rule('relevance_needs_q') });
  });
export type ListPropertiesQuery = z.output<typeof ListPropertiesQuerySchema>;

export const PropertyCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Null, like either area, while a property quick-added from the phone is not completed. */
  address: z.string().nullable(),
  building_sqmts: z.number().nullable(),
  land_sqmts: z.number().nullable(),
  visited: z.boolean(),
  stage: PropertyStageSchema,
  city_id: z.number().int(),
  city_name: z.string(),
  region_id: z.number().int(),
  region_name: z.string(),
  property_type_id: z.number().int(),
  property_type_name: z.string(),
  /** The price as entered: whole pesos, or UF with up to 2 decimals. */
  price_amount: z.number(),
  price_unit: PriceUnitSchema,
  /**
   * The peso equivalent: the amount itself in CLP, amount × the UF in use (rounded to whole
   * pesos) in UF; null for a UF price while no UF value is known. Filters and sorts use it.
   */
  price_clp: z.number().int().nullable(),
  /** The same as `price_clp`, kept under its old name for clients written before UF prices. */
  price: z.number().int().nullable(),
  /** The UF equivalent, 2 decimals: the amount itself in UF; null for CLP without a UF value. */
  price_uf: z.number().nullable(),
  /** Whole pesos per m² (of `price_clp`) on `area_basis`; null when that area is 0 or unknown. */
  price_per_sqm: z.number().int().nullable(),
  /** UF per m², 2 decimals, on `area_basis`; null when that area is 0 or the UF is unknown. */
  price_per_sqm_uf: z.number().nullable(),
  area_basis: AreaBasisSchema,
  /** Dormitorios, baños and estacionamientos: the portals' shorthand ("3D · 2B · 1E"). */
  rooms: z.number().int().nullable(),
  bathrooms: z.number().int().nullable(),
  parking_spaces: z.number().int().nullable(),
  /** Gastos comunes, whole pesos per month. */
  common_expenses: z.number().int().nullable(),
  photo_url: z.string().nullable(),
  created_at: z.iso.datetime(),
  /** The version a board move sends back (lost-update protection, as the edit form's). */
  updated_at: z.iso.datetime(),
});
export type PropertyCard = z.infer<typeof PropertyCardSchema>;

/** What a quick add from the phone may leave unknown, to be completed at the desk (ADR 048). */
export const COMPLETION_FIELDS = ['address', 'building_sqmts', 'land_sqmts'] as const;
export type CompletionField = (typeof COMPLETION_FIELDS)[number];
/** The facts a property still lacks; any at all marks it "Falta completar". */
export const missingFields = (property: Pick<PropertyCard, CompletionField>): CompletionField[] =>
  COMPLETION_FIELDS.filter((field) => property[field] === null);

export const PropertyListSchema = z.object({
  props: z.array(PropertyCardSchema),
  next_cursor: CursorSchema.nullable(),
  /** Matching properties: exactly, at least, or about this many, as `total_kind` says. */
  total: z.number().int(),
  total_kind: TotalKindSchema,
  /** The UF value the pesos and UF figures were converted with; null while none is known. */
  uf: UfValueSchema.nullable(),
  /**
   * True when a price filter in UF met no UF value: listings priced in UF were compared by their
   * amount in UF, and those priced in pesos, which cannot be compared until a UF value is known,
   * are left out (ADR 061). The API always sends it; a server written before it did not.
   */
  peso_prices_not_compared: z.boolean().optional(),
});
export type PropertyList = z.infer<typeof PropertyListSchema>;

export const PropertyDetailSchema = PropertyCardSchema.extend({
  parking_sqmts: z.number().nullable(),
  additional_sqmts: z.number().nullable(),
  basement_sqmts: z.number().nullable(),
  google_maps_url: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  storage_units: z.number().int().nullable(),
  floor: z.number().int().nullable(),
  orientation: OrientationSchema.nullable(),
  year_built: z.number().int().nullable(),
  notes: z.string().nullable(),
  discard_reason: z.string().nullable(),
  broker_id: z.number().int().nullable(),
  broker_name: z.string().nullable(),
  created_by_id: z.number().int().nullable(),
  created_by_name: z.string().nullable(),
  updated_by_id: z.number().int().nullable(),
  updated_by_name: z.string().nullable(),
  photo_urls: z.array(PhotoSchema),
  /** The UF value the pesos and UF figures were converted with; null while none is known. */
  uf: UfValueSchema.nullable(),
});
export type PropertyDetail = z.infer<typeof PropertyDetailSchema>;

/**
 * A board move: the new stage (with its reason when discarded) and the `updated_at` the card was
 * loaded with; a stale one is refused with 409, as an edit is.
 */
export const MovePropertyStageBodySchema = z
  .object({
    stage: PropertyStageSchema,
    discard_reason: discardReason(),
    updated_at: versionStamp(),
  })
  .superRefine(checkStage);
export type MovePropertyStageBody = z.input<typeof MovePropertyStageBodySchema>;
export type MovePropertyStagePayload = z.output<typeof MovePropertyStageBodySchema>;

export const MovePropertyStageResultSchema = z.object({
  id: z.number().int(),
  stage: PropertyStageSchema,
  visited: z.boolean(),
  updated_at: z.iso.datetime(),
});
export type MovePropertyStageResult = z.infer<typeof MovePropertyStageResultSchema>;

export const PropertyIdParamsSchema = z.object({ id: IdSchema });
