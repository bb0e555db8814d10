// The languages, and how a list of language tags picks one, are shared with the API's development
// sign-in page. From the contracts' own entry: their index would bring zod into the first load.
import { DEFAULT_LOCALE, isLocale, type Locale, spokenLocale } from '@bec/contracts/locale';

export { LOCALES, type Locale } from '@bec/contracts/locale';

/** Where the choice made in the user menu is remembered, per browser. */
const LOCALE_STORAGE_KEY = 'bec.locale';

function rememberedLocale(): Locale | null {
  try {
    const value = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null; // Storage refused (privacy settings): fall back to the browser's language.
  }
}

/** The user's choice, else the browser's language, else Spanish. */
export function initialLocale(): Locale {
  return rememberedLocale() ?? spokenLocale(navigator.languages ?? []) ?? DEFAULT_LOCALE;
}

export function rememberLocale(locale: Locale): void {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Not remembered; the choice still holds until the page is reloaded.
  }
}
