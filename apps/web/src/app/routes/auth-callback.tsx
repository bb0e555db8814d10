import { AuthCallback } from '@/features/auth/components/auth-callback';

/** /auth/callback: where the identity provider sends the browser back after signing in. */
export function Component() {
  return <AuthCallback />;
}
