import type { ErrorCode, Me } from '@bec/contracts';
import { t } from '@/i18n/i18n';

/**
 * The sign-in state of the app as a pure state machine: events in, state out. The AuthProvider
 * feeds it what the identity provider, the OIDC session and GET /api/users/me report.
 *
 * Identity provider (the sign-in service): loading → ready, or degraded while retrying, then
 * error once IDP_MAX_RETRIES retries have failed too. Retried are its discovery, and renewing a
 * stored session whose token expired since the last visit (the provider's token endpoint). From
 * error, the user can ask to try again.
 * App auth status (docs/product.md, Signing in): loading → authenticated (profile call succeeded) or
 * unauthenticated (signed out, the profile call failed, or no sign-in service).
 */

/** Discovery is retried 5 times, 125 ms after the first failure and doubling: 125 … 2000 ms. */
export const IDP_MAX_RETRIES = 5;
const IDP_FIRST_RETRY_DELAY_MS = 125;
const IDP_BLOCKED = 'Blocked by the content security policy: ';
/** The provider answered nothing because the page's own CSP refused to ask it. */
export const idpBlockedReason = (origin: string) => `${IDP_BLOCKED}${origin}`;
/** What to tell the user when the sign-in service failed for good, from the last failure. */
export const identityProviderFailure = (reason: string | null): string =>
  reason?.startsWith(IDP_BLOCKED)
    ? t('auth.providerBlocked', { origin: reason.slice(IDP_BLOCKED.length) })
    : t('auth.providerUnreachable');

/** Delay before retry number `failureCount + 1` (`failureCount` is 0 before the first retry). */
export function identityProviderRetryDelay(failureCount: number): number {
  return IDP_FIRST_RETRY_DELAY_MS * 2 ** failureCount;
}

type IdentityProviderStatus = 'loading' | 'ready' | 'degraded' | 'error';
export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

/** Who is signed in at the identity provider, member of BEC or not (from the ID token). */
export type Session = { subject: string; name: string | null; email: string | null };

export type AuthState = {
  identityProvider: {
    status: IdentityProviderStatus;
    /** Failed discovery attempts so far. */
    failures: number;
    /** Why the last attempt failed. */
    reason: string | null;
  };
  status: AuthStatus;
  session: Session | null;
  /** The member's profile; set only while `authenticated`. */
  user: Me | null;
  /** The profile call answered WAITLISTED: the access request is recorded. */
  waitlisted: boolean;
  /** Why the profile call failed, when it did. */
  error: { code: ErrorCode | null; message: string } | null;
};

export type AuthEvent =
  | { type: 'IDP_ATTEMPT_FAILED'; failures: number; reason: string }
  | { type: 'IDP_READY' }
  /** A stored session could not be renewed: the provider was out of reach (not a refusal). */
  | { type: 'SESSION_ATTEMPT_FAILED'; failures: number; reason: string }
  /** The user asks to reach the sign-in service again; `discovered`: discovery had worked. */
  | { type: 'RETRY'; discovered: boolean }
  | { type: 'SIGNED_IN'; session: Session }
  | { type: 'SIGNED_OUT' }
  /** Opened offline: the member kept for the stored session (ADR 046), with the role last known. */
  | { type: 'OFFLINE_MEMBER'; session: Session; user: Me }
  | { type: 'PROFILE_LOADED'; user: Me }
  | { type: 'PROFILE_FAILED'; code: ErrorCode | null; message: string };

export const initialAuthState: AuthState = {
  identityProvider: { status: 'loading', failures: 0, reason: null },
  status: 'loading',
  session: null,
  user: null,
  waitlisted: false,
  error: null,
};

/**
 * Where a page load starts. With no session stored (a first visit, or after signing out) nobody
 * can be signed in, so the signed-out screen paints at once instead of waiting for the sign-in
 * service; with one, the status stays loading until it is restored (or, offline, until the member
 * kept for that session is read: OFFLINE_MEMBER).
 */
export const startingAuthState = (sessionStored: boolean): AuthState =>
  sessionStored ? initialAuthState : { ...initialAuthState, status: 'unauthenticated' };

const signedOut = (state: AuthState): AuthState => ({
  ...state,
  status: 'unauthenticated',
  session: null,
  user: null,
  waitlisted: false,
  error: null,
});

/** One more failed attempt to reach the sign-in service: degraded while retried, then error. */
function attemptFailed(state: AuthState, failures: number, reason: string): AuthState {
  if (failures > IDP_MAX_RETRIES) {
    // No sign-in service: nobody can be signed in (a stored session stays stored).
    return { ...signedOut(state), identityProvider: { status: 'error', failures, reason } };
  }
  return { ...state, identityProvider: { status: 'degraded', failures, reason } };
}

export function authReducer(state: AuthState, event: AuthEvent): AuthState {
  switch (event.type) {
    case 'IDP_ATTEMPT_FAILED':
      if (state.identityProvider.status === 'ready') return state;
      return attemptFailed(state, event.failures, event.reason);
    case 'SESSION_ATTEMPT_FAILED':
      // Only while no session is known; a signed-in member renews on the next API call.
      if (state.session !== null) return state;
      return attemptFailed(state, event.failures, event.reason);
    case 'RETRY':
      if (state.identityProvider.status !== 'error') return state;
      return {
        ...state,
        status: 'loading',
        identityProvider: {
          status: event.discovered ? 'ready' : 'loading',
          failures: 0,
          reason: null,
        },
      };
    case 'IDP_READY':
      if (state.identityProvider.status === 'ready') return state;
      // The status stays loading until the session is known.
      return {
        ...state,
        identityProvider: { ...state.identityProvider, status: 'ready', reason: null },
      };
    case 'SIGNED_IN':
      if (state.session?.subject === event.session.subject) {
        // A renewed token for the same account: nothing to check again.
        return { ...state, session: event.session };
      }
      return {
        ...state,
        status: 'loading',
        session: event.session,
        user: null,
        waitlisted: false,
        error: null,
      };
    case 'OFFLINE_MEMBER':
      // Signed in for reading until the provider and the API answer, when the network is back.
      if (state.status !== 'loading' || state.session !== null) return state;
      return { ...state, status: 'authenticated', session: event.session, user: event.user };
    case 'SIGNED_OUT':
      return state.status === 'unauthenticated' && state.session === null
        ? state
        : signedOut(state);
    case 'PROFILE_LOADED':
      // A profile that arrives after signing out is stale.
      if (state.session === null) return state;
      return {
        ...state,
        status: 'authenticated',
        user: event.user,
        waitlisted: false,
        error: null,
      };
    case 'PROFILE_FAILED':
      if (state.session === null) return state;
      return {
        ...state,
        status: 'unauthenticated',
        user: null,
        waitlisted: event.code === 'WAITLISTED',
        error: { code: event.code, message: event.message },
      };
  }
}
