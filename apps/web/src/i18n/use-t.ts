import { useCallback, useSyncExternalStore } from 'react';
import { activateLocale, i18n, type MessageValues } from './i18n';
import type { Locale } from './locale';
import type { MessageId } from './message-id';

// Lingui's `change` event fires when a language is activated (or texts are loaded); components
// follow the active locale through React's external-store hook, with no provider to wrap them in.
const subscribe = (onChange: () => void) => i18n.on('change', onChange);
const activeLocale = () => i18n.locale as Locale;

/** The current language and a way to choose another (remembered in this browser). */
export function useLocale(): { locale: Locale; setLocale: (locale: Locale) => void } {
  const locale = useSyncExternalStore(subscribe, activeLocale);
  return { locale, setLocale: (next) => void activateLocale(next, { remember: true }) };
}

/** The current language's texts; the component re-renders when the language changes. */
export function useT(): (id: MessageId, values?: MessageValues) => string {
  const { locale } = useLocale();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new function per language, so memoised children re-render.
  return useCallback((id, values) => i18n._(id, values), [locale]);
}
