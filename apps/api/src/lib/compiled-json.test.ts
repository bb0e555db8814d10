import { envelope } from '@bec/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledJson, serializationSchema } from './compiled-json.js';

const Card = z.object({
  id: z.number().int(),
  name: z.string(),
  photo_url: z.string().nullable(),
  price_per_sqm: z.number().int().nullable(),
  created_at: z.iso.datetime(),
});
const Page = envelope(z.object({ props: z.array(Card), next_cursor: z.string().nullable() }));

describe('compiledJson', () => {
  it('writes what JSON.stringify writes for a body that fits the contract', () => {
    const body = {
      status: 'success',
      message: 'Properties',
      data: {
        props: [
          {
            id: 7,
            name: 'Casa "La Ñipa" \\ 2° piso\n',
            photo_url: null,
            price_per_sqm: 1_250_000,
            created_at: '2026-11-21T18:34:31.420Z',
          },
          {
            id: 8,
            name: 'Depto 🏠',
            photo_url: '/photos/a/card?sig=x',
            price_per_sqm: null,
            created_at: '2026-01-02T03:04:05.000Z',
          },
        ],
        next_cursor: null,
      },
    };
    const serialize = compiledJson({ schema: Page, httpStatus: '200' });
    expect(serialize(body)).toBe(JSON.stringify(body));
    expect(JSON.parse(serialize(body))).toEqual(body);
  });

  it('leaves out keys the contract does not name', () => {
    const serialize = compiledJson({ schema: Page, httpStatus: '200' });
    const card = { id: 1, name: 'x', photo_url: null, price_per_sqm: null, created_at: 'now' };
    const out = JSON.parse(
      serialize({
        status: 'success',
        message: 'm',
        data: { props: [{ ...card, secret: 'hash' }], next_cursor: null, debug: true },
      }),
    );
    expect(out.data.props[0]).toEqual(card);
    expect(out.data).not.toHaveProperty('debug');
  });

  it('turns zod nullables into type lists, which it writes without validating', () => {
    const schema = serializationSchema(Card) as { properties: Record<string, unknown> };
    expect(schema.properties.photo_url).toEqual({ type: ['string', 'null'] });
    expect(schema.properties.price_per_sqm).toMatchObject({ type: ['integer', 'null'] });
    expect(JSON.stringify(schema)).not.toContain('anyOf');
  });

  it('writes error envelopes as plain JSON', () => {
    const serialize = compiledJson({ schema: Page, httpStatus: '404' });
    const error = {
      status: 'error',
      message: 'Not found',
      data: null,
      error: { code: 'NOT_FOUND' },
    };
    expect(serialize(error)).toBe(JSON.stringify(error));
  });
});
