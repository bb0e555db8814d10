import {
  type ImportedField,
  type ImportedListing,
  type ImportListingBody,
  PROPERTY_FIELD_ORDER,
} from '@bec/contracts';
import type { PropertyFormValues } from '@/features/properties/components/property-form/property-form-values';
import { numberText } from '@/lib/number-text';

/** The form's values an import can fill. */
export type ImportedFormField = Extract<keyof PropertyFormValues, ImportedField>;

/**
 * The preview's rows: one per field the person ticks or unticks, with what each fills in the form.
 * The price carries its unit, and the coordinates come as a pair (the API never splits one, ADR 039).
 */
const ROW_FIELDS = {
  name: ['name'],
  property_type_id: ['property_type_id'],
  price: ['price', 'price_unit'],
  rooms: ['rooms'],
  bathrooms: ['bathrooms'],
  parking_spaces: ['parking_spaces'],
  storage_units: ['storage_units'],
  floor: ['floor'],
  common_expenses: ['common_expenses'],
  address: ['address'],
  city_id: ['city_id'],
  coordinates: ['latitude', 'longitude'],
  building_sqmts: ['building_sqmts'],
  land_sqmts: ['land_sqmts'],
} as const satisfies Record<string, readonly ImportedFormField[]>;
export type ImportRow = keyof typeof ROW_FIELDS;

/** The rows in the form's order, read from the catalogue of fields (ADR 066): a row sits where its first field does. */
const IMPORT_ROWS = (Object.keys(ROW_FIELDS) as ImportRow[]).toSorted(
  (a, b) =>
    PROPERTY_FIELD_ORDER.indexOf(ROW_FIELDS[a][0]) - PROPERTY_FIELD_ORDER.indexOf(ROW_FIELDS[b][0]),
);

/** The values the preview edits, as the form holds them (number boxes hold their text). */
export type ImportDraft = Partial<Pick<PropertyFormValues, ImportedFormField>>;

/** A lone http(s) link is a link; anything else is the listing's text. */
export function importBody(source: string): ImportListingBody {
  const trimmed = source.trim();
  return /^https?:\/\/\S+$/i.test(trimmed) ? { url: trimmed } : { text: source };
}

const COORDINATE = { grouping: false } as const;
const text = (value: number | undefined) => (value === undefined ? undefined : numberText(value));

/** The proposal as the form's values: ids as strings, numbers as the language writes them. */
export function toImportDraft({ fields }: ImportedListing): ImportDraft {
  const draft: ImportDraft = {
    name: fields.name,
    property_type_id:
      fields.property_type_id === undefined ? undefined : String(fields.property_type_id),
    price: text(fields.price),
    price_unit: fields.price === undefined ? undefined : (fields.price_unit ?? 'CLP'),
    rooms: text(fields.rooms),
    bathrooms: text(fields.bathrooms),
    parking_spaces: text(fields.parking_spaces),
    storage_units: text(fields.storage_units),
    floor: text(fields.floor),
    common_expenses: text(fields.common_expenses),
    address: fields.address,
    city_id: fields.city_id === undefined ? undefined : String(fields.city_id),
    building_sqmts: text(fields.building_sqmts),
    land_sqmts: text(fields.land_sqmts),
  };
  // A pair or nothing: half a position is no position.
  if (fields.latitude !== undefined && fields.longitude !== undefined) {
    draft.latitude = numberText(fields.latitude, COORDINATE);
    draft.longitude = numberText(fields.longitude, COORDINATE);
  }
  return Object.fromEntries(
    Object.entries(draft).filter(([, value]) => value !== undefined),
  ) as ImportDraft;
}

/** The rows the proposal has a value for (a price without its amount is no price). */
export const proposedRows = (draft: ImportDraft): ImportRow[] =>
  IMPORT_ROWS.filter((row) => draft[ROW_FIELDS[row][0] as ImportedFormField] !== undefined);

/** The words a row was read from, each once ("UF 5.450"; "-33,45 · -70,6" for a pair's two). */
export function rowSource({ sources }: ImportedListing, row: ImportRow): string | null {
  const words = ROW_FIELDS[row]
    .map((field) => sources[field as keyof typeof sources])
    .filter((source): source is string => Boolean(source));
  const unique = [...new Set(words)];
  return unique.length === 0 ? null : unique.join(' · ');
}

/** Whether the person already wrote something the row would replace (the unit alone is not). */
export function formHasValue(values: PropertyFormValues, row: ImportRow): boolean {
  return ROW_FIELDS[row].some((field) => {
    if (field === 'price_unit') return false;
    const value = values[field];
    return value !== null && value.trim() !== '';
  });
}

/** What the ticked rows put in the form; the rest of it stays as it is. */
export function keptValues(draft: ImportDraft, kept: ReadonlySet<ImportRow>): ImportDraft {
  const values: ImportDraft = {};
  for (const row of kept) {
    for (const field of ROW_FIELDS[row]) {
      const value = draft[field];
      if (value !== undefined) Object.assign(values, { [field]: value });
    }
  }
  return values;
}
