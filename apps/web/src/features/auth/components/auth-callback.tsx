import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { identityProviderFailure } from '@/features/auth/auth-machine';
import { signinCallbackQueryOptions } from '@/features/auth/session-queries';
import { useAuth } from '@/features/auth/use-auth';
import { useT } from '@/i18n/use-t';

function SignInFailed({ message }: { message: string }) {
  const t = useT();
  return (
    <Stack gap="sm">
      <Title order={2}>{t('auth.signInFailed')}</Title>
      <Text role="alert">{t('common.error', { message })}</Text>
      <Anchor component={Link} to={paths.home.getHref()}>
        {t('common.goHome')}
      </Anchor>
    </Stack>
  );
}

/**
 * The provider sends the browser back here with an authorization code: redeem it (once, even
 * under StrictMode: see `signinCallbackQueryOptions`), then go to the page the sign-in started
 * from.
 */
export function AuthCallback() {
  const { userManager, identityProvider } = useAuth();
  const t = useT();
  // The URL as the provider sent it, before anything navigates away.
  const [callbackUrl] = useState(() => window.location.href);
  const callback = useQuery(signinCallbackQueryOptions(userManager, callbackUrl));

  if (identityProvider.status === 'error')
    return <SignInFailed message={identityProviderFailure(identityProvider.reason)} />;
  if (callback.isError) return <SignInFailed message={callback.error.message} />;
  if (callback.isSuccess) return <Navigate to={callback.data.returnTo} replace />;
  return <Text role="status">{t('auth.signingIn')}</Text>;
}
