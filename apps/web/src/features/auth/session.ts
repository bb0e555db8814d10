import type { ErrorResponse, User, UserManager } from 'oidc-client-ts';
import type { Session } from '@/features/auth/auth-machine';
import { currentLocale } from '@/i18n/i18n';

/** oidc-client-ts' default notice before expiry (`accessTokenExpiring`). */
const EXPIRING_NOTICE_SECONDS = 60;
/** Below this, a token is renewed before it is sent: it could expire on the way. */
const MIN_USABLE_SECONDS = 10;
/** Held while renewing, across every tab of this origin, so one refresh token is used once. */
const RENEWAL_LOCK = 'bec-session-renewal';

/** Where oidc-client-ts keeps a signed-in user (its `oidc.` store prefix + `user:<authority>:…`). */
const STORED_USER_PREFIX = 'oidc.user:';

/**
 * Whether a session from an earlier visit may be stored, read without oidc-client-ts or the
 * sign-in settings (so before either has loaded). Storage that cannot be read answers true: the
 * slow path then finds out.
 */
export function sessionMayBeStored(): boolean {
  try {
    for (let i = 0; i < window.localStorage.length; i++) {
      if (window.localStorage.key(i)?.startsWith(STORED_USER_PREFIX)) return true;
    }
    return false;
  } catch {
    return true;
  }
}

const secondsLeft = (user: User) => user.expires_in ?? Number.POSITIVE_INFINITY;

export function toSession(user: User): Session {
  return {
    subject: user.profile.sub,
    name: user.profile.name ?? null,
    email: user.profile.email ?? null,
  };
}

async function withRenewalLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? await locks.request(RENEWAL_LOCK, task) : await task();
}

class SessionOver extends Error {}

async function renewUnderLock(userManager: UserManager): Promise<User | null> {
  const stored = await userManager.getUser();
  if (!stored) return null;
  if (secondsLeft(stored) > 2 * EXPIRING_NOTICE_SECONDS) {
    // Another tab renewed while this one waited for the lock: take its tokens (and re-arm the
    // expiry timers) instead of spending the refresh token a second time.
    return userManager.getUser(true);
  }
  if (!stored.refresh_token)
    throw new SessionOver('The session has no refresh token to renew with.');
  return userManager.signinSilent();
}

/** OAuth errors that say the provider is down, not that the refresh token is no good. */
const PROVIDER_TROUBLE = new Set(['server_error', 'temporarily_unavailable']);

/**
 * The provider answered and refused (an OAuth error such as invalid_grant: the refresh token
 * expired or was revoked), or there is nothing to renew with. Anything else (no network, a
 * timeout, an error page, a provider saying it is in trouble) may pass, so the session is kept
 * for the next try.
 */
const sessionIsOver = (err: unknown) =>
  err instanceof SessionOver || (isErrorResponse(err) && !PROVIDER_TROUBLE.has(err.error ?? ''));

/**
 * oidc-client-ts names its OAuth errors "ErrorResponse" for this check: importing the class as a
 * value would pull the whole library (loaded lazily, on sign-in) into the first-load bundle.
 */
const isErrorResponse = (err: unknown): err is ErrorResponse =>
  err instanceof Error && err.name === 'ErrorResponse';

const renewals = new WeakMap<UserManager, Promise<User | null>>();

/**
 * Renews the session with its refresh token, once at a time per tab and across tabs. When the
 * provider refuses, the session is over: the user is removed locally (which signs every tab out)
 * and the answer is null. When the provider cannot be reached, the error is passed on and the
 * session kept: a network blip must not sign anyone out of a half-filled form.
 */
function renewSession(userManager: UserManager): Promise<User | null> {
  const running = renewals.get(userManager);
  if (running) return running;
  const renewal = withRenewalLock(() => renewUnderLock(userManager))
    .then(async (user) => {
      if (!user) await userManager.removeUser();
      return user;
    })
    .catch(async (err: unknown) => {
      if (!sessionIsOver(err)) throw err;
      await userManager.removeUser().catch(() => undefined);
      return null;
    })
    .finally(() => renewals.delete(userManager));
  renewals.set(userManager, renewal);
  return renewal;
}

