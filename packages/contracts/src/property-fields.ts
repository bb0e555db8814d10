import type { ExportColumn } from './export-columns.js';
import type { PropertyCardSchema } from './property.js';

/**
 * The property's fields, described once, in the add form's order (ADR 066): the form's section,
 * whether the error focus can land on it, whether an import proposes it, the CSV column that
 * carries it, the column that stores it, its name in the history and the card's field that shows
 * it. The lists that used to be written out by hand (the form's error order, the import's
 * fields and its preview's order, the columns the service stores, the history's labels) are read
 * from here, so adding a field is one row, not a hunt.
 */
export type PropertyFormSection = 'property' | 'location' | 'areas' | 'brokerAndNotes';

type FieldFacts = {
  /** The form's fieldset it sits in; null when it has no box of its own there. */
  section: PropertyFormSection | null;
  /** The error focus can land on it: it is a box of its own (the unit rides with the price). */
  focusable: boolean;
  /** An import can propose it (ADR 039). */
  imported: boolean;
  /** Quick add from the phone asks for it too (ADR 048); the rest may wait for the desk. */
  quick: boolean;
  /** The export's column that carries it, if any. */
  csv: ExportColumn | null;
  /**
   * The property row's column that stores it as sent; null when the service decides what is
   * stored (the stage and its reason by the stage rules, visited from the stage, the photos by
   * their own table).
   */
  column: string | null;
  /**
   * Its name in the history's snapshot of a property (ADR 018): a reference by the name it had
   * then (`comuna`, not `city_id`). Null when the history records it otherwise: the unit inside
   * the price, the stage and the discard reason as a stage change, the photos by their own kinds.
   */
  history: string | null;
  /** The card's field that shows it, if the card does. */
  card: keyof typeof PropertyCardSchema.shape | null;
};

/** A box of its own in the form, that an import does not propose. */
const field = <Section extends PropertyFormSection, Csv extends ExportColumn>(
  section: Section,
  csv: Csv,
) => ({ section, focusable: true, imported: false, quick: false, csv }) as const;
/** A box of its own in the form, that an import can propose. */
const proposed = <Section extends PropertyFormSection, Csv extends ExportColumn>(
  section: Section,
  csv: Csv,
) => ({ section, focusable: true, imported: true, quick: false, csv }) as const;

