/** The languages BEC speaks; the first is the default (the team is Chilean). */
export const LOCALES = ['es-CL', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'es-CL';

/** Where the choice made in the user menu is remembered, per browser. */
export const LOCALE_STORAGE_KEY = 'bec.locale';

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** The first of the browser's languages that BEC speaks: any Spanish is es-CL, any English en. */
export function browserLocale(languages: readonly string[]): Locale | null {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (primary === 'es') return 'es-CL';
    if (primary === 'en') return 'en';
  }
  return null;
}

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
  return rememberedLocale() ?? browserLocale(navigator.languages ?? []) ?? DEFAULT_LOCALE;
}

export function rememberLocale(locale: Locale): void {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Not remembered; the choice still holds until the page is reloaded.
  }
}
