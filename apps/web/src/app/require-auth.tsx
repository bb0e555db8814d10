import type { Role } from '@bec/contracts';
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { LoadingText } from '@/components/loading-text';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/use-auth';

export const SIGN_IN_NEEDED_MESSAGE =
  'This page needs you signed in, and the sign-in service cannot be reached: use Try again at the top once it is back.';

export type RequireAuthProps = {
  children: ReactNode;
  /** Where a visitor who is not signed in goes (the spec differs per route). */
  signedOutTo: string;
  /** Roles allowed in; any member when left out. */
  roles?: readonly Role[];
  /** Where a member without one of `roles` goes. */
  forbiddenTo?: string;
};

/**
 * Shows its page only to the members it admits: "Loading..." while the sign-in state is unknown,
 * a redirect otherwise. While the sign-in service cannot be reached it stays on the page and says
 * so (the header offers "Try again"), so the page shows once the service is back. It mirrors the
 * server's rules; the server is the guard.
 */
export function RequireAuth({ children, signedOutTo, roles, forbiddenTo }: RequireAuthProps) {
  const { status, user, identityProvider } = useAuth();
  if (identityProvider.status === 'error') {
    return (
      <Text c="dimmed" role="status">
        {SIGN_IN_NEEDED_MESSAGE}
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

/** Admin screens (users, waitlist): anyone else, signed in or not, goes to /home (spec §2, §6). */
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
