import type { ClientConfig } from '@bec/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { UserManager } from 'oidc-client-ts';
import {
  IDP_MAX_RETRIES,
  identityProviderRetryDelay,
  idpBlockedReason,
} from '@/features/auth/auth-machine';
import { watchPolicyViolations } from '@/features/auth/policy-violations';
import { userManagerSettings } from '@/features/auth/user-manager';

type IdentityProvider = { config: ClientConfig; userManager: UserManager };

/**
 * Reads the sign-in settings (inlined in the page, else GET /api/config), builds the UserManager
 * from them and runs the provider's discovery (which the page preloads). oidc-client-ts and the
 * settings' reader (with the contracts) are loaded here, side by side, to keep them out of the
 * first-load bundle. A discovery that this page's own CSP blocked fails with a message
 * that says so: the provider is up, the deployment's configuration is what is wrong.
 */
async function loadIdentityProvider(): Promise<IdentityProvider> {
  const [config, oidc] = await Promise.all([
    import('@/features/auth/api/get-client-config').then(({ getClientConfig }) =>
      getClientConfig(),
    ),
    import('oidc-client-ts'),
  ]);
  const userStore = new oidc.WebStorageStateStore({ store: window.localStorage });
  const userManager = new oidc.UserManager(
    userManagerSettings(config, window.location.origin, userStore),
  );
  const violations = watchPolicyViolations();
  try {
    await userManager.metadataService.getMetadata();
  } catch (err) {
    const issuer = new URL(config.oidc.issuer).origin;
    if (await violations.blocked(issuer)) throw new Error(idpBlockedReason(issuer));
    throw err;
  } finally {
    violations.stop();
  }
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
