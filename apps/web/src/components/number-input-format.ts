import type { NumberInputProps } from '@mantine/core';
import { currentLocale } from '@/i18n/i18n';

/**
 * How number inputs read and show numbers in the active language: Spanish groups thousands with
 * '.' and marks decimals with ',' (typing '.' adds no decimals); English the other way round.
 */
export function numberInputFormat(): Partial<NumberInputProps> {
  const spanish = currentLocale() === 'es-CL';
  return {
    thousandSeparator: spanish ? '.' : ',',
    decimalSeparator: spanish ? ',' : '.',
    allowedDecimalSeparators: [spanish ? ',' : '.'],
    allowNegative: false,
    hideControls: true,
  };
}

/** An amount of pesos: whole, shown as "CLP$ 185.000.000". */
export function clpAmountFormat(): Partial<NumberInputProps> {
  return { ...numberInputFormat(), prefix: 'CLP$ ', allowDecimal: false };
}
