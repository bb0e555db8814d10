import { describe, expect, it } from 'vitest';
import {
  hasPropertyFilters,
  parsePropertyFilters,
  propertyFiltersToSearchParams,
} from '@/features/properties/api/get-properties';

const parse = (search: string) => parsePropertyFilters(new URLSearchParams(search));

describe("the grid's listing attribute filters (ADR 038)", () => {
  it('reads the minimum dormitorios, baños, estacionamientos and maximum gastos comunes from the URL and writes them back', () => {
    const search = 'rooms_min=3&bathrooms_min=2&parking_min=1&common_expenses_max=120000';
    const filters = parse(search);
    expect(filters).toEqual({
      rooms_min: 3,
      bathrooms_min: 2,
      parking_min: 1,
      common_expenses_max: 120_000,
    });
    expect(propertyFiltersToSearchParams(filters).toString()).toBe(search);
    expect(hasPropertyFilters(filters)).toBe(true);
  });

  it('sends them to the API beside the other filters, in a fixed order', () => {
    expect(
      propertyFiltersToSearchParams({
        sort: 'price_asc',
        common_expenses_max: 0,
        q: 'casa',
        rooms_min: 4,
        price_max: 300_000_000,
      }).toString(),
    ).toBe('q=casa&price_max=300000000&rooms_min=4&common_expenses_max=0&sort=price_asc');
  });

  it('leaves out a value the API would refuse rather than failing the list', () => {
    expect(
      parse('rooms_min=abc&bathrooms_min=51&parking_min=-1&common_expenses_max=120.000&q=casa'),
    ).toEqual({ q: 'casa' });
    expect(parse('common_expenses_max=100000001&parking_min=101')).toEqual({});
    expect(parse('common_expenses_max=100000000&parking_min=100&bathrooms_min=0')).toEqual({
      common_expenses_max: 100_000_000,
      parking_min: 100,
      bathrooms_min: 0,
    });
  });
});
