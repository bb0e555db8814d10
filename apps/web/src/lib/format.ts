import { currentLocale } from '@/i18n/i18n';
import type { Locale } from '@/i18n/locale';

/**
 * What the screens show — prices, areas, dates — in the active language's formats ("1.234,5" in
 * Spanish, "1,234.5" in English). Dates are in Chile's time zone, wherever the browser is. Call
 * these while rendering a component that follows the language (one that uses `useT`), so a change
 * of language re-formats them.
 */
const TIME_ZONE = 'America/Santiago';

function formatsOf(locale: Locale) {
  return {
    whole: new Intl.NumberFormat(locale, { maximumFractionDigits: 0, useGrouping: 'always' }),
    decimal: new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: 'always' }),
    cents: new Intl.NumberFormat(locale, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      useGrouping: 'always',
    }),
    approximate: new Intl.NumberFormat(locale, {
      maximumSignificantDigits: 2,
      useGrouping: 'always',
    }),
    coordinate: new Intl.NumberFormat(locale, { maximumFractionDigits: 6 }),
    percent: new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }),
    metres: new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: 'meter',
      maximumFractionDigits: 0,
      useGrouping: 'always',
    }),
    kilometres: new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: 'kilometer',
      maximumFractionDigits: 1,
      useGrouping: 'always',
    }),
    // A calendar day (`YYYY-MM-DD`) is no instant: read and shown in UTC, it stays that day.
    day: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }),
    date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: TIME_ZONE }),
    dateTime: new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: TIME_ZONE,
    }),
    // Chile reads the clock on 24 hours ("14:32"), which ICU's es-CL does not default to.
    time: new Intl.DateTimeFormat(
      locale,
      locale === 'es-CL'
        ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: TIME_ZONE }
        : { hour: 'numeric', minute: '2-digit', timeZone: TIME_ZONE },
    ),
  };
}

const cache = new Map<Locale, ReturnType<typeof formatsOf>>();
function formats() {
  const locale = currentLocale();
  let found = cache.get(locale);
  if (!found) {
    found = formatsOf(locale);
    cache.set(locale, found);
  }
  return found;
}

/** A whole number with the language's thousands separators: "1.234.567" / "1,234,567". */
export function formatInteger(value: number): string {
  return formats().whole.format(value);
}

/** An estimate, rounded to two significant digits: 24.321 → "24.000" / "24,000". */
export function formatApproximate(value: number): string {
  return formats().approximate.format(value);
}

/** A number with up to two decimals: "4.500,5" / "4,500.5". */
export function formatDecimal(value: number): string {
  return formats().decimal.format(value);
}

/** A price in Chilean pesos: "CLP$ 185.000.000" (pesos have no decimals). */
export function formatPrice(value: number): string {
  return `CLP$ ${formatInteger(value)}`;
}

/** An amount of UF, with up to two decimals: "UF 4.500,5" / "UF 4,500.5". */
export function formatUf(value: number): string {
  return `UF ${formatDecimal(value)}`;
}

/** What one UF is worth, to the centavo: "CLP$ 39.643,59". */
export function formatUfValue(value: number): string {
  return `CLP$ ${formats().cents.format(value)}`;
}

/** UF per square metre, as Chileans quote it: "UF 85,3/m²" / "UF 85.3/m²". */
export const formatUfPerArea = (value: number): string => `${formatUf(value)}/m²`;

/** A share out of 100, whole: "72 %" / "72%". */
export const formatPercent = (value: number): string => formats().percent.format(value / 100);

/** A distance: metres under a kilometre ("850 m"), else kilometres to one decimal ("12,4 km"). */
export function formatDistance(metres: number): string {
  const whole = Math.round(metres);
  return whole < 1000 ? formats().metres.format(whole) : formats().kilometres.format(whole / 1000);
}

/** A price per square metre: "CLP$ 2.500.000/m²". */
export function formatPricePerArea(value: number): string {
  return `${formatPrice(value)}/m²`;
}

/** An area: "12,5 m²", "1.200 m²". */
export function formatArea(value: number): string {
  return `${formatDecimal(value)} m²`;
}

/** A latitude or longitude: "-33,4335" / "-33.4335". */
export function formatCoordinate(value: number): string {
  return formats().coordinate.format(value);
}

/** The day of an ISO timestamp, in Chile: "5 mar 2025" / "Mar 5, 2025". */
export function formatDate(iso: string): string {
  return formats().date.format(new Date(iso));
}

/** A calendar day, `YYYY-MM-DD`: "24 nov 2026" / "Nov 24, 2026". */
export function formatDay(date: string): string {
  return formats().day.format(new Date(`${date}T00:00:00Z`));
}

/** The day and time of an ISO timestamp, in Chile: "5 mar 2025, 9:00 a. m.". */
export function formatDateTime(iso: string): string {
  return formats().dateTime.format(new Date(iso));
}

/** The time of day of an instant, in Chile: "14:32" in Spanish, "2:32 PM" in English. */
export function formatTime(instant: number): string {
  return formats().time.format(new Date(instant));
}

/** Whether two instants fall on the same day in Chile. */
export function sameDay(a: number, b: number): boolean {
  return formats().date.format(new Date(a)) === formats().date.format(new Date(b));
}
