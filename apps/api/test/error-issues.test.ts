import { CreatePropertyBodySchema, ErrorEnvelopeSchema, MAX_ERROR_ISSUES } from '@bec/contracts';
import { describe, expect, it } from 'vitest';
import { setupApp, validProperty } from './helpers.js';

// ADR 016: a 400 carries each problem as a code (field, rule, values) besides the English text.
const t = setupApp();

const add = (body: Record<string, unknown>) =>
  t.inject('editor', { method: 'POST', url: '/api/properties/add', payload: body });

describe('validation failures as codes and as English', () => {
  it("a contract check: each issue's field, rule and values, and the same problems in English", async () => {
    const response = await add(validProperty({ name: 'x'.repeat(201), price: -1, city_id: 0 }));
    expect(response.statusCode).toBe(400);
    const body = ErrorEnvelopeSchema.parse(response.json());
    expect(body.error.issues).toEqual([
      { field: 'name', rule: 'too_long', params: { max: 200 } },
      { field: 'city_id', rule: 'choose_one', params: {} },
      { field: 'price', rule: 'negative', params: {} },
    ]);
    expect(body.error.fieldErrors).toEqual({
      name: ['Name must be at most 200 characters'],
      city_id: ['Choose a comuna'],
      price: ['Price cannot be negative'],
    });
    expect(body.message).toBe(
      'Invalid request: name: Name must be at most 200 characters; city_id: Choose a comuna; price: Price cannot be negative',
    );
  });

  it('a service check: references that do not exist, with their ids', async () => {
    const response = await add(validProperty({ city_id: 5, broker_id: 777 }));
    expect(response.statusCode).toBe(400);
    const { error, message } = ErrorEnvelopeSchema.parse(response.json());
    expect(error.issues).toEqual([
      { field: 'city_id', rule: 'reference_missing', params: { id: 5 } },
      { field: 'broker_id', rule: 'reference_missing', params: { id: 777 } },
    ]);
    expect(error.fieldErrors).toEqual({
      city_id: ['Comuna 5 does not exist'],
      broker_id: ['Broker 777 does not exist'],
    });
    expect(message).toBe(
      'The property was not added: city_id: Comuna 5 does not exist; broker_id: Broker 777 does not exist',
    );
  });

  it('items of a list: the path keeps the index, the values are the rule’s own', async () => {
    const photos = Array.from({ length: 2 }, (_, i) => `uploads/never-issued-${i}.jpg`);
    const response = await add(validProperty({ photos }));
    const { error } = ErrorEnvelopeSchema.parse(response.json());
    expect(error.issues).toEqual([
      { field: 'photos.0', rule: 'photo_not_owned', params: {} },
      { field: 'photos.1', rule: 'photo_not_owned', params: {} },
    ]);
    const upload = await t.inject('editor', {
      method: 'POST',
      url: '/api/photos/upload_url',
      payload: [{ name: 'plano.pdf', content_type: 'application/pdf', size: 10 }],
    });
    expect(ErrorEnvelopeSchema.parse(upload.json()).error).toMatchObject({
      issues: [{ field: '0', rule: 'file_type', params: { name: 'plano.pdf' } }],
      fieldErrors: {
        '0': ['plano.pdf: only JPEG, PNG, WebP, HEIC/HEIF and AVIF images can be uploaded'],
      },
    });
  });

  it('queries and paths: the field is the parameter; a whole body refused is the request', async () => {
    const query = await t.inject('viewer', { method: 'GET', url: '/api/properties?limit=101' });
    expect(ErrorEnvelopeSchema.parse(query.json()).error).toMatchObject({
      issues: [{ field: 'limit', rule: 'at_most', params: { max: 100 } }],
      fieldErrors: { limit: ['Limit must be at most 100'] },
    });
    const path = await t.inject('viewer', { method: 'GET', url: '/api/properties/01' });
    expect(ErrorEnvelopeSchema.parse(path.json()).error.fieldErrors).toEqual({
      id: ['Id must be a whole number in plain digits'],
    });
    const notAnObject = await t.inject('editor', {
      method: 'POST',
      url: '/api/properties/add',
      payload: '"a house"',
      headers: { 'content-type': 'application/json' },
    });
    expect(ErrorEnvelopeSchema.parse(notAnObject.json()).error).toMatchObject({
      issues: [{ field: 'body', rule: 'invalid', params: {} }],
      fieldErrors: { body: ['Request is not valid'] },
    });
  });

  it('errors that are no validation failure carry their code and no issues', async () => {
    const response = await t.inject('viewer', { method: 'GET', url: '/api/properties/999999' });
    expect(response.statusCode).toBe(404);
    const { error } = ErrorEnvelopeSchema.parse(response.json());
    expect(error).toEqual({ code: 'NOT_FOUND' });
  });
});

