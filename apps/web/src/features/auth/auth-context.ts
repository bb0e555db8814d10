import type { ClientConfig } from '@bec/contracts';
import type { UserManager } from 'oidc-client-ts';
import { createContext } from 'react';
import type { AuthState } from '@/features/auth/auth-machine';

export type AuthContextValue = AuthState & {
  /** Leaves for the provider's sign-in page; comes back to `returnTo` (default: this page). */
  signIn: (returnTo?: string) => Promise<void>;
  /** Ends the session at the provider when it can, else here only. */
  signOut: () => Promise<void>;
  /** Tries to reach the sign-in service again, after it could not be reached (status error). */
  retry: () => void;
  /** Known once the identity provider is ready. */
  userManager: UserManager | null;
  /** The client configuration the sign-in service was set up from, which also says where the
   * map tiles come from; known once the identity provider is ready. */
  clientConfig: ClientConfig | null;
};

export const AuthContext = createContext<AuthContextValue | null>(null);
