import {
  CreatePropertyBodySchema,
  type PriceUnit,
  type PropertyDetail,
  type PropertyPayload,
  type PropertyStage,
  UpdatePropertyBodySchema,
  type UpdatePropertyPayload,
} from '@bec/contracts';
import type { FormErrors } from '@mantine/form';
import { contractErrors } from '@/lib/error-text';

/** What a number box holds: a number, or a string while it is empty or not a number. */
export type NumberFieldValue = number | string;

/**
 * The property form's values, one per field of the payload and named like it, so the contract's
 * and the server's field errors land on the fields as they are. Selects hold their option's value
 * as a string (`null` when nothing is chosen); number boxes hold what NumberInput gives.
 */
export type PropertyFormValues = {
  name: string;
  address: string;
  city_id: string | null;
  /** The unit the price is entered in, kept as entered: pesos, or UF with up to 2 decimals. */
  price_unit: PriceUnit;
  price: NumberFieldValue;
  building_sqmts: NumberFieldValue;
  land_sqmts: NumberFieldValue;
  property_type_id: string | null;
  parking_sqmts: NumberFieldValue;
  additional_sqmts: NumberFieldValue;
  basement_sqmts: NumberFieldValue;
  google_maps_url: string;
  latitude: NumberFieldValue;
  longitude: NumberFieldValue;
  rooms: NumberFieldValue;
  notes: string;
  /** The pipeline stage; `visited` follows from it on the server. */
  stage: PropertyStage;
  /** Why it is discarded: sent only with the stage "discarded". */
  discard_reason: string;
  broker_id: string | null;
};

export const emptyPropertyFormValues: PropertyFormValues = {
  name: '',
  address: '',
  city_id: null,
  price_unit: 'CLP',
  price: '',
  building_sqmts: '',
  land_sqmts: '',
  property_type_id: null,
  parking_sqmts: '',
  additional_sqmts: '',
  basement_sqmts: '',
  google_maps_url: '',
  latitude: '',
  longitude: '',
  rooms: '',
  notes: '',
  stage: 'new',
  discard_reason: '',
  broker_id: null,
};

/**
 * The payload before the contract has checked it: a required number left empty is `null` (the
 * contract then says "… is required"), one that is not a number is `NaN` ("… must be a number").
 */
export type PropertyDraft = {
  [Key in keyof PropertyPayload]: PropertyPayload[Key] extends number
    ? number | null
    : PropertyPayload[Key];
};

/** `1.234.567` or `1.234.567,89`: Chilean thousands dots, optionally a decimal comma. */
const CHILEAN_GROUPED = /^[+-]?\d{1,3}(\.\d{3})+(,\d*)?$/;
/** `1234`, `1234,5`, `-33.45`: one decimal mark at most, comma or point. */
const PLAIN = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/;

/**
 * Reads a decimal as a Chilean types it: '.' groups thousands, ',' marks the decimals
 * (`1.234.567,5` → 1234567.5). A lone point that does not group thousands is a decimal point, as
 * coordinates are usually written (`-33.4489`). Empty → null; anything else that is not a number →
 * NaN, which the contract reports. Numbers (what NumberInput usually gives) pass through.
 */
export function parseDecimal(value: NumberFieldValue | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  const text = value.replace(/[\s\u00a0]/g, '');
  if (text === '') return null;
  if (CHILEAN_GROUPED.test(text)) return Number(text.replaceAll('.', '').replace(',', '.'));
  if (PLAIN.test(text)) return Number(text.replace(',', '.'));
  return Number.NaN;
}

/**
 * Reads a whole number (an id, rooms) the same way. A fraction is kept as it is rather than cut
 * off, so the contract can say "… must be a whole number" instead of silently sending less.
 */
export function parseInteger(value: NumberFieldValue | null | undefined): number | null {
  return parseDecimal(value);
}

/** Text that may be left out: blank → null, otherwise trimmed. */
export function parseOptionalText(value: string): string | null {
  const text = value.trim();
  return text === '' ? null : text;
}

/**
 * Turns the form's values into the payload of POST /api/properties/add: decimals for areas, price
 * and coordinates, integers for ids and rooms, empty optionals as null (basement area included).
 * `photos` are the storage paths of photos uploaded before the property is sent (the photos issue
 * adds the picker; until then callers pass []).
 */
