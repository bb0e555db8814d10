import { Title } from '@mantine/core';
import { RequireAuth } from '@/app/require-auth';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/i18n/use-page-title';
import { useT } from '@/i18n/use-t';

// Placeholder while the team-workflow issue builds this screen (replaced in the same issue).
export function Component() {
  usePageTitle('nav.audit');
  const t = useT();
  return (
    <RequireAuth signedOutTo={paths.home.getHref()}>
      <Title order={2}>{t('nav.audit')}</Title>
    </RequireAuth>
  );
}
