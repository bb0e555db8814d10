import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { type CatalogueKey, catalogueKeys, ISSUES_OMITTED_KEY } from './catalogue.js';
import { IdParamsSchema, ListQuerySchema } from './common.js';
import { DuplicateCheckBodySchema } from './duplicates.js';
import {
  CLIENT_FAILURES,
  FIELDS,
  fieldErrorsOf,
  fieldOf,
  issue,
  issueOf,
  type ParamValue,
  parseRule,
  REASONS,
  RULES,
  renderIssue,
  rule,
} from './issues.js';
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es-CL.json' with { type: 'json' };
import {
  CreatePropertyBodySchema,
  ListPropertiesQuerySchema,
  UpdatePropertyBodySchema,
} from './property.js';
import {
  CreateSavedSearchBodySchema,
  SavedSearchSubscriptionBodySchema,
  UpdateSavedSearchBodySchema,
} from './saved-search.js';
import { PutUfValueBodySchema, UfDateParamsSchema, UfValuesQuerySchema } from './uf.js';
import { UpdateUserBodySchema } from './user.js';
import { ApproveWaitlistBodySchema } from './waitlist.js';

const catalogues = { en, 'es-CL': es } as Record<string, Record<string, string>>;

/** The names of a message's `{placeholders}`, plural and select arguments included. */
const placeholders = (message: string) =>
  [...new Set([...message.matchAll(/\{\s*([A-Za-z0-9_]+)\s*[,}]/g)].map((m) => m[1]))].sort();

describe('rules as issue messages', () => {
  it('read back as the rule and its values, numbers as numbers', () => {
    expect(rule('required')).toBe('rule:required');
    expect(rule('too_long', { max: 200 })).toBe('rule:too_long?max=200');
    expect(parseRule(rule('too_long', { max: 200 }))).toEqual({
      rule: 'too_long',
      params: { max: 200 },
    });
    const name = 'Foto & "casa" ?=1 007.jpg';
    expect(parseRule(rule('file_too_large', { name, max: 25 }))).toEqual({
      rule: 'file_too_large',
      params: { name, max: 25 },
    });
    expect(parseRule(rule('between', { min: '2000-01-01', max: -1.5 }))?.params).toEqual({
      min: '2000-01-01',
      max: -1.5,
    });
  });

  it('are no rule when the text is anything else', () => {
    expect(parseRule('Name is required')).toBeNull();
    expect(parseRule('rule:no_such_rule')).toBeNull();
    expect(issueOf([], 'Invalid input: expected object, received string')).toEqual({
      field: '',
      rule: 'invalid',
      params: {},
    });
    expect(issueOf(['photos', 3], rule('not_positive'))).toEqual({
      field: 'photos.3',
      rule: 'not_positive',
      params: {},
    });
  });

  it('name their field by the path: the first segment, an index as a position', () => {
    expect(fieldOf('price')).toEqual({ name: 'price' });
    expect(fieldOf('photos.3')).toEqual({ name: 'photos', position: 4 });
    expect(fieldOf('0')).toEqual({ name: 'file', position: 1 });
    expect(fieldOf('2.name')).toEqual({ name: 'file', position: 3 });
    expect(fieldOf('query')).toEqual({ name: 'query' });
    expect(fieldOf('')).toEqual({ name: 'body' });
    // A saved search's filter is labelled as the grid's; an unknown one as the filters.
    expect(fieldOf('filters.price_max')).toEqual({ name: 'price_max' });
    expect(fieldOf('filters.colour')).toEqual({ name: 'filters' });
  });

  it('render as a capitalised sentence with the field label and the values', () => {
    const seen: { key: CatalogueKey; values?: Record<string, ParamValue> }[] = [];
    const translate = (key: CatalogueKey, values?: Record<string, ParamValue>) => {
      seen.push(values ? { key, values } : { key });
      return key.startsWith('field.') ? 'photo' : `{field} over {max}`;
    };
    const tooMany = issue('photos.1', 'too_many_photos', { max: 50 });
    expect(renderIssue(tooMany, translate)).toBe('{field} over {max}');
    expect(seen).toEqual([
      { key: 'field.photos', values: { position: 2 } },
      { key: 'rule.too_many_photos', values: { max: 50, position: 2, field: 'photo' } },
    ]);
    // Only a label that starts the sentence is capitalised, never a value (a file's name).
    const words = (key: CatalogueKey, values?: Record<string, ParamValue>) =>
      key === 'field.file' ? `file ${values?.position}` : `${values?.name}: not an image`;
    expect(renderIssue(issue('0', 'file_type', { name: 'plano.pdf' }), words)).toBe(
      'plano.pdf: not an image',
    );
    const lower = () => 'falta algo';
    expect(fieldErrorsOf([issue('name', 'required'), issue('name', 'invalid')], lower)).toEqual({
      name: ['Falta algo', 'Falta algo'],
    });
  });
});

