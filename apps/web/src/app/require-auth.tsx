import type { Role } from '@bec/contracts';
import { Text } from '@mantine/core';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { Navigate } from 'react-router';
import { LoadingText } from '@/components/loading-text';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/use-auth';
import { useT } from '@/i18n/use-t';

export type RequireAuthProps = {
  children: ReactNode;
  /** Where a visitor who is not signed in goes (it differs per route: docs/product.md, Screens and routes). */
  signedOutTo: string;
  /** Roles allowed in; any member when left out. */
  roles?: readonly Role[];
  /** Where a member without one of `roles` goes. */
  forbiddenTo?: string;
  /**
   * Starts the page's main data as soon as a session exists, beside the profile call rather than
   * after it (the server checks membership on every call; the page still shows only to members).
   */
  prefetch?: (queryClient: QueryClient) => unknown;
};

/**
 * Shows its page only to the members it admits: "Loading..." while the sign-in state is unknown,
 * a redirect otherwise. While the sign-in service cannot be reached it stays on the page and says
 * so (the header offers "Try again"), so the page shows once the service is back. It mirrors the
 * server's rules; the server is the guard.
 */
export function RequireAuth({
  children,
  signedOutTo,
  roles,
  forbiddenTo,
  prefetch,
}: RequireAuthProps) {
  const { status, user, session, identityProvider } = useAuth();
  const queryClient = useQueryClient();
  const t = useT();
  const hasSession = session !== null;
  const latestPrefetch = useRef(prefetch);
  latestPrefetch.current = prefetch;
  useEffect(() => {
    if (hasSession) void latestPrefetch.current?.(queryClient);
  }, [hasSession, queryClient]);
  if (identityProvider.status === 'error') {
    return (
      <Text c="dimmed" role="status">
        {t('auth.signInNeeded')}
      </Text>
    );
  }
  if (status === 'loading') return <LoadingText />;
  if (status !== 'authenticated' || user === null) return <Navigate to={signedOutTo} replace />;
  if (roles !== undefined && !roles.includes(user.role)) {
    return <Navigate to={forbiddenTo ?? signedOutTo} replace />;
  }
  return children;
}

const ADMINS = ['admin'] as const;

/** Admin screens (users, waitlist): anyone else, signed in or not, goes to /home (docs/product.md, Screens and routes). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  return (
    <RequireAuth
      signedOutTo={paths.home.getHref()}
      roles={ADMINS}
      forbiddenTo={paths.home.getHref()}
    >
      {children}
    </RequireAuth>
  );
}