export function toPropertyDraft(values: PropertyFormValues, photos: string[]): PropertyDraft {
  return {
    name: values.name,
    address: values.address,
    city_id: parseInteger(values.city_id),
    price_unit: values.price_unit,
    price: parseDecimal(values.price),
    building_sqmts: parseDecimal(values.building_sqmts),
    land_sqmts: parseDecimal(values.land_sqmts),
    property_type_id: parseInteger(values.property_type_id),
    parking_sqmts: parseDecimal(values.parking_sqmts),
    additional_sqmts: parseDecimal(values.additional_sqmts),
    basement_sqmts: parseDecimal(values.basement_sqmts),
    google_maps_url: parseOptionalText(values.google_maps_url),
    latitude: parseDecimal(values.latitude),
    longitude: parseDecimal(values.longitude),
    rooms: parseInteger(values.rooms),
    notes: parseOptionalText(values.notes),
    visited: undefined,
    stage: values.stage,
    discard_reason: values.stage === 'discarded' ? parseOptionalText(values.discard_reason) : null,
    broker_id: parseInteger(values.broker_id),
    photos,
  };
}

const propertyErrors = contractErrors(CreatePropertyBodySchema);

/**
 * Checks the values with the shared contract, as the server will: errors keyed by field name,
 * one message each (the first the contract found) in the current language, empty when valid.
 */
export function validatePropertyForm(
  values: PropertyFormValues,
  photos: string[] = [],
): FormErrors {
  return propertyErrors(toPropertyDraft(values, photos));
}

/** The payload as the contract outputs it (trimmed, defaults filled); throws if it is invalid. */
export function toPropertyPayload(values: PropertyFormValues, photos: string[]): PropertyPayload {
  return CreatePropertyBodySchema.parse(toPropertyDraft(values, photos));
}

/** The server's field errors (several messages per field) as the form shows them (one line). */
export function toFormErrors(fieldErrors: Record<string, string[]>): FormErrors {
  return Object.fromEntries(
    Object.entries(fieldErrors).map(([field, messages]) => [field, messages.join(' ')]),
  );
}

/** The server's field errors for the form's own fields; photo errors are shown on their tiles. */
export function formErrorsWithoutPhotos(fieldErrors: Record<string, string[]>): FormErrors {
  return toFormErrors(
    Object.fromEntries(
      Object.entries(fieldErrors).filter(([field]) => !field.startsWith('photos')),
    ),
  );
}

/** A number for a number box: empty when not recorded. */
const numberField = (value: number | null): NumberFieldValue => (value === null ? '' : value);

/** The form's values for editing a loaded property (selects hold their value as a string). */
export function toPropertyFormValues(property: PropertyDetail): PropertyFormValues {
  return {
    name: property.name,
    address: property.address,
    city_id: String(property.city_id),
    price_unit: property.price_unit,
    price: property.price_amount,
    building_sqmts: property.building_sqmts,
    land_sqmts: property.land_sqmts,
    property_type_id: String(property.property_type_id),
    parking_sqmts: numberField(property.parking_sqmts),
    additional_sqmts: numberField(property.additional_sqmts),
    basement_sqmts: numberField(property.basement_sqmts),
    google_maps_url: property.google_maps_url ?? '',
    latitude: numberField(property.latitude),
    longitude: numberField(property.longitude),
    rooms: numberField(property.rooms),
    notes: property.notes ?? '',
    stage: property.stage,
    discard_reason: property.discard_reason ?? '',
    broker_id: property.broker_id === null ? null : String(property.broker_id),
  };
}

/**
 * The body of PUT /api/properties/:id: the add payload, the `updated_at` loaded, and `photos` in
 * their order (the first is the cover): ids of kept photos, paths of new uploads. Throws if invalid.
 */
export function toUpdatePropertyPayload(
  values: PropertyFormValues,
  photos: (number | string)[],
  updatedAt: string,
): UpdatePropertyPayload {
  const { photos: _none, ...draft } = toPropertyDraft(values, []);
  return UpdatePropertyBodySchema.parse({ ...draft, photos, updated_at: updatedAt });
}
