import { describe, expect, it } from 'vitest';
import {
  emptyPropertyFormValues,
  type PropertyFormValues,
  parseCoordinate,
  parseDecimal,
  parseInteger,
  parseOptionalText,
  toFormErrors,
  toPropertyDraft,
  toPropertyFormValues,
  toPropertyPayload,
  toUpdatePropertyPayload,
  validatePropertyForm,
} from '@/features/properties/components/property-form/property-form-values';
import { activateLocale } from '@/i18n/i18n';
import { lasCondesHouse } from '@/testing/property-fixtures';

const filled: PropertyFormValues = {
  price_unit: 'CLP',
  name: '  Casa en Ñuñoa ',
  address: 'Los Jardines 1120',
  city_id: '13120',
  price: '398.000.000',
  building_sqmts: '165.5',
  land_sqmts: '1.234,75',
  property_type_id: '1',
  parking_sqmts: '',
  additional_sqmts: '12',
  basement_sqmts: '40,5',
  google_maps_url: ' https://maps.google.com/?q=-33.45,-70.60 ',
  latitude: '-33.4497',
  longitude: '-70,6034',
  rooms: '4',
  bathrooms: '',
  parking_spaces: '',
  storage_units: '',
  common_expenses: '',
  floor: '',
  orientation: null,
  year_built: '',
  notes: 'Apta para oficina',
  stage: 'visited',
  discard_reason: '',
  broker_id: '3',
};

describe('parseDecimal', () => {
  it('reads empty text as null', () => {
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('   ')).toBeNull();
    expect(parseDecimal(null)).toBeNull();
  });

  it('reads numbers the same in every language: Chilean, English, decimals after a comma', () => {
    expect(parseDecimal('185.000.000')).toBe(185_000_000);
    expect(parseDecimal('185,000,000')).toBe(185_000_000);
    expect(parseDecimal('1.234,5')).toBe(1234.5);
    expect(parseDecimal('1,234.5')).toBe(1234.5);
    expect(parseDecimal('1.234')).toBe(1234);
    expect(parseDecimal('0,75')).toBe(0.75);
    expect(parseDecimal('85,5')).toBe(85.5);
    expect(parseDecimal(' 2 500 ')).toBe(2500);
  });

  it('answers NaN for what is no number or can be read two ways, so nothing is sent', () => {
    expect(parseDecimal('abc')).toBeNaN();
    expect(parseDecimal('1,2,3')).toBeNaN();
    expect(parseDecimal('1.23.4')).toBeNaN();
    expect(parseDecimal('1,234.5,6')).toBeNaN();
    expect(parseDecimal('0x10')).toBeNaN();
    expect(parseDecimal('1e5')).toBeNaN();
  });
});

describe('parseCoordinate', () => {
  it('takes the one mark, point or comma, as the decimal one (pasted from a map)', () => {
    expect(parseCoordinate('-33.4489')).toBe(-33.4489);
    expect(parseCoordinate('-33.448')).toBe(-33.448);
    expect(parseCoordinate('-70,6693')).toBe(-70.6693);
    expect(parseCoordinate('')).toBeNull();
    expect(parseCoordinate('-33.448.9')).toBeNaN();
  });
});

describe('parseInteger', () => {
  it('reads ids and rooms as whole numbers, empty as null', () => {
    expect(parseInteger('13120')).toBe(13120);
    expect(parseInteger('4')).toBe(4);
    expect(parseInteger('1.500')).toBe(1500);
    expect(parseInteger('')).toBeNull();
    expect(parseInteger(null)).toBeNull();
  });

  it('keeps a fraction rather than cutting it off, for the contract to refuse', () => {
    expect(parseInteger('2,5')).toBe(2.5);
  });
});

describe('parseOptionalText', () => {
  it('trims, and sends blank text as null', () => {
    expect(parseOptionalText('  hola ')).toBe('hola');
    expect(parseOptionalText('   ')).toBeNull();
    expect(parseOptionalText('')).toBeNull();
  });
});

