import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ListQuerySchema } from './common.js';
import { DuplicateCheckBodySchema } from './duplicates.js';
import { issueOf } from './issues.js';
import { ImportPhotosBodySchema } from './listing-import.js';
import { UploadUrlBodySchema } from './photo.js';
import {
  CreatePropertyBodySchema,
  ListPropertiesQuerySchema,
  UpdatePropertyBodySchema,
} from './property.js';
import {
  CreateSavedSearchBodySchema,
  MAX_SAVED_SEARCH_FILTERS,
  SAVED_SEARCH_FILTER_KEYS,
  UpdateSavedSearchBodySchema,
} from './saved-search.js';
import { UpdateVisitBodySchema, VisitBodySchema } from './visit.js';

/*
 * ADR 059: a schema over keys or items the sender chooses refuses too many of them with one issue,
 * before it checks any of them, so a large body costs one issue rather than one per entry.
 */

const issuesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => issueOf(i.path, i.message));
};

const manyKeys = (count: number, prefix = 'f') =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}${i}`, 'x']));

describe("a saved search's filters", () => {
  it('as many keys as the grid has filters', () => {
    expect(MAX_SAVED_SEARCH_FILTERS).toBe(SAVED_SEARCH_FILTER_KEYS.length);
  });

  it.each([
    ['a new search', CreateSavedSearchBodySchema],
    ['an edit', UpdateSavedSearchBodySchema],
  ])('%s with 80,000 unknown keys: one issue naming the field, none per key', (_, schema) => {
    expect(issuesOf(schema, { name: 'x', scope: 'personal', filters: manyKeys(80_000) })).toEqual([
      { field: 'filters', rule: 'too_many_keys', params: { max: MAX_SAVED_SEARCH_FILTERS } },
    ]);
  });

  it('one key over the cap is refused whole; at the cap each unknown key is named', () => {
    const over = manyKeys(MAX_SAVED_SEARCH_FILTERS + 1);
    expect(
      issuesOf(CreateSavedSearchBodySchema, { name: 'x', scope: 'shared', filters: over }),
    ).toEqual([
      { field: 'filters', rule: 'too_many_keys', params: { max: MAX_SAVED_SEARCH_FILTERS } },
    ]);
    const at = manyKeys(MAX_SAVED_SEARCH_FILTERS);
    const issues = issuesOf(CreateSavedSearchBodySchema, {
      name: 'x',
      scope: 'shared',
      filters: at,
    });
    expect(issues).toHaveLength(MAX_SAVED_SEARCH_FILTERS);
    expect(new Set(issues.map((i) => i.rule))).toEqual(new Set(['unknown_filter']));
  });

  it('every filter of the grid at once is still taken', () => {
    const every = Object.fromEntries(SAVED_SEARCH_FILTER_KEYS.map((key) => [key, '']));
    expect(
      CreateSavedSearchBodySchema.safeParse({ name: 'x', scope: 'personal', filters: every })
        .success,
    ).toBe(true);
  });
});

describe('lists in bodies are refused by their length before their items are checked', () => {
  // Items that each break a rule, so a schema that checked them first would give one issue each.
  const many = <T>(item: T) => Array.from({ length: 100_000 }, () => item);
  it.each([
    ['a new property', CreatePropertyBodySchema, { photos: many(0) }, 'photos', 'too_many_photos'],
    ['an edit', UpdatePropertyBodySchema, { photos: many(0) }, 'photos', 'too_many_photos'],
    [
      'a duplicate check',
      DuplicateCheckBodySchema,
      { photos: many(0) },
      'photos',
      'too_many_photos',
    ],
    ['a new visit', VisitBodySchema, { photos: many(0) }, 'photos', 'too_many_uploads'],
    ['a visit edit', UpdateVisitBodySchema, { photos: many(0) }, 'photos', 'too_many_uploads'],
    ['imported photos', ImportPhotosBodySchema, { urls: many(0) }, 'urls', 'too_many_uploads'],
    ['upload URLs', UploadUrlBodySchema, many(0), 'body', 'too_many_uploads'],
  ])('%s', (_, schema, body, field, rule) => {
    // The other fields' problems (a body with nothing else) are the body's own business.
    const issues = issuesOf(schema, body);
    const list = field === 'body' ? '' : field;
    expect(issues.filter((i) => i.field === list).map((i) => i.rule)).toEqual([rule]);
    // Nothing about any item: none was checked.
    expect(issues.filter((i) => /^(\w+\.)?\d+$/.test(i.field))).toEqual([]);
    expect(issues.length).toBeLessThan(40);
  });
});

describe('query strings', () => {
  it('take only their own parameters: unknown ones are dropped, not checked one by one', () => {
    const query = { ...manyKeys(10_000, 'p'), limit: '10' };
    expect(ListPropertiesQuerySchema.parse(query)).toMatchObject({ limit: 10 });
    expect(ListPropertiesQuerySchema.parse(query)).not.toHaveProperty('p0');
    expect(ListQuerySchema.parse(query)).toEqual({ limit: 10 });
  });
});
