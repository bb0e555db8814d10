import { Button } from '@mantine/core';
import { LOCALES } from '@/i18n/locale';
import { useLocale, useT } from '@/i18n/use-t';

/**
 * For visitors who are not signed in (members choose in the user menu): one button that offers the
 * other language, named in that language so a reader of either finds it.
 */
export function LanguageToggle() {
  const t = useT();
  const { locale, setLocale } = useLocale();
  const other = LOCALES.find((candidate) => candidate !== locale) ?? locale;
  const otherName = other === 'en' ? t('language.en') : t('language.es-CL');
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      lang={other}
      aria-label={t('language.switchTo', { language: otherName })}
      onClick={() => setLocale(other)}
    >
      {otherName}
    </Button>
  );
}