describe('toPropertyDraft', () => {
  it('parses decimals and integers, sends empty optionals as null and keeps the basement area', () => {
    expect(toPropertyDraft(filled, ['properties/1/a.jpg'])).toEqual({
      name: '  Casa en Ñuñoa ',
      address: 'Los Jardines 1120',
      city_id: 13120,
      price_unit: 'CLP',
      price: 398_000_000,
      building_sqmts: 165.5,
      land_sqmts: 1234.75,
      property_type_id: 1,
      parking_sqmts: null,
      additional_sqmts: 12,
      basement_sqmts: 40.5,
      google_maps_url: 'https://maps.google.com/?q=-33.45,-70.60',
      latitude: -33.4497,
      longitude: -70.6034,
      rooms: 4,
      bathrooms: null,
      parking_spaces: null,
      storage_units: null,
      common_expenses: null,
      floor: null,
      orientation: null,
      year_built: null,
      notes: 'Apta para oficina',
      stage: 'visited',
      discard_reason: null,
      broker_id: 3,
      photos: ['properties/1/a.jpg'],
    });
  });

  it('turns an empty form into nulls (every key present, basement included)', () => {
    const draft = toPropertyDraft(emptyPropertyFormValues, []);
    expect(draft).toEqual({
      name: '',
      address: '',
      city_id: null,
      price_unit: 'CLP',
      price: null,
      building_sqmts: null,
      land_sqmts: null,
      property_type_id: null,
      parking_sqmts: null,
      additional_sqmts: null,
      basement_sqmts: null,
      google_maps_url: null,
      latitude: null,
      longitude: null,
      rooms: null,
      bathrooms: null,
      parking_spaces: null,
      storage_units: null,
      common_expenses: null,
      floor: null,
      orientation: null,
      year_built: null,
      notes: null,
      stage: 'new',
      discard_reason: null,
      broker_id: null,
      photos: [],
    });
    expect(Object.hasOwn(draft, 'basement_sqmts')).toBe(true);
  });
});

describe('toUpdatePropertyPayload', () => {
  it("sends back a loaded property's listing attributes, so an edit never erases them", () => {
    const payload = toUpdatePropertyPayload(
      toPropertyFormValues(lasCondesHouse),
      [],
      lasCondesHouse.updated_at,
    );
    expect(payload).toMatchObject({
      bathrooms: 3,
      parking_spaces: 2,
      storage_units: 1,
      common_expenses: 180_000,
      floor: null,
      orientation: 'NO',
      year_built: 2004,
    });
  });
});

describe('toPropertyPayload', () => {
  it('answers the contract output: trimmed text, basement area sent, nulls kept for JSON', () => {
    const payload = toPropertyPayload({ ...filled, basement_sqmts: '' }, []);
    expect(payload.name).toBe('Casa en Ñuñoa');
    expect(payload.basement_sqmts).toBeNull();
    expect(JSON.parse(JSON.stringify(payload))).toHaveProperty('basement_sqmts', null);
    expect(toPropertyPayload(filled, []).basement_sqmts).toBe(40.5);
  });
});

describe('validatePropertyForm', () => {
  it("gives every required field the contract's message when the form is empty", () => {
    expect(validatePropertyForm(emptyPropertyFormValues)).toEqual({
      name: 'Name is required',
      city_id: 'Comuna is required',
      price: 'Price is required',
      property_type_id: 'Property type is required',
    });
  });

  it('is empty for a valid form', () => {
    expect(validatePropertyForm(filled)).toEqual({});
  });

  it('reports what the contract refuses: fractions, bad numbers, ranges and URLs', () => {
    expect(
      validatePropertyForm({
        ...filled,
        price: '1000,5',
        rooms: '2,5',
        land_sqmts: 'abc',
        latitude: '95',
        google_maps_url: 'ftp://example.com',
      }),
    ).toEqual({
      price: 'Price must be a whole number of pesos',
      rooms: 'Rooms must be a whole number',
      land_sqmts: 'Write a number only, e.g. 85.5',
      latitude: 'Latitude must be between -90 and 90',
      google_maps_url: 'Google Maps link must be an http or https URL',
    });
  });

  it('refuses a number that can be read two ways, at its field, in the current language', async () => {
    const ambiguous = { ...filled, building_sqmts: '1,234.5,6', parking_sqmts: '1.2.3,4,5' };
    expect(validatePropertyForm(ambiguous)).toEqual({
      building_sqmts: expect.stringMatching(/^This number can be read more than one way/),
      parking_sqmts: expect.stringMatching(/^This number can be read more than one way/),
    });
    await activateLocale('es-CL');
    try {
      expect(validatePropertyForm(ambiguous).building_sqmts).toMatch(
        /^Este número se puede leer de más de una forma/,
      );
    } finally {
      await activateLocale('en');
    }
  });
});

describe('toFormErrors', () => {
  it("puts each field's server messages on one line", () => {
    expect(toFormErrors({ city_id: ['Comuna 99999 does not exist'], price: ['a', 'b'] })).toEqual({
      city_id: 'Comuna 99999 does not exist',
      price: 'a b',
    });
  });
});
