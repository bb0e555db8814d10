import { describe, expect, it } from 'vitest';
import { readChileanNumber } from './chilean-number.js';

describe('readChileanNumber', () => {
  it.each([
    ['5450', 5450],
    ['5.450', 5450],
    ['189.000.000', 189_000_000],
    ['85,5', 85.5],
    ['85,50', 85.5],
    ['1.250,5', 1250.5],
    ['14.900', 14_900],
    ['2.5', 2.5],
    ['7', 7],
  ])('reads %s as %d', (text, value) => {
    expect(readChileanNumber(text)).toBe(value);
  });

  it.each(['1.23.4', '12.34.567', '1.234.5', '85,', 'abc', '', '1,234.5,6', '5.450,123'])(
    'leaves %j out: it cannot be read one way only',
    (text) => {
      expect(readChileanNumber(text)).toBeNull();
    },
  );
});
