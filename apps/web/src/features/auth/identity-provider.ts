import type { ClientConfig } from '@bec/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { UserManager } from 'oidc-client-ts';
import { getClientConfig } from '@/features/auth/api/get-client-config';
import { IDP_MAX_RETRIES, identityProviderRetryDelay } from '@/features/auth/auth-machine';
import { userManagerSettings } from '@/features/auth/user-manager';

export type IdentityProvider = { config: ClientConfig; userManager: UserManager };

/**
 * Reads the sign-in settings (GET /api/config), builds the UserManager from them and runs the
 * provider's discovery. oidc-client-ts is loaded here, beside the first request, to keep it out
 * of the first-load bundle.
 */
export async function loadIdentityProvider(): Promise<IdentityProvider> {
  const [config, oidc] = await Promise.all([getClientConfig(), import('oidc-client-ts')]);
  const userStore = new oidc.WebStorageStateStore({ store: window.localStorage });
  const userManager = new oidc.UserManager(
    userManagerSettings(config, window.location.origin, userStore),
  );
  await userManager.metadataService.getMetadata();
  return { config, userManager };
}

/** Loaded once per page: retried 5 times (125 ms, doubling), never refetched once it worked. */
export const identityProviderQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'identity-provider'],
    queryFn: loadIdentityProvider,
    retry: IDP_MAX_RETRIES,
    retryDelay: identityProviderRetryDelay,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