/** An access token good for the next call, renewed first when it is (nearly) expired. */
export async function freshAccessToken(userManager: UserManager): Promise<string | null> {
  const user = await userManager.getUser();
  if (!user) return null;
  if (secondsLeft(user) > MIN_USABLE_SECONDS) return user.access_token;
  return (await renewSession(userManager))?.access_token ?? null;
}

/** The session kept from an earlier visit (any tab), renewed if it expired meanwhile. */
export async function restoreSession(userManager: UserManager): Promise<User | null> {
  const user = await userManager.getUser();
  if (!user || secondsLeft(user) > MIN_USABLE_SECONDS) return user;
  return renewSession(userManager);
}

/** After a failed renewal ahead of expiry, the next waits 5 s, doubling up to a minute. */
export const RENEW_RETRY_FIRST_MS = 5_000;
export const RENEW_RETRY_MAX_MS = 60_000;

/**
 * Follows the session: sign-in, renewal and sign-out in this tab (oidc-client-ts events) and in
 * the others (storage events), renewing the token shortly before it expires. Answers the
 * function that stops following.
 *
 * oidc-client-ts arms its expiry timers again on every read of the stored user, at one second
 * once the token is in its last minute or past it: renewing on each of those events would ask a
 * provider that is down every second. So renewals ahead of expiry back off after a failure, and
 * an expired token is renewed by the next API call (`freshAccessToken`), not by the timer.
 */
export function watchSession(
  userManager: UserManager,
  onChange: (user: User | null) => void,
): () => void {
  const { events } = userManager;
  const loaded = (user: User) => onChange(user);
  const unloaded = () => onChange(null);
  let failures = 0;
  let nextTryAt = 0;
  const renew = () => {
    if (Date.now() < nextTryAt) return;
    renewSession(userManager).then(
      () => {
        failures = 0;
        nextTryAt = 0;
      },
      () => {
        // Failing for now is fine: the next API call renews again before it is sent.
        nextTryAt = Date.now() + Math.min(RENEW_RETRY_FIRST_MS * 2 ** failures, RENEW_RETRY_MAX_MS);
        failures += 1;
      },
    );
  };
  const otherTab = (event: StorageEvent) => {
    if (event.key !== null && !event.key.startsWith(STORED_USER_PREFIX)) return;
    void userManager.getUser().then(onChange, () => onChange(null));
  };
  events.addUserLoaded(loaded);
  events.addUserUnloaded(unloaded);
  events.addAccessTokenExpiring(renew);
  window.addEventListener('storage', otherTab);
  return () => {
    events.removeUserLoaded(loaded);
    events.removeUserUnloaded(unloaded);
    events.removeAccessTokenExpiring(renew);
    window.removeEventListener('storage', otherTab);
  };
}

/**
 * Signs out: through the provider's end_session endpoint when it has one (it comes back to
 * /home), else by forgetting the session here.
 */
export async function endSession(userManager: UserManager): Promise<void> {
  const metadata = await userManager.metadataService.getMetadata().catch(() => null);
  if (metadata?.end_session_endpoint) {
    try {
      // Its confirmation in the app's language, where it offers it (OpenID's ui_locales).
      await userManager.signoutRedirect({ extraQueryParams: { ui_locales: currentLocale() } });
      return;
    } catch {
      // Could not leave for the provider: at least forget the session here.
    }
  }
  await userManager.removeUser();
}

/** Where to go after signing in: the page the sign-in started from, if it is one of ours. */
export function returnPathFrom(state: unknown, fallback: string): string {
  if (typeof state !== 'object' || state === null || !('returnTo' in state)) return fallback;
  const { returnTo } = state;
  if (typeof returnTo !== 'string' || !returnTo.startsWith('/') || returnTo.startsWith('//')) {
    return fallback;
  }
  return returnTo.startsWith('/auth/') ? fallback : returnTo;
}
