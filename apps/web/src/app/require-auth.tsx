import type { Role } from '@bec/contracts';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { LoadingText } from '@/components/loading-text';
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
