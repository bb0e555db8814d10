import type { Role } from '@bec/contracts';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { LoadingText } from '@/components/loading-text';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/use-auth';

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
 * a redirect otherwise. It mirrors the server's rules; the server is the guard.
 */
export function RequireAuth({ children, signedOutTo, roles, forbiddenTo }: RequireAuthProps) {
  const { status, user } = useAuth();
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
