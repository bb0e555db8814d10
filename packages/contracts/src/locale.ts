/**
 * The languages BEC speaks, in the web app and on the development sign-in page; the first is the
 * default (the team is Chilean).
 */
export const LOCALES = ['es-CL', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'es-CL';

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/**
 * The first of `tags` (language tags, most wanted first: the browser's languages, an OpenID
 * request's `ui_locales`) that BEC speaks: any Spanish is es-CL, any English en.
 */
export function spokenLocale(tags: readonly string[]): Locale | null {
  for (const tag of tags) {
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (primary === 'es') return 'es-CL';
    if (primary === 'en') return 'en';
  }
  return null;
}
