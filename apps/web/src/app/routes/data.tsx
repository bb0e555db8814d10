import { Text } from '@mantine/core';
import { RequireAuth } from '@/app/require-auth';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/i18n/use-page-title';
import { useT } from '@/i18n/use-t';

/** /data: a placeholder in the original too; members only (signed out: Home only, spec §6). */
export function Component() {
  const t = useT();
  usePageTitle('nav.data');
  return (
    <RequireAuth signedOutTo={paths.home.getHref()}>
      <Text>{t('data.welcome')}</Text>
    </RequireAuth>
  );
}
