import { describe, expect, it } from 'vitest';
import {
  BrokerFieldsSchema,
  formatChileanPhone,
  ListBrokersQuerySchema,
  normalizeChileanPhone,
  UpdateBrokerBodySchema,
} from './broker.js';
import { rule } from './issues.js';

describe('normalizeChileanPhone', () => {
  it.each([
    ['9 1234 5678', '+56912345678'],
    ['912345678', '+56912345678'],
    ['+56 9 1234 5678', '+56912345678'],
    ['+56912345678', '+56912345678'],
    ['56 9 1234 5678', '+56912345678'],
    ['+56 (9) 1234-5678', '+56912345678'],
    ['9.1234.5678', '+56912345678'],
    ['2 2123 4567', '+56221234567'],
    ['(2) 2123-4567', '+56221234567'],
    ['+56 65 223 9910', '+56652239910'],
    ['652239910', '+56652239910'],
    // A national number may itself start with 56 (nine digits, area code 56 aside).
    ['561234567', '+56561234567'],
  ])('reads %s as %s', (text, e164) => {
    expect(normalizeChileanPhone(text)).toBe(e164);
  });

  it.each([
    '',
    '12345678', // eight digits
    '1 2345 6789', // national numbers start 2–9
    '0 2123 4567',
    '9 1234 56789', // ten digits
    '+54 9 1234 5678', // Argentina
    '56 1 2345 6789',
    '9 1234 5678 ext 3',
    '９１２３４５６７８', // full-width digits
    '+56+912345678',
  ])('refuses %s', (text) => {
    expect(normalizeChileanPhone(text)).toBeNull();
  });
});

describe('formatChileanPhone', () => {
  it('groups mobiles as +56 9 1234 5678', () => {
    expect(formatChileanPhone('+56912345678')).toBe('+56 9 1234 5678');
  });
  it('groups Santiago landlines as +56 2 2123 4567', () => {
    expect(formatChileanPhone('+56221234567')).toBe('+56 2 2123 4567');
  });
  it('groups other area codes as +56 XX XXX XXXX', () => {
    expect(formatChileanPhone('+56652239910')).toBe('+56 65 223 9910');
    expect(formatChileanPhone('+56322123456')).toBe('+56 32 212 3456');
  });
  it('shows anything else as it is', () => {
    expect(formatChileanPhone('12345')).toBe('12345');
    expect(formatChileanPhone('+5491123456789')).toBe('+5491123456789');
  });
  it('formats what normalizeChileanPhone stores, and reads back what it formats', () => {
    for (const text of ['9 8765 4321', '22 123 4567', '(45) 221-0000']) {
      const e164 = normalizeChileanPhone(text) as string;
      expect(normalizeChileanPhone(formatChileanPhone(e164))).toBe(e164);
    }
  });
});

describe('BrokerFieldsSchema', () => {
  it('trims, stores the phone as E.164 and empty optionals as null', () => {
    expect(
      BrokerFieldsSchema.parse({
        name: '  Rocío Díaz ',
        company: ' ',
        phone: '9 8765 4321',
        email: ' rocio@corredora.cl ',
      }),
    ).toEqual({
      name: 'Rocío Díaz',
      company: null,
      phone: '+56987654321',
      email: 'rocio@corredora.cl',
      notes: null,
    });
    expect(BrokerFieldsSchema.parse({ name: 'X', phone: '', email: '', notes: null })).toEqual({
      name: 'X',
      company: null,
      phone: null,
      email: null,
      notes: null,
    });
  });

  it('names each bad field with its rule', () => {
    const result = BrokerFieldsSchema.safeParse({
      name: ' ',
      company: 'c'.repeat(201),
      phone: '123',
      email: 'rocio@',
      notes: 'n'.repeat(2001),
    });
    expect(result.success).toBe(false);
    const problems = Object.fromEntries(
      (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]),
    );
    expect(problems).toEqual({
      name: rule('required'),
      company: rule('too_long', { max: 200 }),
      phone: rule('chilean_phone'),
      email: rule('invalid_email'),
      notes: rule('too_long', { max: 2000 }),
    });
  });

  it('refuses a phone too long to be one, and text a column cannot store', () => {
    const long = BrokerFieldsSchema.safeParse({ name: 'X', phone: '9'.repeat(41) });
    expect(long.error?.issues.map((i) => i.message)).toEqual([rule('chilean_phone')]);
    const nul = BrokerFieldsSchema.safeParse({ name: 'X\u0000' });
    expect(nul.error?.issues.map((i) => i.message)).toEqual([rule('not_storable')]);
  });

  it('asks an edit for the version it loaded', () => {
    const result = UpdateBrokerBodySchema.safeParse({ name: 'X' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['updated_at', rule('version_missing')],
    ]);
  });
});

describe('ListBrokersQuerySchema', () => {
  it('lists active brokers by default, archived ones when asked', () => {
    expect(ListBrokersQuerySchema.parse({})).toEqual({ archived: false, limit: 50 });
    expect(ListBrokersQuerySchema.parse({ archived: 'true', q: ' soto ' })).toEqual({
      archived: true,
      q: 'soto',
      limit: 50,
    });
  });
});
