import '@/features/properties/messages';
import type { Role } from '@bec/contracts';
import { Stack, Text, Title } from '@mantine/core';
import { RequireAuth } from '@/app/require-auth';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/use-auth';
import { QuickAddForm } from '@/features/properties/components/quick-add/quick-add-form';
import { usePageTitle } from '@/i18n/use-page-title';
import { useT } from '@/i18n/use-t';

const EDITORS: readonly Role[] = ['editor', 'admin'];

/**
 * /quickAdd: editors and admins note a property seen in the street, on the phone, with or
 * without a network (ADR 048). Anyone else is sent to /, as from /addProperty.
 */
export function Component() {
  const t = useT();
  const { user } = useAuth();
  usePageTitle('properties.quickAdd.title');
  return (
    <RequireAuth
      signedOutTo={paths.root.getHref()}
      roles={EDITORS}
      forbiddenTo={paths.root.getHref()}
    >
      <Stack gap="md" maw={520}>
        <Title order={2}>{t('properties.quickAdd.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('properties.quickAdd.intro')}
        </Text>
        {user ? (
          <QuickAddForm target={{ userId: user.id }} />
        ) : (
          <Text>{t('properties.quickAdd.signIn')}</Text>
        )}
      </Stack>
    </RequireAuth>
  );
}
