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
  storable,
} from './common.js';
import { PhotoSchema } from './photo.js';

/** Largest price we accept: whole pesos that JSON numbers still carry exactly. */
export const MAX_PRICE = Number.MAX_SAFE_INTEGER;
/** Far above any real lot (1,000 km²) yet small enough to catch a slipped decimal comma. */
export const MAX_AREA = 1_000_000_000;
export const MAX_PHOTOS_PER_PROPERTY = 50;

const requiredNumber = (label: string) =>
  z.number({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? `${label} is required`
        : `${label} must be a number`,
  });

const area = (label: string) =>
  requiredNumber(label)
    .nonnegative({ error: `${label} cannot be negative` })
    .max(MAX_AREA, { error: `${label} is too large` });

const optionalArea = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .nonnegative({ error: `${label} cannot be negative` })
    .max(MAX_AREA, { error: `${label} is too large` })
    .nullable()
    .default(null);

const requiredId = (label: string) =>
  requiredNumber(label)
    .int({ error: `${label} must be a whole number` })
    .positive({ error: `Choose a ${label.toLowerCase()}` })
    .max(INT32_MAX, { error: `${label} ${INT32_MAX + 1} and above do not exist` });

const requiredText = (label: string, max: number) =>
  storable(
    z
      .string({ error: `${label} is required` })
      .trim()
      .min(1, { error: `${label} is required` })
      .max(max, { error: `${label} must be at most ${max} characters` }),
    label,
  );

/** An uploaded photo's path, as /api/photos/upload_url handed it out. */
const uploadPath = storable(z.string().min(1).max(300), 'Photo path');

/** What an editor sends to add (and later edit) a property. Empty optionals are null. */
export const CreatePropertyBodySchema = z.object({
  name: requiredText('Name', 200),
  address: requiredText('Address', 300),
  city_id: requiredId('Comuna'),
  price: requiredNumber('Price')
    .int({ error: 'Price must be a whole number of pesos' })
    .nonnegative({ error: 'Price cannot be negative' })
    .max(MAX_PRICE, { error: 'Price is too large' }),
  building_sqmts: area('Building area'),
  land_sqmts: area('Land area'),
  property_type_id: requiredId('Property type'),
  parking_sqmts: optionalArea('Parking area'),
  additional_sqmts: optionalArea('Additional area'),
  basement_sqmts: optionalArea('Basement area'),
  google_maps_url: z
    .url({ protocol: /^https?$/, error: 'Google Maps link must be an http or https URL' })
    .max(2000, { error: 'Google Maps link is too long' })
    .refine(isStorableText, {
      error: 'Google Maps link contains a character that cannot be stored (NUL or broken Unicode)',
    })
    .nullable()
    .default(null),
  latitude: z
    .number({ error: 'Latitude must be a number' })
    .min(-90, { error: 'Latitude must be between -90 and 90' })
    .max(90, { error: 'Latitude must be between -90 and 90' })
    .nullable()
    .default(null),
  longitude: z
    .number({ error: 'Longitude must be a number' })
    .min(-180, { error: 'Longitude must be between -180 and 180' })
    .max(180, { error: 'Longitude must be between -180 and 180' })
    .nullable()
    .default(null),
  rooms: z
    .number({ error: 'Rooms must be a number' })
    .int({ error: 'Rooms must be a whole number' })
    .nonnegative({ error: 'Rooms cannot be negative' })
    .max(10_000, { error: 'Rooms is too large' })
    .nullable()
    .default(null),
  notes: storable(
    z
      .string({ error: 'Notes must be text' })
      .max(5000, { error: 'Notes must be at most 5000 characters' }),
    'Notes',
  )
    .nullable()
    .default(null),
  visited: z.boolean({ error: 'Visited must be true or false' }).default(false),
  broker_id: int32Id('Broker').nullable().default(null),
  photos: z
    .array(uploadPath, { error: 'Photos must be a list of uploaded paths' })
    .max(MAX_PHOTOS_PER_PROPERTY, {
      error: `At most ${MAX_PHOTOS_PER_PROPERTY} photos per property`,
    })
    .default([]),
});
export type CreatePropertyBody = z.input<typeof CreatePropertyBodySchema>;
export type PropertyPayload = z.output<typeof CreatePropertyBodySchema>;

export const CreatePropertyResultSchema = z.object({ id: z.number().int() });

/**
 * Editing: the add payload plus the `updated_at` the editor loaded (lost-update protection), and
 * `photos` in their new order (the first is the cover): a number keeps an existing photo by its
 * id, a string attaches a new upload by its path. Photos left out are deleted.
 */
