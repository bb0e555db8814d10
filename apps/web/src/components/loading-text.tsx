import { Text } from '@mantine/core';
import { useT } from '@/i18n/use-t';

/** What a screen shows while the session status is still loading ("Loading...": docs/product.md, Screens and routes). */
export function LoadingText() {
  const t = useT();
  return <Text role="status">{t('status.loading')}</Text>;
}
