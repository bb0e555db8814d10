import '@/features/users/messages';
import '@/features/waitlist/messages';
import { Button, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { RequireAdmin } from '@/app/require-auth';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/use-auth';
import { WaitlistTable } from '@/features/waitlist/components/waitlist-table';
import { usePageTitle } from '@/i18n/use-page-title';
import { useT } from '@/i18n/use-t';

/** /waitlist: admins only; everyone else goes to /home (docs/product.md, Screens and routes). */
export function Component() {
  usePageTitle('waitlist.title');
  return (
    <RequireAdmin>
      <WaitlistPage />
    </RequireAdmin>
  );
}

function WaitlistPage() {
  const { user } = useAuth();
  const t = useT();
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{t('waitlist.title')}</Title>
        <Button component={Link} to={paths.users.getHref()} variant="default">
          {t('users.title')}
        </Button>
      </Group>
      {/* Fetched only for admins (docs/product.md, Screens and routes), even if this page were ever shown to someone else. */}
      <WaitlistTable enabled={user?.role === 'admin'} />
    </Stack>
  );
}
