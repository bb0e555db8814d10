import { queryOptions, skipToken } from '@tanstack/react-query';
import type { UserManager } from 'oidc-client-ts';
import { paths } from '@/config/paths';
import { IDP_MAX_RETRIES, identityProviderRetryDelay } from '@/features/auth/auth-machine';
import { restoreSession, returnPathFrom } from '@/features/auth/session';

/**
 * The OIDC session as query data: restored from storage once, then kept current by
 * `watchSession`, which writes each change into it (`setQueryData`). null means signed out.
 * Restoring fails only when an expired token could not be renewed because the provider was out
 * of reach (a refusal answers null), so it is retried like the provider's discovery.
 */
export const sessionQueryOptions = (userManager: UserManager | null) =>
  queryOptions({
    queryKey: ['auth', 'session'],
    queryFn: userManager === null ? skipToken : () => restoreSession(userManager),
    staleTime: Number.POSITIVE_INFINITY,
    retry: IDP_MAX_RETRIES,
    retryDelay: identityProviderRetryDelay,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/**
 * Redeems the authorization code of the sign-in callback URL and answers where to go next.
 * A query, not an effect, because the code can be redeemed only once: React StrictMode mounts
 * the callback page twice, and both mounts share this one query (same key, never refetched, never
 * garbage collected, not cancelled on unmount since it ignores the abort signal).
 */
export const signinCallbackQueryOptions = (userManager: UserManager | null, url: string) =>
  queryOptions({
    queryKey: ['auth', 'signin-callback', url],
    queryFn:
      userManager === null
        ? skipToken
        : async () => {
            const user = await userManager.signinCallback(url);
            return { returnTo: returnPathFrom(user?.state, paths.home.getHref()) };
          },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