export const PROPERTY_FIELDS = {
  name: {
    ...proposed('property', 'name'),
    quick: true,
    column: 'name',
    history: 'name',
    card: 'name',
  },
  property_type_id: {
    ...proposed('property', 'type'),
    quick: true,
    column: 'property_type_id',
    history: 'property_type',
    card: 'property_type_id',
  },
  price: {
    ...proposed('property', 'price_entered'),
    quick: true,
    column: 'price_amount',
    history: 'price',
    card: 'price_amount',
  },
  price_unit: {
    section: 'property',
    focusable: false,
    imported: true,
    quick: true,
    csv: 'price_unit',
    column: 'price_unit',
    history: null,
    card: 'price_unit',
  },
  rooms: { ...proposed('property', 'rooms'), column: 'rooms', history: 'rooms', card: 'rooms' },
  bathrooms: {
    ...proposed('property', 'bathrooms'),
    column: 'bathrooms',
    history: 'bathrooms',
    card: 'bathrooms',
  },
  parking_spaces: {
    ...proposed('property', 'parking_spaces'),
    column: 'parking_spaces',
    history: 'parking_spaces',
    card: 'parking_spaces',
  },
  storage_units: {
    ...proposed('property', 'storage_units'),
    column: 'storage_units',
    history: 'storage_units',
    card: null,
  },
  common_expenses: {
    ...proposed('property', 'common_expenses'),
    column: 'common_expenses',
    history: 'common_expenses',
    card: 'common_expenses',
  },
  floor: { ...proposed('property', 'floor'), column: 'floor', history: 'floor', card: null },
  orientation: {
    ...field('property', 'orientation'),
    column: 'orientation',
    history: 'orientation',
    card: null,
  },
  year_built: {
    ...field('property', 'year_built'),
    column: 'year_built',
    history: 'year_built',
    card: null,
  },
  stage: { ...field('property', 'stage'), column: null, history: null, card: 'stage' },
  discard_reason: {
    ...field('property', 'discard_reason'),
    column: null,
    history: null,
    card: null,
  },
  address: {
    ...proposed('location', 'address'),
    column: 'address',
    history: 'address',
    card: 'address',
  },
  city_id: {
    ...proposed('location', 'city'),
    quick: true,
    column: 'city_id',
    history: 'comuna',
    card: 'city_id',
  },
  google_maps_url: {
    ...field('location', 'google_maps_url'),
    column: 'google_maps_url',
    history: 'google_maps_url',
    card: null,
  },
  latitude: {
    ...proposed('location', 'latitude'),
    column: 'latitude',
    history: 'latitude',
    card: null,
  },
  longitude: {
    ...proposed('location', 'longitude'),
    column: 'longitude',
    history: 'longitude',
    card: null,
  },
  building_sqmts: {
    ...proposed('areas', 'building_sqmts'),
    column: 'building_sqmts',
    history: 'building_sqmts',
    card: 'building_sqmts',
  },
  land_sqmts: {
    ...proposed('areas', 'land_sqmts'),
    column: 'land_sqmts',
    history: 'land_sqmts',
    card: 'land_sqmts',
  },
  parking_sqmts: {
    ...field('areas', 'parking_sqmts'),
    column: 'parking_sqmts',
    history: 'parking_sqmts',
    card: null,
  },
  additional_sqmts: {
    ...field('areas', 'additional_sqmts'),
    column: 'additional_sqmts',
    history: 'additional_sqmts',
    card: null,
  },
  basement_sqmts: {
    ...field('areas', 'basement_sqmts'),
    column: 'basement_sqmts',
    history: 'basement_sqmts',
    card: null,
  },
  broker_id: {
    ...field('brokerAndNotes', 'broker'),
    column: 'broker_id',
    history: 'broker',
    card: null,
  },
  notes: { ...field('brokerAndNotes', 'notes'), column: 'notes', history: 'notes', card: null },
  // Follows from the stage on the server; the form has no box for it.
  visited: {
    section: null,
    focusable: false,
    imported: false,
    quick: false,
    csv: 'visited',
    column: null,
    history: null,
    card: 'visited',
  },
  // The photos have their own picker, and the export carries none.
  photos: {
    section: null,
    focusable: false,
    imported: false,
    quick: false,
    csv: null,
    column: null,
    history: null,
    card: null,
  },
} as const satisfies Record<string, FieldFacts>;

export type PropertyField = keyof typeof PROPERTY_FIELDS;

type FieldsWhere<Fact extends keyof FieldFacts> = {
  [Key in PropertyField]: (typeof PROPERTY_FIELDS)[Key][Fact] extends true ? Key : never;
}[PropertyField];

/** The fields in the form's order. */
export const PROPERTY_FIELD_ORDER = Object.keys(PROPERTY_FIELDS) as PropertyField[];

const where = <Fact extends 'focusable' | 'imported'>(fact: Fact) =>
  PROPERTY_FIELD_ORDER.filter((key) => PROPERTY_FIELDS[key][fact]) as FieldsWhere<Fact>[];

/** The fields the error focus walks, in the form's order. */
export const FOCUSABLE_PROPERTY_FIELDS: readonly FieldsWhere<'focusable'>[] = where('focusable');

/** The fields quick add's error focus walks, in the form's order. */
export const QUICK_PROPERTY_FIELDS = FOCUSABLE_PROPERTY_FIELDS.filter(
  (key) => PROPERTY_FIELDS[key].quick,
);

/** The fields an import can propose, in the form's order. */
export const IMPORTABLE_PROPERTY_FIELDS: readonly FieldsWhere<'imported'>[] = where('imported');
