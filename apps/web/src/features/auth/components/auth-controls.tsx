import { Button, Group, Loader, Text } from '@mantine/core';
import { identityProviderFailure } from '@/features/auth/auth-machine';
import { SignInButton } from '@/features/auth/components/sign-in-button';
import { UserMenu } from '@/features/auth/components/user-menu';
import { useAuth } from '@/features/auth/use-auth';

/**
 * The header's right side: a loader while the sign-in state is unknown (also while the sign-in
 * service is being retried), the user menu when signed in, else the sign-in button, or why
 * signing in is impossible when the sign-in service cannot be reached, with "Try again".
 */
export function AuthControls() {
  const { identityProvider, status, session, retry } = useAuth();
  if (identityProvider.status === 'error') {
    return (
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" c="red" role="alert">
          {identityProviderFailure(identityProvider.reason)}
        </Text>
        <Button size="xs" variant="light" color="red" onClick={retry}>
          Try again
        </Button>
      </Group>
    );
  }
  if (status === 'loading') {
    const label =
      identityProvider.status === 'degraded' ? 'Reaching the sign-in service' : 'Loading';
    return <Loader size="sm" role="status" aria-label={label} />;
  }
  return session === null ? <SignInButton /> : <UserMenu />;
}
