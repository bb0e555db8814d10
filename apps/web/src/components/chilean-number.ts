import type { NumberInputProps } from '@mantine/core';

/** Chilean numbers: '.' groups thousands, ',' marks the decimals (typing '.' adds no decimals). */
export const chileanNumber = {
  thousandSeparator: '.',
  decimalSeparator: ',',
  allowedDecimalSeparators: [','],
  allowNegative: false,
  hideControls: true,
} satisfies Partial<NumberInputProps>;

/** An amount of pesos: whole, shown as "CLP$ 185.000.000". */
export const clpAmount = {
  ...chileanNumber,
  prefix: 'CLP$ ',
  allowDecimal: false,
} satisfies Partial<NumberInputProps>;
