/**
 * Answers a current access token, or null when there is no session (signed out, or the provider
 * refused to renew it); throws when the token could not be renewed for now (no network).
 */
export type AccessTokenSource = () => Promise<string | null>;

let accessTokenSource: AccessTokenSource | null = null;

/**
 * Where authenticated calls get their bearer token. The auth feature sets it once the identity
 * provider is known, and clears it (null) when it goes away. The calls themselves (and their
 * failures without a token) are the API client's, loaded after the first screen.
 */
export function setAccessTokenSource(source: AccessTokenSource | null): void {
  accessTokenSource = source;
  if (source) for (const listener of listeners) listener();
}

const listeners = new Set<() => void>();

/**
 * Calls `listener` each time calls get a token source (the sign-in service loaded, as when a page
 * opened offline comes back online): what waited for a token can go. Answers the unsubscribe.
 */
export function onAccessTokenSource(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const currentAccessTokenSource = (): AccessTokenSource | null => accessTokenSource;
