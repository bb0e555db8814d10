import {
  CreatePropertyBodySchema,
  type Orientation,
  type PriceUnit,
  type PropertyDetail,
  type PropertyPayload,
  type PropertyStage,
  UpdatePropertyBodySchema,
  type UpdatePropertyPayload,
} from '@bec/contracts';
import type { FormErrors } from '@mantine/form';
import { numberTextProblem } from '@/components/number-field';
import { contractErrors } from '@/lib/error-text';
import { numberOrNull, numberText, readNumber } from '@/lib/number-text';

/** What a number box holds: the text as typed (components/number-field.tsx reads it). */
export type NumberFieldValue = string;

/**
 * The property form's values, one per field of the payload and named like it, so the contract's
 * and the server's field errors land on the fields as they are. Selects hold their option's value
 * as a string (`null` when nothing is chosen); number boxes hold their text.
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
  bathrooms: NumberFieldValue;
  parking_spaces: NumberFieldValue;
  storage_units: NumberFieldValue;
  /** Gastos comunes: pesos a month. */
  common_expenses: NumberFieldValue;
  floor: NumberFieldValue;
  orientation: Orientation | null;
  year_built: NumberFieldValue;
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
  bathrooms: '',
  parking_spaces: '',
  storage_units: '',
  common_expenses: '',
  floor: '',
  orientation: null,
  year_built: '',
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

/** Coordinates group no thousands: either mark is their decimal one ("-33.4489", "-33,4489"). */
const COORDINATE = { grouping: false } as const;

/**
 * Reads a number box as the app reads every number (lib/number-text.ts): "1.234,5" and "1,234.5"
 * are 1234.5, "85,5" is 85.5 in every language. Empty → null; text that is no number, or can be
 * read more than one way → NaN, which the contract refuses (the form says why first).
 */
export const parseDecimal = (value: NumberFieldValue | null): number | null =>
  value === null ? null : numberOrNull(readNumber(value));

/** A coordinate: one mark, either, is the decimal one. */
export const parseCoordinate = (value: NumberFieldValue): number | null =>
  numberOrNull(readNumber(value, COORDINATE));

/**
 * Reads a whole number (an id, rooms) the same way. A fraction is kept as it is rather than cut
 * off, so the contract can say "… must be a whole number" instead of silently sending less.
 * @alias the same reading as parseDecimal, named for what its callers expect.
 */
export const parseInteger = parseDecimal;

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
    latitude: parseCoordinate(values.latitude),
    longitude: parseCoordinate(values.longitude),
    rooms: parseInteger(values.rooms),
    bathrooms: parseInteger(values.bathrooms),
    parking_spaces: parseInteger(values.parking_spaces),
    storage_units: parseInteger(values.storage_units),
    common_expenses: parseInteger(values.common_expenses),
    floor: parseInteger(values.floor),
    orientation: values.orientation,
    year_built: parseInteger(values.year_built),
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
  return { ...propertyErrors(toPropertyDraft(values, photos)), ...numberErrors(values) };
}

/** The number boxes, each read as `toPropertyDraft` reads it. */
const NUMBER_BOXES = {
  price: undefined,
  building_sqmts: undefined,
  land_sqmts: undefined,
  parking_sqmts: undefined,
  additional_sqmts: undefined,
  basement_sqmts: undefined,
  rooms: undefined,
  bathrooms: undefined,
  parking_spaces: undefined,
  storage_units: undefined,
  common_expenses: undefined,
  floor: undefined,
  year_built: undefined,
  latitude: COORDINATE,
  longitude: COORDINATE,
} as const satisfies Partial<Record<keyof PropertyFormValues, typeof COORDINATE | undefined>>;

/** Why a number box's text cannot be read ("1,234.5,6"), before the contract's "must be a number". */
function numberErrors(values: PropertyFormValues): FormErrors {
  const errors: FormErrors = {};
  for (const [field, options] of Object.entries(NUMBER_BOXES)) {
    const problem = numberTextProblem(values[field as keyof typeof NUMBER_BOXES], options);
    if (problem) errors[field] = problem;
  }
  return errors;
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

/** The form's values for editing a loaded property (selects hold their value as a string). */
export function toPropertyFormValues(property: PropertyDetail): PropertyFormValues {
  return {
    name: property.name,
    address: property.address ?? '',
    city_id: String(property.city_id),
    price_unit: property.price_unit,
    price: numberText(property.price_amount),
    building_sqmts: numberText(property.building_sqmts),
    land_sqmts: numberText(property.land_sqmts),
    property_type_id: String(property.property_type_id),
    parking_sqmts: numberText(property.parking_sqmts),
    additional_sqmts: numberText(property.additional_sqmts),
    basement_sqmts: numberText(property.basement_sqmts),
    google_maps_url: property.google_maps_url ?? '',
    latitude: numberText(property.latitude, COORDINATE),
    longitude: numberText(property.longitude, COORDINATE),
    rooms: numberText(property.rooms),
    bathrooms: numberText(property.bathrooms),
    parking_spaces: numberText(property.parking_spaces),
    storage_units: numberText(property.storage_units),
    common_expenses: numberText(property.common_expenses),
    floor: numberText(property.floor),
    orientation: property.orientation,
    year_built: numberText(property.year_built),
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