// ADR 059: a request whose problems are countless costs a small answer, and no one else's time.
describe('an error answer carries a bounded number of issues', () => {
  it('a saved search with 80,000 unknown filters: one issue naming the field, small and fast', async () => {
    const filters = Object.fromEntries(
      Array.from({ length: 80_000 }, (_, i) => [`f${i}`, 'x'] as const),
    );
    const payload = JSON.stringify({ name: 'Todo', scope: 'personal', filters });
    // Under the 1 MiB body limit, so it is the contract that refuses it, not the size.
    expect(payload.length).toBeGreaterThan(1_000_000);
    expect(payload.length).toBeLessThan(1024 * 1024);
    for (const [method, url] of [
      ['POST', '/api/saved-searches'],
      ['PATCH', '/api/saved-searches/1'],
    ] as const) {
      const started = performance.now();
      const response = await t.inject('viewer', {
        method,
        url,
        payload,
        headers: { 'content-type': 'application/json' },
      });
      const elapsed = performance.now() - started;
      expect(response.statusCode, response.body.slice(0, 300)).toBe(400);
      expect(response.body.length).toBeLessThan(1_000);
      // Words 80,000 issues took seconds; checking the key count first takes milliseconds.
      expect(elapsed).toBeLessThan(1_000);
      const { error } = ErrorEnvelopeSchema.parse(response.json());
      expect(error).toEqual({
        code: 'VALIDATION_FAILED',
        issues: [{ field: 'filters', rule: 'too_many_keys', params: { max: 19 } }],
        fieldErrors: { filters: ['At most 19 entries in filters'] },
      });
    }
  });

  it(`more than ${MAX_ERROR_ISSUES} problems: the first ${MAX_ERROR_ISSUES}, and how many more`, async () => {
    // Every field of the add form in the wrong shape: one problem each.
    const fields = [
      ...Object.keys(validProperty()),
      'price_unit',
      'bathrooms',
      'parking_spaces',
      'storage_units',
      'common_expenses',
      'floor',
      'orientation',
      'year_built',
      'stage',
      'discard_reason',
      'photos',
    ];
    const body = Object.fromEntries(fields.map((key) => [key, [[]]]));
    const response = await add(body);
    expect(response.statusCode).toBe(400);
    const { error, message } = ErrorEnvelopeSchema.parse(response.json());
    // As many as the contract finds (a field may break more than one rule).
    const found = CreatePropertyBodySchema.safeParse(body).error?.issues.length ?? 0;
    expect(found).toBeGreaterThan(MAX_ERROR_ISSUES);
    expect(error.issues).toHaveLength(MAX_ERROR_ISSUES);
    expect(error.issues_omitted).toBe(found - MAX_ERROR_ISSUES);
    // The English words the issues the answer carries, and says how many more there were.
    expect(Object.keys(error.fieldErrors ?? {}).sort()).toEqual(
      (error.issues ?? []).map((i) => i.field).sort(),
    );
    expect(message).toMatch(new RegExp(`; and ${found - MAX_ERROR_ISSUES} more problems$`));
    expect(message.split('; ')).toHaveLength(MAX_ERROR_ISSUES + 1);
  });

  it(`${MAX_ERROR_ISSUES} problems or fewer: all of them, and no count`, async () => {
    const response = await add(validProperty({ name: 'x'.repeat(201), price: -1 }));
    const { error } = ErrorEnvelopeSchema.parse(response.json());
    expect(error.issues).toHaveLength(2);
    expect(error).not.toHaveProperty('issues_omitted');
  });
});
