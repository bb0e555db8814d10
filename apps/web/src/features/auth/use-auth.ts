import { useContext } from 'react';
import { AuthContext, type AuthContextValue } from '@/features/auth/auth-context';

/** The app's sign-in state and actions; see auth-machine.ts for the states. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (value === null) throw new Error('useAuth() needs an <AuthProvider> above it.');
  return value;
}
