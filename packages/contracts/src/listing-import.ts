import { z } from 'zod';
import { isStorableText } from './common.js';
import { rule } from './issues.js';
import { PriceUnitSchema } from './property.js';
import { IMPORTABLE_PROPERTY_FIELDS } from './property-fields.js';

/**
 * Importing a listing ("Importar aviso"; docs/decisions/039-importing-a-listing.md):
 * a pasted text or a link in, a proposal of the add form's fields out, with the words each was
 * read from. Nothing is saved.
 */

/** A listing is a few hundred words; the reader reads at most this much of a text. */
export const MAX_IMPORT_TEXT = 20_000;
/** As long as any link a portal or a shortener makes. */
export const MAX_IMPORT_URL = 2_000;

export const ImportListingBodySchema = z
  .object({
    text: z
      .string({ error: rule('not_text') })
      .trim()
      .min(1, { error: rule('required') })
      .max(MAX_IMPORT_TEXT, { error: rule('too_long', { max: MAX_IMPORT_TEXT }) })
      .refine(isStorableText, { error: rule('not_storable') })
      .optional(),
    url: z
      .string({ error: rule('not_text') })
      .trim()
      .max(MAX_IMPORT_URL, { error: rule('too_long', { max: MAX_IMPORT_URL }) })
      .pipe(z.url({ protocol: /^https?$/, error: rule('invalid_url') }))
      .optional(),
  })
  // A text or a link, never both: the form sends the one the person gave.
  .refine((body) => (body.text === undefined) !== (body.url === undefined), {
    error: rule('text_or_url'),
  });
export type ImportListingBody = z.input<typeof ImportListingBodySchema>;

/** The add payload's names for what an import can propose, in the form's order (ADR 066). */
export const IMPORTED_FIELDS = IMPORTABLE_PROPERTY_FIELDS;
export type ImportedField = (typeof IMPORTED_FIELDS)[number];

// Inclusive bounds only: the OpenAPI document (3.0) has no numeric exclusiveMinimum.
const id = z.number().int().min(1).optional();
const count = z.number().int().min(0).optional();
const amount = z.number().min(0).optional();

/** Every field optional: what the listing does not say plainly is left out. */
export const ImportedListingFieldsSchema = z.object({
  property_type_id: id,
  city_id: id,
  price: amount,
  price_unit: PriceUnitSchema.optional(),
  rooms: count,
  bathrooms: count,
  parking_spaces: count,
  storage_units: count,
  common_expenses: count,
  floor: z.number().int().optional(),
  building_sqmts: amount,
  land_sqmts: amount,
  address: z.string().optional(),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
  name: z.string().optional(),
} satisfies Record<ImportedField, z.ZodType>);
export type ImportedListingFields = z.infer<typeof ImportedListingFieldsSchema>;

/** Per proposed field, the words it was read from ("3D", "UF 5.450", "JSON-LD floorSize: 78 m²"). */
export const ImportedListingSourcesSchema = z.object(
  Object.fromEntries(IMPORTED_FIELDS.map((field) => [field, z.string().optional()])) as Record<
    ImportedField,
    z.ZodOptional<z.ZodString>
  >,
);
export type ImportedListingSources = z.infer<typeof ImportedListingSourcesSchema>;

export const ImportedListingSchema = z.object({
  fields: ImportedListingFieldsSchema,
  sources: ImportedListingSourcesSchema,
  /** The page's image URLs (absolute, http or https), for the person to choose from. */
  photos: z.array(z.string()),
});
export type ImportedListing = z.infer<typeof ImportedListingSchema>;

/** As many photos as one upload request may sign (MAX_PHOTOS_PER_REQUEST). */
export const MAX_IMPORT_PHOTOS = 20;

/** A proposed photo's URL: http or https, as long as any link. */
const PhotoUrlSchema = z
  .string({ error: rule('not_text') })
  .max(MAX_IMPORT_URL, { error: rule('too_long', { max: MAX_IMPORT_URL }) })
  .pipe(z.url({ protocol: /^https?$/, error: rule('invalid_url') }));

/** The proposed photos the person chose, to fetch into their uploads. */
export const ImportPhotosBodySchema = z.object({
  urls: z
    .array(PhotoUrlSchema, { error: rule('invalid') })
    .min(1, { error: rule('no_photos') })
    .max(MAX_IMPORT_PHOTOS, { error: rule('too_many_uploads', { max: MAX_IMPORT_PHOTOS }) }),
});
export type ImportPhotosBody = z.input<typeof ImportPhotosBodySchema>;

/** Each photo fetched, as an upload's path: attached like any upload when the property is saved. */
export const ImportedPhotosSchema = z.array(z.object({ url: z.string(), path: z.string() }));
export type ImportedPhotos = z.infer<typeof ImportedPhotosSchema>;

/**
 * One proposed photo, to see before choosing it: the API fetches it under the same rules and
 * answers a small WebP of its own making (docs/decisions/045-import-photo-thumbnails.md).
 */
export const ImportThumbnailBodySchema = z.object({ url: PhotoUrlSchema });
export type ImportThumbnailBody = z.input<typeof ImportThumbnailBodySchema>;
