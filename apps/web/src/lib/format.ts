import type { AreaBasis } from '@bec/contracts';

/**
 * Chilean (es-CL) formats for what the screens show: prices in pesos, areas in m², dates.
 * Dates are shown in Chile's time zone, wherever the browser is.
 */
const LOCALE = 'es-CL';
const TIME_ZONE = 'America/Santiago';

const wholeNumber = new Intl.NumberFormat(LOCALE, {
  maximumFractionDigits: 0,
  useGrouping: 'always',
});
const decimalNumber = new Intl.NumberFormat(LOCALE, {
  maximumFractionDigits: 2,
  useGrouping: 'always',
});
const coordinate = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 6 });
const dateFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeZone: TIME_ZONE });
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: TIME_ZONE,
});

/** A whole number with Chilean thousands separators: 1234567 → "1.234.567". */
export function formatInteger(value: number): string {
  return wholeNumber.format(value);
}

/** A price in Chilean pesos: 185000000 → "CLP$ 185.000.000" (pesos have no decimals). */
export function formatPrice(value: number): string {
  return `CLP$ ${wholeNumber.format(value)}`;
}

/** A price per square metre: 2500000 → "CLP$ 2.500.000/m²". */
export function formatPricePerArea(value: number): string {
  return `${formatPrice(value)}/m²`;
}

/** What a price per m² divides by, in words: "built" or "land". */
export const areaBasisLabel = (basis: AreaBasis) => (basis === 'land' ? 'land' : 'built');

/** An area: 12.5 → "12,5 m²", 1200 → "1.200 m²". */
export function formatArea(value: number): string {
  return `${decimalNumber.format(value)} m²`;
}

/** A latitude or longitude with its decimal comma: -33.4335 → "-33,4335". */
export function formatCoordinate(value: number): string {
  return coordinate.format(value);
}

/** The day of an ISO timestamp, in Chile: "2025-03-05T12:00:00Z" → "05-03-2025". */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** The day and time of an ISO timestamp, in Chile: "05-03-2025, 9:00 a. m.". */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}