export const UpdatePropertyBodySchema = CreatePropertyBodySchema.extend({
  updated_at: z.iso.datetime({
    error: 'Send the updated_at you loaded, to detect concurrent edits',
  }),
  photos: z
    .array(z.union([int32Id('Photo', 'Photo ids are positive'), uploadPath]), {
      error: 'Photos must be a list of photo ids and uploaded paths',
    })
    .max(MAX_PHOTOS_PER_PROPERTY, {
      error: `At most ${MAX_PHOTOS_PER_PROPERTY} photos per property`,
    })
    .default([]),
});
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
] as const;
export const PropertySortSchema = z.enum(PROPERTY_SORTS);
export type PropertySort = z.infer<typeof PropertySortSchema>;

/** Which area a price per m² is on: built area, or land area for lots and parcels. */
export const AreaBasisSchema = z.enum(['building', 'land']);
export type AreaBasis = z.infer<typeof AreaBasisSchema>;

/**
 * A filtered list counts its matches up to this many and then stops (`total_exact` false), so a
 * broad filter costs the same at any table size. The unfiltered total is always exact.
 */
export const PROPERTY_COUNT_CAP = 1000;

export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;

/** Price bounds: whole pesos in plain digits, as prices are stored (`bigint`). */
const priceBound = (label: string) => digitsText(label, MAX_PRICE, 0).optional();

/** Area bounds: plain decimal text ("12.5"), up to the largest area a property may have. */
const areaBound = (label: string) =>
  z
    .string({ error: `${label} must be a number` })
    .regex(/^[0-9]{1,10}(\.[0-9]{1,6})?$/, { error: `${label} must be a number like 120 or 12.5` })
    .transform(Number)
    .pipe(z.number().max(MAX_AREA, { error: `${label} must be at most ${MAX_AREA}` }))
    .optional();

/** Filter ids: canonical decimal, within the column's type (`smallint` for regions). */
const filterId = (label: string, max = INT32_MAX) => idText(label, max).optional();

export const ListPropertiesQuerySchema = z
  .object({
    q: storable(
      z.string().trim().max(100, { error: 'Search text must be at most 100 characters' }),
      'Search text',
    ).optional(),
    region_id: filterId('Region', INT16_MAX),
    city_id: filterId('Comuna'),
    property_type_id: filterId('Property type'),
    broker_id: filterId('Broker'),
    visited: z.stringbool({ error: 'Visited must be true or false' }).optional(),
    price_min: priceBound('Minimum price'),
    price_max: priceBound('Maximum price'),
    land_min: areaBound('Minimum land area'),
    land_max: areaBound('Maximum land area'),
    building_min: areaBound('Minimum building area'),
    building_max: areaBound('Maximum building area'),
    sort: PropertySortSchema.default('newest'),
    limit: digitsText('Limit', MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    cursor: CursorSchema.optional(),
  })
  .superRefine((query, ctx) => {
    for (const [min, max] of [
      ['price_min', 'price_max'],
      ['land_min', 'land_max'],
      ['building_min', 'building_max'],
    ] as const) {
      const low = query[min];
      const high = query[max];
      if (low !== undefined && high !== undefined && low > high) {
        ctx.addIssue({ code: 'custom', path: [max], message: 'Maximum is below the minimum' });
      }
    }
  });
export type ListPropertiesQuery = z.output<typeof ListPropertiesQuerySchema>;

export const PropertyCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  price: z.number().int(),
  building_sqmts: z.number(),
  land_sqmts: z.number(),
  visited: z.boolean(),
  city_id: z.number().int(),
  city_name: z.string(),
  region_id: z.number().int(),
  region_name: z.string(),
  property_type_id: z.number().int(),
  property_type_name: z.string(),
  /** Whole pesos per m² on `area_basis`; null when that area is 0. */
  price_per_sqm: z.number().int().nullable(),
  area_basis: AreaBasisSchema,
  photo_url: z.string().nullable(),
  created_at: z.iso.datetime(),
});
export type PropertyCard = z.infer<typeof PropertyCardSchema>;

export const PropertyListSchema = z.object({
  props: z.array(PropertyCardSchema),
  next_cursor: CursorSchema.nullable(),
  /** Matching properties; at least this many when `total_exact` is false. */
  total: z.number().int(),
  /** False when a filtered count stopped at PROPERTY_COUNT_CAP. */
  total_exact: z.boolean(),
});
export type PropertyList = z.infer<typeof PropertyListSchema>;

export const PropertyDetailSchema = PropertyCardSchema.extend({
  parking_sqmts: z.number().nullable(),
  additional_sqmts: z.number().nullable(),
  basement_sqmts: z.number().nullable(),
  google_maps_url: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  rooms: z.number().int().nullable(),
  notes: z.string().nullable(),
  broker_id: z.number().int().nullable(),
  broker_name: z.string().nullable(),
  created_by_id: z.number().int().nullable(),
  created_by_name: z.string().nullable(),
  updated_by_id: z.number().int().nullable(),
  updated_by_name: z.string().nullable(),
  updated_at: z.iso.datetime(),
  photo_urls: z.array(PhotoSchema),
});
export type PropertyDetail = z.infer<typeof PropertyDetailSchema>;

export const PropertyIdParamsSchema = z.object({ id: IdSchema });
