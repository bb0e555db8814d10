import { describe, expect, it } from 'vitest';
import { issueOf } from './issues.js';
import { CreateSavedSearchBodySchema, UpdateSavedSearchBodySchema } from './saved-search.js';

const issuesOf = (body: unknown) => {
  const result = CreateSavedSearchBodySchema.safeParse(body);
  return result.success ? [] : result.error.issues.map((i) => issueOf(i.path, i.message));
};

describe('a saved search', () => {
  it('keeps its filters as the grid sends them, empty ones dropped', () => {
    const parsed = CreateSavedSearchBodySchema.parse({
      name: '  Depto Ñuñoa ',
      scope: 'personal',
      filters: { q: 'depto', city_id: '13120', price_unit: 'UF', price_max: '6000', rooms_min: '' },
    });
    expect(parsed).toEqual({
      name: 'Depto Ñuñoa',
      scope: 'personal',
      filters: { q: 'depto', city_id: '13120', price_unit: 'UF', price_max: '6000' },
    });
  });

  it("refuses filters by the grid's own rules, at filters.<key>, and unknown keys", () => {
    expect(
      issuesOf({ name: 'x', scope: 'shared', filters: { price_max: '1.5', colour: 'red' } }),
    ).toEqual([
      { field: 'filters.colour', rule: 'unknown_filter', params: { key: 'colour' } },
      { field: 'filters.price_max', rule: 'whole_pesos', params: {} },
    ]);
    expect(
      issuesOf({ name: 'x', scope: 'personal', filters: { price_min: '9', price_max: '1' } }),
    ).toEqual([{ field: 'filters.price_max', rule: 'range_reversed', params: {} }]);
    expect(
      issuesOf({ name: '', scope: 'team', filters: { rooms_min: 3 } }).map((i) => i.field),
    ).toEqual(['name', 'scope', 'filters.rooms_min']);
  });

  it('takes an update with at least one field', () => {
    expect(UpdateSavedSearchBodySchema.safeParse({}).success).toBe(false);
    expect(UpdateSavedSearchBodySchema.parse({ name: 'Casas' })).toEqual({ name: 'Casas' });
  });
});
