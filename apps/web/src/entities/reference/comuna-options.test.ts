import type { Region } from '@bec/contracts';
import { describe, expect, it } from 'vitest';
import {
  filterComunaOptions,
  foldForSearch,
  toComunaOptions,
} from '@/entities/reference/comuna-options';
import { SANTIAGO_REGION } from '@/testing/reference-fixtures';

const regions: Region[] = [
  {
    id: 8,
    code: '08',
    name: 'Biobío',
    roman: 'VIII',
    comunas: [{ id: 8101, code: '08101', name: 'Concepción' }],
  },
  SANTIAGO_REGION,
];

describe('toComunaOptions', () => {
  it('groups the comunas by region name, in the order given, with the comuna id as value', () => {
    expect(toComunaOptions(regions)).toEqual([
      { group: 'Biobío', items: [{ value: '8101', label: 'Concepción' }] },
      {
        group: 'Metropolitana de Santiago',
        items: [
          { value: '13101', label: 'Santiago' },
          { value: '13120', label: 'Ñuñoa' },
        ],
      },
    ]);
  });
});

describe('filterComunaOptions', () => {
  const options = toComunaOptions(regions);
  const labels = (search: string, limit = Number.POSITIVE_INFINITY) =>
    filterComunaOptions({ options, search, limit }).flatMap((option) =>
      'group' in option ? option.items.map((item) => item.label) : [option.label],
    );

  it('matches comuna names ignoring case, accents and tildes', () => {
    expect(labels('Ñuño')).toEqual(['Ñuñoa']);
    expect(labels('nunoa')).toEqual(['Ñuñoa']);
    expect(labels('CONCEPCION')).toEqual(['Concepción']);
  });

  it('drops regions with nothing left and keeps the group of what matched', () => {
    expect(filterComunaOptions({ options, search: 'santi', limit: Infinity })).toEqual([
      { group: 'Metropolitana de Santiago', items: [{ value: '13101', label: 'Santiago' }] },
    ]);
  });

  it('shows everything for an empty search, up to the limit', () => {
    expect(labels('')).toEqual(['Concepción', 'Santiago', 'Ñuñoa']);
    expect(labels('', 2)).toEqual(['Concepción', 'Santiago']);
  });

  it('folds text for search', () => {
    expect(foldForSearch(' Ñuñoa ')).toBe('nunoa');
  });
});