describe('the shared catalogue (locales/*.json)', () => {
  const expected = catalogueKeys().sort();

  it.each(Object.keys(catalogues))(
    '%s has a message for each rule, field, error code and client failure, and nothing else',
    (locale) => {
      expect(Object.keys(catalogues[locale] ?? {}).sort()).toEqual(expected);
    },
  );

  it('messages use only the values their rule, field or failure gives, the same in each language', () => {
    const allowed = (key: string): string[] => {
      const [kind, code = ''] = key.split('.');
      if (kind === 'rule') return ['field', 'position', ...RULES[code as keyof typeof RULES]];
      if (kind === 'field') return ['position'];
      if (kind === 'client') return [...CLIENT_FAILURES[code as keyof typeof CLIENT_FAILURES]];
      if (kind === 'reason') return [...REASONS[code as keyof typeof REASONS]];
      if (key === ISSUES_OMITTED_KEY) return ['count'];
      return [];
    };
    const wrong = Object.entries(catalogues).flatMap(([locale, messages]) =>
      Object.entries(messages)
        .filter(
          ([key, message]) =>
            !placeholders(message).every((name) => allowed(key).includes(name ?? '')) ||
            placeholders(message).join() !== placeholders(en[key as keyof typeof en]).join(),
        )
        .map(([key]) => `${locale}: ${key}`),
    );
    expect(wrong).toEqual([]);
  });

  it('every value a rule or failure declares is in its English message', () => {
    const unused = [
      ...Object.entries(RULES).flatMap(([code, params]) =>
        params
          .filter((name) => !placeholders(en[`rule.${code}` as keyof typeof en]).includes(name))
          .map((name) => `rule.${code}: ${name}`),
      ),
      ...Object.entries(CLIENT_FAILURES).flatMap(([code, params]) =>
        params
          .filter((name) => !placeholders(en[`client.${code}` as keyof typeof en]).includes(name))
          .map((name) => `client.${code}: ${name}`),
      ),
      ...Object.entries(REASONS).flatMap(([code, params]) =>
        params
          .filter((name) => !placeholders(en[`reason.${code}` as keyof typeof en]).includes(name))
          .map((name) => `reason.${code}: ${name}`),
      ),
    ];
    expect(unused).toEqual([]);
  });
});

describe('field labels', () => {
  it('exist for every field of every request body, query and path', () => {
    const requestSchemas: z.ZodObject[] = [
      CreatePropertyBodySchema,
      UpdatePropertyBodySchema,
      ListPropertiesQuerySchema,
      IdParamsSchema,
      ListQuerySchema,
      UpdateUserBodySchema,
      ApproveWaitlistBodySchema,
      UfDateParamsSchema,
      PutUfValueBodySchema,
      UfValuesQuerySchema,
      DuplicateCheckBodySchema,
      CreateSavedSearchBodySchema,
      SavedSearchSubscriptionBodySchema,
    ];
    const unlabelled = [...requestSchemas, UpdateSavedSearchBodySchema]
      .flatMap((schema) => Object.keys(schema.shape))
      .filter((name) => !(FIELDS as readonly string[]).includes(name));
    expect(unlabelled).toEqual([]);
  });
});
