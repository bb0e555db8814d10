import { DEFAULT_LOCALE, LOCALES, type Locale, spokenLocale } from '@bec/contracts';
import { type I18n, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es-CL.json' with { type: 'json' };

/** A text of the development provider's pages: a key of its catalogues (`locales/*.json`). */
export type DevTextKey = keyof typeof en;

/** Both languages, ICU MessageFormat as the web app's; a key missing in one fails `tsc`. */
export const DEV_CATALOGUES: Record<Locale, Record<DevTextKey, string>> = { 'es-CL': es, en };

// Compiled once, at start: a malformed message stops the server there.
const compiled = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    setupI18n({
      locale,
      messages: {
        [locale]: Object.fromEntries(
          Object.entries(DEV_CATALOGUES[locale]).map(([key, text]) => [key, compileMessage(text)]),
        ),
      },
    }),
  ]),
) as Record<Locale, I18n>;

export type DevTexts = {
  locale: Locale;
  t: (key: DevTextKey, values?: Record<string, string | number>) => string;
};

/** The pages' texts in `locale`. */
export const devTexts = (locale: Locale): DevTexts => ({
  locale,
  t: (key, values) => compiled[locale]._(key, values),
});

/** An Accept-Language header's tags, most wanted first (by q, then order); q=0 means "not this". */
function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.split(';').map((piece) => piece.trim());
      const q = params.find((param) => param.startsWith('q='));
      return { tag, order, weight: q === undefined ? 1 : Number(q.slice(2)) };
    })
    .filter(({ tag, weight }) => tag !== '' && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order)
    .map(({ tag }) => tag);
}

/**
 * The language of a page, chosen as the web app chooses its own (ADR 015): the language picked
 * on the page itself (its `lang` link), else the one the app asked for in the authorization or
 * sign-out request (`ui_locales`: the app's language, whether chosen or the browser's), else the
 * browser's (Accept-Language), else Spanish.
 */
export function pageLocale(from: {
  lang?: Locale | undefined;
  uiLocales?: unknown;
  acceptLanguage?: string | undefined;
}): Locale {
  const asked = typeof from.uiLocales === 'string' ? from.uiLocales.split(' ') : [];
  return (
    from.lang ??
    spokenLocale(asked) ??
    spokenLocale(acceptedLanguages(from.acceptLanguage)) ??
    DEFAULT_LOCALE
  );
}
