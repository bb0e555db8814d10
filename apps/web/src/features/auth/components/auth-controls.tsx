import { Button, Group, Loader, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { LanguageToggle } from '@/components/language-toggle';
import { identityProviderFailure } from '@/features/auth/auth-machine';
import { SignInButton } from '@/features/auth/components/sign-in-button';
import { useAuth } from '@/features/auth/use-auth';
import { useT } from '@/i18n/use-t';

// The menu (with Mantine's popover machinery) is for signed-in pages only: not in the first load.
const UserMenu = lazy(() =>
  import('@/features/auth/components/user-menu').then(({ UserMenu }) => ({ default: UserMenu })),
);

/**
 * The header's right side: a loader while the sign-in state is unknown or the sign-in service is
 * being retried, the user menu when signed in, else the sign-in button, or why signing in is
 * impossible when the sign-in service cannot be reached, with "Try again".
 */
export function AuthControls() {
  const { identityProvider, status, session, retry } = useAuth();
  const t = useT();
  if (identityProvider.status === 'error') {
    return (
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" c="red" role="alert">
          {identityProviderFailure(identityProvider.reason)}
        </Text>
        <Button size="xs" variant="light" color="red" onClick={retry}>
          {t('common.tryAgain')}
        </Button>
      </Group>
    );
  }
  const degraded = identityProvider.status === 'degraded';
  // Signed out, the button shows at once (disabled until the service is ready), unless the
  // service is being retried: then that is what the header says.
  if (status === 'loading' || (session === null && degraded)) {
    const label = degraded ? t('auth.reachingProvider') : t('status.busy');
    return <Loader size="sm" role="status" aria-label={label} />;
  }
  if (session === null) {
    return (
      <Group gap="xs" wrap="nowrap">
        <LanguageToggle />
        <SignInButton />
      </Group>
    );
  }
  return (
    <Suspense fallback={<Loader size="sm" role="status" aria-label={t('status.busy')} />}>
      <UserMenu />
    </Suspense>
  );
}
