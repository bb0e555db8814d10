import { currentLocale } from '@/i18n/i18n';
import type { Locale } from '@/i18n/locale';
import { formatUf } from '@/lib/format';

// Figures the Data section shows beyond lib/format.ts, in the active language's formats. Call
// them while rendering a component that follows the language (one that uses `useT`).

const cache = new Map<Locale, ReturnType<typeof formatsOf>>();

function formatsOf(locale: Locale) {
  return {
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
  };
}

function formats() {
  const locale = currentLocale();
  let found = cache.get(locale);
  if (!found) {
    found = formatsOf(locale);
    cache.set(locale, found);
  }
  return found;
}

/** UF per square metre, as the cards quote it: "UF 85,3/m²" / "UF 85.3/m²". */
export const formatUfPerArea = (value: number): string => `${formatUf(value)}/m²`;

/** A share out of 100, whole: "72 %" / "72%". */
export const formatPercent = (value: number): string => formats().percent.format(value / 100);

/** A distance: metres under a kilometre ("850 m"), else kilometres to one decimal ("12,4 km"). */
export function formatDistance(metres: number): string {
  const whole = Math.round(metres);
  return whole < 1000 ? formats().metres.format(whole) : formats().kilometres.format(whole / 1000);
}
