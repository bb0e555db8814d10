import { ErrorEnvelopeSchema } from '@bec/contracts';
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
