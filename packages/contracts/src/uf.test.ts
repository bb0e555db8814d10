import { describe, expect, it } from 'vitest';
import { rule } from './issues.js';
import { PutUfValueBodySchema, UfDateParamsSchema, UfValuesQuerySchema } from './uf.js';

const problems = (schema: { safeParse: (v: unknown) => unknown }, input: unknown) => {
  const result = schema.safeParse(input) as {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
  return result.success
    ? {}
    : Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
};

describe('UF contracts', () => {
  it('takes a hand-entered UF value in pesos, within bounds, with up to 2 decimals', () => {
    expect(PutUfValueBodySchema.parse({ value: 39_643.59 })).toEqual({ value: 39_643.59 });
    expect(problems(PutUfValueBodySchema, { value: 39_643.591 })).toEqual({
      value: rule('two_decimals'),
    });
    for (const value of [999.99, 100_000.01, 0, -39_000, 39.64359]) {
      expect(problems(PutUfValueBodySchema, { value }), String(value)).toEqual({
        value: rule('between_pesos', { min: 1000, max: 100_000 }),
      });
    }
    expect(problems(PutUfValueBodySchema, {})).toEqual({ value: rule('required') });
    expect(problems(PutUfValueBodySchema, { value: '39643,59' })).toEqual({
      value: rule('not_a_number'),
    });
  });

  it('takes real calendar dates only, written YYYY-MM-DD', () => {
    expect(UfDateParamsSchema.parse({ date: '2024-02-29' })).toEqual({ date: '2024-02-29' });
    for (const date of [
      '2025-02-29',
      '2025-13-01',
      '2025-1-1',
      '20250101',
      '2025-01-01T00:00',
      ' ',
    ]) {
      expect(Object.keys(problems(UfDateParamsSchema, { date })), date).toEqual(['date']);
    }
    expect(problems(UfDateParamsSchema, { date: '1999-12-31' })).toEqual({
      date: rule('between', { min: '2000-01-01', max: '2099-12-31' }),
    });
  });

  it('pages the stored values at most 400 at a time', () => {
    expect(UfValuesQuerySchema.parse({})).toEqual({ limit: 31 });
    expect(UfValuesQuerySchema.safeParse({ limit: '401' }).success).toBe(false);
  });
});
