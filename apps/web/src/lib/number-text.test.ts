import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '@/i18n/i18n';
import { LOCALES } from '@/i18n/locale';
import { type NumberReading, numberText, readNumber } from '@/lib/number-text';

// Seeded, so a failure names a case that fails again the same way.
const RUNS = { seed: 30_006, numRuns: 500 };

const number = (value: number): NumberReading => ({ kind: 'number', value });
const AMBIGUOUS: NumberReading = { kind: 'ambiguous' };

/** An amount as stored: whole cents, up to a trillion (prices, areas, UF values). */
const amount = fc.integer({ min: 0, max: 100_000_000_000_000 }).map((cents) => cents / 100);
/** A coordinate as stored: up to 6 decimals, either sign. */
const coordinate = fc.integer({ min: -180_000_000, max: 180_000_000 }).map((n) => n / 1_000_000);

const digits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
const mark = fc.constantFrom('.', ',');

afterEach(() => activateLocale('en'));

describe('readNumber', () => {
  it('reads the examples of ADR 026 the same in every language', () => {
    expect(readNumber('85,5')).toEqual(number(85.5));
    expect(readNumber('85.5')).toEqual(number(85.5));
    expect(readNumber('1.234,5')).toEqual(number(1234.5));
    expect(readNumber('1,234.5')).toEqual(number(1234.5));
    // Chile's thousands point: three digits after it group, they are no decimals.
    expect(readNumber('5.450')).toEqual(number(5450));
    expect(readNumber('5,45')).toEqual(number(5.45));
    expect(readNumber('1.234.567,89')).toEqual(number(1_234_567.89));
    expect(readNumber('185,000,000')).toEqual(number(185_000_000));
    expect(readNumber('0.450')).toEqual(number(0.45));
    expect(readNumber(',5')).toEqual(number(0.5));
    expect(readNumber('-33.4489')).toEqual(number(-33.4489));
    expect(readNumber('−12,5')).toEqual(number(-12.5));
    expect(readNumber(' 2 500\u00a0')).toEqual(number(2500));
  });

  it('refuses what can be read more than one way', () => {
    for (const text of ['1,234.5,6', '1.2.3,4,5', '1.234.5', '12.34.567', '1,23,456', '1234.567']) {
      expect(readNumber(text), text).toEqual(AMBIGUOUS);
    }
  });

  it('says what is no number at all, and what is empty', () => {
    for (const text of ['abc', '1e5', '0x10', '85,', '.', '-', '12 m²', '--5']) {
      expect(readNumber(text), text).toEqual({ kind: 'not_a_number' });
    }
    expect(readNumber('')).toEqual({ kind: 'empty' });
    expect(readNumber('   ')).toEqual({ kind: 'empty' });
  });

  it('groups nothing for coordinates: the one mark, either, is the decimal one', () => {
    expect(readNumber('-33.448', { grouping: false })).toEqual(number(-33.448));
    expect(readNumber('-70,597', { grouping: false })).toEqual(number(-70.597));
    expect(readNumber('1.234,5', { grouping: false })).toEqual(AMBIGUOUS);
  });

  it.each(LOCALES)('reads back every amount as %s formats it, grouped or not', (locale) => {
    const formats = [true, false].map(
      (useGrouping) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping }),
    );
    fc.assert(
      fc.property(amount, (value) => {
        for (const format of formats)
          expect(readNumber(format.format(value))).toEqual(number(value));
      }),
      RUNS,
    );
  });

  it.each(LOCALES)('reads back every coordinate as %s writes it', (locale) => {
    const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 6, useGrouping: false });
    fc.assert(
      fc.property(coordinate, (value) => {
        expect(readNumber(format.format(value), { grouping: false })).toEqual(number(value));
        expect(readNumber(String(value), { grouping: false })).toEqual(number(value));
      }),
      RUNS,
    );
  });

  it('never reads one or two digits after a final mark as anything but decimals (85,5 is no 855)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(digits(1, 4), mark)),
        digits(1, 4),
        mark,
        digits(1, 2),
        (parts, last, final, decimals) => {
          const head = parts.map(([d, m]) => d + m).join('') + last;
          const reading = readNumber(`${head}${final}${decimals}`);
          const whole = head.replace(/[.,]/g, '');
          expect([AMBIGUOUS, number(Number(`${whole}.${decimals}`))]).toContainEqual(reading);
        },
      ),
      RUNS,
    );
  });

  it('refuses a second decimal part after any number with decimals ("1,234.5,6")', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        amount,
        mark,
        digits(1, 2),
        (locale, value, extra, tail) => {
          const written = new Intl.NumberFormat(locale, {
            minimumFractionDigits: 1,
            maximumFractionDigits: 2,
          }).format(value);
          expect(readNumber(`${written}${extra}${tail}`)).toEqual(AMBIGUOUS);
        },
      ),
      RUNS,
    );
  });

  it('refuses groups of the wrong size before a thousands mark ("12.34.567")', () => {
    fc.assert(
      fc.property(
        digits(1, 3).filter((d) => !d.startsWith('0')),
        fc.array(digits(1, 6), { minLength: 1, maxLength: 3 }),
        mark,
        digits(3, 3),
        (first, groups, m, last) => {
          fc.pre(groups.some((group) => group.length !== 3));
          expect(readNumber([first, ...groups, last].join(m))).toEqual(AMBIGUOUS);
        },
      ),
      RUNS,
    );
  });
});

describe('numberText', () => {
  it.each(LOCALES)('writes a stored number so readNumber gives it back (%s)', async (locale) => {
    await activateLocale(locale);
    fc.assert(
      fc.property(amount, (value) => {
        expect(readNumber(numberText(value))).toEqual(number(value));
      }),
      RUNS,
    );
    fc.assert(
      fc.property(coordinate, (value) => {
        expect(readNumber(numberText(value, { grouping: false }), { grouping: false })).toEqual(
          number(value),
        );
      }),
      RUNS,
    );
    expect(numberText(null)).toBe('');
  });

  it("writes in the language's marks", async () => {
    expect(numberText(1234.5)).toBe('1,234.5');
    await activateLocale('es-CL');
    expect(numberText(1234.5)).toBe('1.234,5');
    expect(numberText(145_000_000)).toBe('145.000.000');
  });
});
