import type { ExportColumn } from './export-columns.js';

/**
 * The property's fields, described once, in the add form's order (ADR 066): the form's section,
 * whether the error focus can land on it, whether an import proposes it, and the CSV column that
 * carries it. The lists that used to be written out by hand (the form's error order, the import's
 * fields and its preview's order) are read from here, so adding a field is one row, not a hunt.
 */
export type PropertyFormSection = 'property' | 'location' | 'areas' | 'brokerAndNotes';

type FieldFacts = {
  /** The form's fieldset it sits in; null when it has no box of its own there. */
  section: PropertyFormSection | null;
  /** The error focus can land on it: it is a box of its own (the unit rides with the price). */
  focusable: boolean;
  /** An import can propose it (ADR 039). */
  imported: boolean;
  /** The export's column that carries it, if any. */
  csv: ExportColumn | null;
};

/** A box of its own in the form, that an import does not propose. */
const field = <Section extends PropertyFormSection, Csv extends ExportColumn>(
  section: Section,
  csv: Csv,
) => ({ section, focusable: true, imported: false, csv }) as const;
/** A box of its own in the form, that an import can propose. */
const proposed = <Section extends PropertyFormSection, Csv extends ExportColumn>(
  section: Section,
  csv: Csv,
) => ({ section, focusable: true, imported: true, csv }) as const;

export const PROPERTY_FIELDS = {
  name: proposed('property', 'name'),
  property_type_id: proposed('property', 'type'),
  price: proposed('property', 'price_entered'),
  price_unit: { section: 'property', focusable: false, imported: true, csv: 'price_unit' },
  rooms: proposed('property', 'rooms'),
  bathrooms: proposed('property', 'bathrooms'),
  parking_spaces: proposed('property', 'parking_spaces'),
  storage_units: proposed('property', 'storage_units'),
  common_expenses: proposed('property', 'common_expenses'),
  floor: proposed('property', 'floor'),
  orientation: field('property', 'orientation'),
  year_built: field('property', 'year_built'),
  stage: field('property', 'stage'),
  discard_reason: field('property', 'discard_reason'),
  address: proposed('location', 'address'),
  city_id: proposed('location', 'city'),
  google_maps_url: field('location', 'google_maps_url'),
  latitude: proposed('location', 'latitude'),
  longitude: proposed('location', 'longitude'),
  building_sqmts: proposed('areas', 'building_sqmts'),
  land_sqmts: proposed('areas', 'land_sqmts'),
  parking_sqmts: field('areas', 'parking_sqmts'),
  additional_sqmts: field('areas', 'additional_sqmts'),
  basement_sqmts: field('areas', 'basement_sqmts'),
  broker_id: field('brokerAndNotes', 'broker'),
  notes: field('brokerAndNotes', 'notes'),
  // Follows from the stage on the server; the form has no box for it.
  visited: { section: null, focusable: false, imported: false, csv: 'visited' },
  // The photos have their own picker, and the export carries none.
  photos: { section: null, focusable: false, imported: false, csv: null },
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

/** The fields an import can propose, in the form's order. */
export const IMPORTABLE_PROPERTY_FIELDS: readonly FieldsWhere<'imported'>[] = where('imported');
