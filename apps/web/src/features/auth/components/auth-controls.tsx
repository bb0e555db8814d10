import { Loader, Text } from '@mantine/core';
import { IDP_UNREACHABLE_MESSAGE } from '@/features/auth/auth-machine';
import { SignInButton } from '@/features/auth/components/sign-in-button';
import { UserMenu } from '@/features/auth/components/user-menu';
import { useAuth } from '@/features/auth/use-auth';

/**
 * The header's right side: a loader while the sign-in state is unknown (also while the sign-in
 * service is being retried), the user menu when signed in, else the sign-in button, or why
 * signing in is impossible when the sign-in service cannot be reached.
 */
export function AuthControls() {
  const { identityProvider, status, session } = useAuth();
  if (identityProvider.status === 'error') {
    return (
      <Text size="sm" c="red" role="alert">
        {IDP_UNREACHABLE_MESSAGE}
      </Text>
    );
  }
  if (status === 'loading') {
    const label =
      identityProvider.status === 'degraded' ? 'Reaching the sign-in service' : 'Loading';
    return <Loader size="sm" role="status" aria-label={label} />;
  }
  return session === null ? <SignInButton /> : <UserMenu />;
}
