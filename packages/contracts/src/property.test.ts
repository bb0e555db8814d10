import { describe, expect, it } from 'vitest';
import { IdSchema, INT32_MAX } from './common.js';
import { rule } from './issues.js';
import {
  CreatePropertyBodySchema,
  LISTING_ATTRIBUTE_BOUNDS,
  LISTING_ATTRIBUTES,
  ListPropertiesQuerySchema,
  MAX_PRICE_UF,
  missingFields,
} from './property.js';
import { MAX_UF_VALUE } from './uf.js';

const valid = {
  name: 'Casa en Pucón',
  address: 'Camino al volcán 12',
  city_id: 9115,
  price: 310_000_000,
  building_sqmts: 120,
  land_sqmts: 5000,
  property_type_id: 1,
};

const problems = (input: unknown) => {
  const result = CreatePropertyBodySchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('CreatePropertyBodySchema', () => {
  it('fills every omitted optional with null (photos with none; visited and stage left to the API)', () => {
    expect(CreatePropertyBodySchema.parse(valid)).toEqual({
      ...valid,
      price_unit: 'CLP',
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
      discard_reason: null,
      broker_id: null,
      photos: [],
    });
  });

  it('refuses a stage that contradicts visited, and a discard without its reason', () => {
    expect(problems({ ...valid, stage: 'new', visited: true })).toEqual({
      visited: rule('visited_contradicts_stage'),
    });
    expect(problems({ ...valid, stage: 'discarded' })).toEqual({
      discard_reason: rule('discard_reason_required'),
    });
    expect(problems({ ...valid, stage: 'visited', discard_reason: 'caro' })).toEqual({
      discard_reason: rule('discard_reason_only_when_discarded'),
    });
    // A discarded property may have been visited or not: visited says nothing against it.
    expect(
      problems({ ...valid, stage: 'discarded', discard_reason: 'caro', visited: true }),
    ).toEqual({});
  });

  it('names every required field that is missing, as a rule each language words', () => {
    expect(problems({})).toEqual({
      name: rule('required'),
      city_id: rule('required'),
      price: rule('required'),
      property_type_id: rule('required'),
    });
  });

  it('takes a quick add without address or areas, as unknown (ADR 048)', () => {
    const quick = {
      name: 'Depto esquina',
      city_id: 1,
      price: 5450,
      price_unit: 'UF',
      property_type_id: 1,
    };
    const parsed = CreatePropertyBodySchema.parse(quick);
    expect(parsed).toMatchObject({ address: null, building_sqmts: null, land_sqmts: null });
    expect(missingFields(parsed)).toEqual(['address', 'building_sqmts', 'land_sqmts']);
    // Blank is unknown too; a given value is still checked.
    expect(CreatePropertyBodySchema.parse({ ...quick, address: '   ' }).address).toBeNull();
    expect(problems({ ...quick, building_sqmts: -1, land_sqmts: 'x' })).toEqual({
      building_sqmts: rule('negative'),
      land_sqmts: rule('not_a_number'),
    });
    expect(missingFields(CreatePropertyBodySchema.parse(valid))).toEqual([]);
  });

  it('trims text and refuses blank names', () => {
    expect(CreatePropertyBodySchema.parse({ ...valid, name: '  Casa  ' }).name).toBe('Casa');
    expect(problems({ ...valid, name: '   ' })).toEqual({ name: rule('required') });
  });

  it('takes whole, non-negative pesos only', () => {
    expect(problems({ ...valid, price: 10.5 })).toEqual({ price: rule('whole_pesos') });
    expect(problems({ ...valid, price: -1 })).toEqual({ price: rule('negative') });
    expect(problems({ ...valid, price: '100' })).toEqual({ price: rule('not_a_number') });
    expect(problems({ ...valid, price: 0 })).toEqual({});
  });

  it('takes a price in UF with up to 2 decimals, and says which rule a UF price broke', () => {
    expect(
      CreatePropertyBodySchema.parse({ ...valid, price: 4500.5, price_unit: 'UF' }),
    ).toMatchObject({ price: 4500.5, price_unit: 'UF' });
    expect(problems({ ...valid, price: 4500.55, price_unit: 'UF' })).toEqual({});
    expect(problems({ ...valid, price: 4500.555, price_unit: 'UF' })).toEqual({
      price: rule('uf_two_decimals'),
    });
    expect(problems({ ...valid, price: MAX_PRICE_UF + 1, price_unit: 'UF' })).toEqual({
      price: rule('uf_at_most', { max: MAX_PRICE_UF }),
    });
    expect(problems({ ...valid, price: -1, price_unit: 'UF' })).toEqual({
      price: rule('negative'),
    });
    expect(problems({ ...valid, price_unit: 'USD' })).toEqual({ price_unit: rule('clp_or_uf') });
    // Each unit's rule is reported beside other fields' problems, not after they are fixed.
    expect(problems({ ...valid, price: 10.5, city_id: null, land_sqmts: 'x' })).toEqual({
      price: rule('whole_pesos'),
      city_id: rule('required'),
      land_sqmts: rule('not_a_number'),
    });
    expect(problems({ ...valid, price: 10.555, price_unit: 'UF', name: '' })).toEqual({
      price: rule('uf_two_decimals'),
      name: rule('required'),
    });
    expect(problems({ ...valid, price: 10.5, price_unit: 'UF', rooms: 2.5 })).toEqual({
      rooms: rule('whole_number'),
      // A whole-number failure elsewhere stops zod's object checks: still refused, worded for pesos.
      price: rule('whole_pesos'),
    });
    // The largest UF price at the largest UF value is still an exact whole number of pesos.
    expect(Number.isSafeInteger(MAX_PRICE_UF * MAX_UF_VALUE)).toBe(true);
  });

  it('keeps decimal areas and refuses negative ones', () => {
    expect(CreatePropertyBodySchema.parse({ ...valid, basement_sqmts: 12.75 }).basement_sqmts).toBe(
      12.75,
    );
    expect(problems({ ...valid, parking_sqmts: -2 })).toEqual({
      parking_sqmts: rule('negative'),
    });
  });

  it('takes only http and https map links', () => {
    expect(problems({ ...valid, google_maps_url: 'https://maps.app.goo.gl/abc' })).toEqual({});
    expect(problems({ ...valid, google_maps_url: 'http://maps.google.com/?q=1' })).toEqual({});
    for (const url of [
      'javascript:alert(1)',
      'ftp://x.cl/a',
      'maps.google.com',
      'data:text/html,hi',
    ]) {
      expect(problems({ ...valid, google_maps_url: url }), url).toEqual({
        google_maps_url: rule('invalid_url'),
      });
    }
  });

  it('checks coordinates are on Earth', () => {
    expect(problems({ ...valid, latitude: -33.45, longitude: -70.66 })).toEqual({});
    expect(problems({ ...valid, latitude: 90.1 })).toEqual({
      latitude: rule('between', { min: -90, max: 90 }),
    });
    expect(problems({ ...valid, longitude: -180.5 })).toEqual({
      longitude: rule('between', { min: -180, max: 180 }),
    });
  });

  it('takes whole rooms and ids', () => {
    expect(problems({ ...valid, rooms: 2.5 })).toEqual({ rooms: rule('whole_number') });
    expect(problems({ ...valid, city_id: 0 })).toEqual({ city_id: rule('choose_one') });
  });

  it("takes a Chilean listing's attributes within their bounds, and names the field otherwise", () => {
    const listing = {
      ...valid,
      rooms: 3,
      bathrooms: 2,
      parking_spaces: 1,
      storage_units: 1,
      common_expenses: 120_000,
      floor: -2,
      orientation: 'NO',
      year_built: 1998,
    };
    expect(problems(listing)).toEqual({});
    for (const name of LISTING_ATTRIBUTES) {
      const { min, max } = LISTING_ATTRIBUTE_BOUNDS[name];
      expect(problems({ ...valid, [name]: min }), name).toEqual({});
      expect(problems({ ...valid, [name]: max }), name).toEqual({});
      expect(problems({ ...valid, [name]: min - 1 }), name).toEqual({
        [name]: rule('between', { min, max }),
      });
      expect(problems({ ...valid, [name]: max + 1 }), name).toEqual({
        [name]: rule('between', { min, max }),
      });
      expect(problems({ ...valid, [name]: 1.5 }), name).toEqual({ [name]: rule('whole_number') });
      expect(problems({ ...valid, [name]: '2' }), name).toEqual({ [name]: rule('not_a_number') });
    }
    expect(problems({ ...valid, orientation: 'W' })).toEqual({
      orientation: rule('one_of', { options: 'N, NE, E, SE, S, SO, O, NO' }),
    });
  });

  it('takes ids an integer column holds, and no more', () => {
    expect(problems({ ...valid, city_id: INT32_MAX, broker_id: INT32_MAX })).toEqual({});
    expect(problems({ ...valid, city_id: INT32_MAX + 1 })).toEqual({
      city_id: rule('id_beyond', { first: INT32_MAX + 1 }),
    });
    expect(Object.keys(problems({ ...valid, property_type_id: 2 ** 31 }))).toEqual([
      'property_type_id',
    ]);
    expect(Object.keys(problems({ ...valid, broker_id: 2 ** 31 }))).toEqual(['broker_id']);
  });

  it('refuses text a text column cannot store: NUL and unpaired surrogates', () => {
    for (const field of ['name', 'address', 'notes']) {
      expect(Object.keys(problems({ ...valid, [field]: 'a\u0000b' })), field).toEqual([field]);
      expect(Object.keys(problems({ ...valid, [field]: 'a\ud800b' })), field).toEqual([field]);
    }
    expect(
      Object.keys(problems({ ...valid, google_maps_url: 'https://maps.google.com/a\u0000b' })),
    ).toEqual(['google_maps_url']);
    expect(problems({ ...valid, name: 'Casa 🏠 en Ñuñoa', notes: 'línea\ttab\u0001' })).toEqual({});
  });
});

describe('IdSchema (ids in paths and query strings)', () => {
  it('reads canonical decimal only, up to the integer column limit', () => {
    expect(IdSchema.parse('1')).toBe(1);
    expect(IdSchema.parse('2147483647')).toBe(INT32_MAX);
    for (const raw of ['0x1', '1e0', '+1', '1.0', ' 1', '1 ', '01', '0', '-1', '', '2147483648']) {
      expect(IdSchema.safeParse(raw).success, JSON.stringify(raw)).toBe(false);
    }
  });
});

describe('ListPropertiesQuerySchema', () => {
  it('reads query strings into typed filters with defaults', () => {
    expect(
      ListPropertiesQuerySchema.parse({
        region_id: '13',
        visited: 'false',
        price_max: '200000000',
      }),
    ).toEqual({
      region_id: 13,
      visited: false,
      price_max: 200_000_000,
      price_unit: 'CLP',
      sort: 'newest',
      limit: 24,
    });
  });

  it('takes price bounds in CLP (whole pesos) or in UF (up to 2 decimals)', () => {
    const parsed = (query: Record<string, string>) => {
      const result = ListPropertiesQuerySchema.safeParse(query);
      return result.success
        ? result.data
        : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
    };
    expect(parsed({ price_min: '4500.5', price_max: '6000', price_unit: 'UF' })).toMatchObject({
      price_min: 4500.5,
      price_max: 6000,
      price_unit: 'UF',
    });
    expect(parsed({ price_min: '4500.5' })).toEqual({ price_min: rule('whole_pesos') });
    expect(parsed({ price_max: '1.234', price_unit: 'UF' })).toEqual({
      price_max: rule('plain_price'),
    });
    expect(parsed({ price_max: '90000000001', price_unit: 'UF' })).toEqual({
      price_max: rule('uf_at_most', { max: MAX_PRICE_UF }),
    });
    expect(parsed({ price_min: '1', price_unit: 'EUR' })).toEqual({
      price_unit: rule('clp_or_uf'),
    });
    expect(parsed({ price_min: '5000', price_max: '4000.5', price_unit: 'UF' })).toEqual({
      price_max: rule('range_reversed'),
    });
  });

  it('reads the listing filters as whole numbers within their columns', () => {
    expect(
      ListPropertiesQuerySchema.parse({
        rooms_min: '3',
        bathrooms_min: '0',
        parking_min: '1',
        common_expenses_max: '150000',
      }),
    ).toMatchObject({
      rooms_min: 3,
      bathrooms_min: 0,
      parking_min: 1,
      common_expenses_max: 150_000,
    });
    for (const [key, raw] of [
      ['rooms_min', '2.5'],
      ['bathrooms_min', '51'],
      ['parking_min', '-1'],
      ['common_expenses_max', '100000001'],
      ['common_expenses_max', '1e5'],
    ] as const) {
      const result = ListPropertiesQuerySchema.safeParse({ [key]: raw });
      expect(
        result.error?.issues.map((issue) => issue.path.join('.')),
        raw,
      ).toEqual([key]);
    }
  });

  it('refuses a range whose maximum is below its minimum', () => {
    const result = ListPropertiesQuerySchema.safeParse({ land_min: '500', land_max: '100' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['land_max']);
  });

  it('refuses filters their columns cannot hold', () => {
    const fields = (query: Record<string, string>) => {
      const result = ListPropertiesQuerySchema.safeParse(query);
      return result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
    };
    expect(fields({ region_id: '40000' })).toEqual(['region_id']);
    expect(fields({ city_id: '2147483648' })).toEqual(['city_id']);
    expect(fields({ city_id: '0x1' })).toEqual(['city_id']);
    expect(fields({ price_min: '1.5' })).toEqual(['price_min']);
    expect(fields({ price_max: '1e19' })).toEqual(['price_max']);
    expect(fields({ q: 'a\u0000b' })).toEqual(['q']);
    expect(fields({ land_min: '10.5', building_max: '120' })).toEqual([]);
  });

  it('caps the page size at 100', () => {
    expect(ListPropertiesQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(ListPropertiesQuerySchema.parse({ limit: '100' }).limit).toBe(100);
  });
});
