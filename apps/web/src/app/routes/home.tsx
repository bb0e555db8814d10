import { Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { LoadingText } from '@/components/loading-text';
import { AccessDeniedCard } from '@/features/auth/components/access-denied-card';
import { useAuth } from '@/features/auth/use-auth';
import { usePageTitle } from '@/i18n/use-page-title';
import { useT } from '@/i18n/use-t';

// The member's upcoming visits, code and texts in a chunk of their own: Home is on the first
// screen, whose budget has no room for them (ADR 013).
const UpcomingVisits = lazy(() => import('@/features/visits/components/upcoming-visits'));

/** /home: the landing screen, by sign-in status (docs/product.md, Screens and routes). */
export function Component() {
  const { status, waitlisted, error } = useAuth();
  const t = useT();
  usePageTitle('nav.home');
  switch (status) {
    case 'loading':
      return <LoadingText />;
    case 'unauthenticated': {
      // Waitlisted and a refused token already say what happened; any other failure is shown.
      const shown = error && error.code !== 'WAITLISTED' && error.code !== 'UNAUTHENTICATED';
      return <AccessDeniedCard waitlisted={waitlisted} error={shown ? error.message : null} />;
    }
    case 'authenticated':
      return (
        <Stack gap="xs">
          <Title order={2}>{t('home.welcome')}</Title>
          <Text>{t('home.navigate')}</Text>
          <Suspense fallback={null}>
            <UpcomingVisits />
          </Suspense>
        </Stack>
      );
    default:
      return <Text>{t('status.unknown')}</Text>;
  }
}
