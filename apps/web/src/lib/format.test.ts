import { beforeEach, describe, expect, it } from 'vitest';
import { activateLocale } from '@/i18n/i18n';
import {
  formatApproximate,
  formatArea,
  formatCoordinate,
  formatDate,
  formatDateTime,
  formatInteger,
  formatPrice,
  formatUf,
} from '@/lib/format';

// Spanish (Chile), the default; English is checked at the end.
beforeEach(() => activateLocale('es-CL'));

describe('formatPrice', () => {
  it('writes pesos with CLP$ and Chilean thousands separators', () => {
    expect(formatPrice(185_000_000)).toBe('CLP$ 185.000.000');
  });

  it('writes zero and small prices without separators', () => {
    expect(formatPrice(0)).toBe('CLP$ 0');
    expect(formatPrice(999)).toBe('CLP$ 999');
  });

  it('groups four-digit prices too', () => {
    expect(formatPrice(1_234)).toBe('CLP$ 1.234');
  });

  it('writes large values exactly, up to the largest price the contract accepts', () => {
    expect(formatPrice(1_250_000_000)).toBe('CLP$ 1.250.000.000');
    expect(formatPrice(Number.MAX_SAFE_INTEGER)).toBe('CLP$ 9.007.199.254.740.991');
  });

  it('shows no decimals (pesos have none)', () => {
    expect(formatPrice(1_000.4)).toBe('CLP$ 1.000');
  });
});

describe('formatInteger', () => {
  it('uses the dot as thousands separator', () => {
    expect(formatInteger(32)).toBe('32');
    expect(formatInteger(12_345)).toBe('12.345');
  });
});

describe('formatApproximate', () => {
  it('rounds an estimate to two significant digits, with thousands dots', () => {
    expect(formatApproximate(24_321)).toBe('24.000');
    expect(formatApproximate(1_049)).toBe('1.000');
    expect(formatApproximate(987_654)).toBe('990.000');
    expect(formatApproximate(1_234_567)).toBe('1.200.000');
  });
});

describe('formatArea', () => {
  it('writes m² with a decimal comma and thousands dots', () => {
    expect(formatArea(78)).toBe('78 m²');
    expect(formatArea(12.5)).toBe('12,5 m²');
    expect(formatArea(5_000)).toBe('5.000 m²');
    expect(formatArea(1_234.567)).toBe('1.234,57 m²');
    expect(formatArea(0)).toBe('0 m²');
  });
});

describe('formatCoordinate', () => {
  it('writes a decimal comma', () => {
    expect(formatCoordinate(-33.4335)).toBe('-33,4335');
  });
});

describe('dates', () => {
  it('writes the day in Chile as dd-mm-yyyy', () => {
    expect(formatDate('2025-03-05T12:00:00.000Z')).toBe('05-03-2025');
    // 02:00 UTC is still the previous evening in Santiago.
    expect(formatDate('2025-03-06T02:00:00.000Z')).toBe('05-03-2025');
  });

  it('adds the time in Chile', () => {
    expect(formatDateTime('2025-03-05T12:00:00.000Z')).toMatch(/^05-03-2025,\s9:00\sa\.\sm\.$/);
  });
});

describe('in English', () => {
  beforeEach(() => activateLocale('en'));

  it('groups with commas and marks decimals with a point', () => {
    expect(formatPrice(185_000_000)).toBe('CLP$ 185,000,000');
    expect(formatArea(1234.75)).toBe('1,234.75 m²');
    expect(formatUf(4500.5)).toBe('UF 4,500.5');
    expect(formatApproximate(24_321)).toBe('24,000');
  });

  it('writes dates the English way, still in Chile', () => {
    expect(formatDate('2025-03-05T02:00:00Z')).toBe('Mar 4, 2025');
  });
});

describe('formatUf', () => {
  it('writes UF with up to two decimals, the Chilean way', () => {
    expect(formatUf(4500.5)).toBe('UF 4.500,5');
    expect(formatUf(3590.25)).toBe('UF 3.590,25');
    expect(formatUf(17_400)).toBe('UF 17.400');
  });
});
