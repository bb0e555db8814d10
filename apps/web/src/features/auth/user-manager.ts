import type { ClientConfig } from '@bec/contracts';
import type { StateStore, UserManagerSettings } from 'oidc-client-ts';
import { paths } from '@/config/paths';

/**
 * Settings of the oidc-client-ts UserManager, from GET /api/config: Authorization Code + PKCE
 * (oidc-client-ts' default), the user kept in localStorage so every tab shares the session.
 * Tokens are renewed with the refresh token by `watchSession` (session.ts), not by oidc-client-ts'
 * own automaticSilentRenew: several tabs share one refresh token, and renewing it from two tabs
 * at once would present a rotated (spent) token, which providers answer by revoking the grant.
 */
export function userManagerSettings(
  config: ClientConfig,
  origin: string,
  userStore: StateStore,
): UserManagerSettings {
  return {
    authority: config.oidc.issuer,
    client_id: config.oidc.client_id,
    scope: config.oidc.scopes,
    redirect_uri: `${origin}${paths.authCallback.getHref()}`,
    post_logout_redirect_uri: `${origin}${paths.home.getHref()}`,
    // Auth0 needs the API audience on the authorize request; other providers ignore it.
    extraQueryParams: { audience: config.oidc.audience },
    userStore,
    automaticSilentRenew: false,
    // An unreachable provider must not leave the app waiting forever on one request.
    requestTimeoutInSeconds: 10,
  };
}
