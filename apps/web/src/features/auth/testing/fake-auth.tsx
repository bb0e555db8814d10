import type { Me, Role } from '@bec/contracts';
import type { ReactNode } from 'react';
import { AuthContext, type AuthContextValue } from '@/features/auth/auth-context';
import { initialAuthState } from '@/features/auth/auth-machine';

/** For tests: an auth context value, loading unless told otherwise, with inert actions. */
export function fakeAuth(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  return {
    ...initialAuthState,
    signIn: async () => undefined,
    signOut: async () => undefined,
    retry: () => undefined,
    userManager: null,
    clientConfig: null,
    ...overrides,
  };
}

const ready = { status: 'ready', failures: 0, reason: null } as const;

/** For tests: nobody signed in, the identity provider ready. */
export function signedOutAuth(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  return fakeAuth({ identityProvider: ready, status: 'unauthenticated', ...overrides });
}

/** For tests: a member with `role` signed in. */
export function signedInAuth(role: Role, overrides: Partial<AuthContextValue> = {}) {
  const user: Me = { id: 7, name: `Pat ${role}`, email: `pat.${role}@example.com`, role };
  return fakeAuth({
    identityProvider: ready,
    status: 'authenticated',
    session: { subject: 'sub-7', name: user.name, email: user.email },
    user,
    ...overrides,
  });
}

/** For tests: provides a fixed auth context value. */
export function FakeAuthProvider({
  value,
  children,
}: {
  value: AuthContextValue;
  children: ReactNode;
}) {
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
