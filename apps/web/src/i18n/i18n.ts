import { i18n, type Messages } from '@lingui/core';
import { initialLocale, LOCALES, type Locale, rememberLocale } from './locale';
import type { MessageId } from './message-id';

export { i18n };

/** Values for a message's placeholders: `{count}`, `{name}`. */
export type MessageValues = Record<string, string | number | Date | null | undefined>;

type CompiledCatalogue = Record<string, unknown>;
/** A language's part of a catalogue: its messages, or a loader for those not needed up front. */
export type CatalogueSource = CompiledCatalogue | (() => Promise<{ default: CompiledCatalogue }>);

const loaders = new Map<Locale, Array<() => Promise<{ default: CompiledCatalogue }>>>();

/**
 * A part of the app's texts in every language, from its `locales/*.json`. Each part is loaded with
 * the code that shows it (the shell's with the first screen, a page's with its chunk), so the first
 * screen carries only the texts it shows; a language given as a loader is fetched when chosen.
 */
export function registerCatalogue(catalogue: Record<Locale, CatalogueSource>): void {
  for (const locale of LOCALES) {
    const source = catalogue[locale];
    if (typeof source === 'function') loaders.set(locale, [...(loaders.get(locale) ?? []), source]);
    else i18n.load(locale, source as Messages);
  }
}

/** Shows the app in `locale` (its texts, formats and `<html lang>`), once its texts are here. */
export async function activateLocale(locale: Locale, { remember = false } = {}): Promise<void> {
  if (remember) rememberLocale(locale);
  const pending = loaders.get(locale) ?? [];
  loaders.delete(locale);
  for (const { default: messages } of await Promise.all(pending.map((load) => load()))) {
    i18n.load(locale, messages as Messages);
  }
  document.documentElement.lang = locale;
  i18n.activate(locale);
}

/** Before the first render: the remembered choice, else the browser's language, else Spanish. */
export const activateInitialLocale = (): Promise<void> => activateLocale(initialLocale());

export const currentLocale = (): Locale => i18n.locale as Locale;

/**
 * A text in the current language, outside React (a toast raised by a mutation, a confirm
 * dialog's labels). Components use `useT()`, which re-renders them when the language changes.
 */
export const t = (id: MessageId, values?: MessageValues): string => i18n._(id, values);
