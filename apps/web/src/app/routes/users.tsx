import '@/features/users/messages';
import '@/features/waitlist/messages';
import { Button, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { RequireAdmin } from '@/app/require-auth';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/use-auth';
import { UsersTable } from '@/features/users/components/users-table';
import { usePageTitle } from '@/i18n/use-page-title';
import { useT } from '@/i18n/use-t';

/** /users: admins only; everyone else goes to /home (docs/product.md, Screens and routes). */
export function Component() {
  usePageTitle('users.title');
  return (
    <RequireAdmin>
      <UsersPage />
    </RequireAdmin>
  );
}

function UsersPage() {
  const { user } = useAuth();
  const t = useT();
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{t('users.title')}</Title>
        <Button component={Link} to={paths.waitlist.getHref()} variant="light">
          {t('waitlist.title')}
        </Button>
      </Group>
      <UsersTable currentUserId={user?.id ?? null} enabled={user?.role === 'admin'} />
    </Stack>
  );
}
