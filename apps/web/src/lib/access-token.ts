import { ApiError, reasonOf, TOKEN_UNAVAILABLE_MESSAGE } from '@/lib/api-error';

/**
 * Answers a current access token, or null when there is no session (signed out, or the provider
 * refused to renew it); throws when the token could not be renewed for now (no network).
 */
export type AccessTokenSource = () => Promise<string | null>;

let accessTokenSource: AccessTokenSource | null = null;

/**
 * Where authenticated calls get their bearer token. The auth feature sets it once the identity
 * provider is known, and clears it (null) when it goes away.
 */
export function setAccessTokenSource(source: AccessTokenSource | null): void {
  accessTokenSource = source;
}

/**
 * No session is a 401. A source that fails (the provider out of reach while renewing) keeps the
 * session: the call fails like any unreachable one (status 0, retried by queries), and the next
 * call renews again.
 */
export async function bearerToken(): Promise<string> {
  let token: string | null = null;
  try {
    token = accessTokenSource ? await accessTokenSource() : null;
  } catch (err) {
    throw new ApiError(
      0,
      `Could not renew your sign-in (${reasonOf(err)}); try again in a moment.`,
    );
  }
  if (!token) throw new ApiError(401, TOKEN_UNAVAILABLE_MESSAGE, { code: 'UNAUTHENTICATED' });
  return token;
}
