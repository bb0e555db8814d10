import type { Me } from '@bec/contracts';
import { describe, expect, it } from 'vitest';
import {
  type AuthEvent,
  type AuthState,
  authReducer,
  IDP_MAX_RETRIES,
  identityProviderRetryDelay,
  initialAuthState,
  startingAuthState,
} from '@/features/auth/auth-machine';

const run = (events: AuthEvent[], from: AuthState = initialAuthState) =>
  events.reduce(authReducer, from);

const session = { subject: 'sub-1', name: 'Vera Viewer', email: 'vera@example.com' };
const viewer: Me = { id: 1, name: 'Vera Viewer', email: 'vera@example.com', role: 'viewer' };
const failed = (failures: number): AuthEvent => ({
  type: 'IDP_ATTEMPT_FAILED',
  failures,
  reason: 'Failed to fetch',
});
const ready: AuthEvent = { type: 'IDP_READY' };
const signedIn: AuthEvent = { type: 'SIGNED_IN', session };

describe('auth state machine', () => {
  it('starts with everything loading', () => {
    expect(initialAuthState.identityProvider.status).toBe('loading');
    expect(initialAuthState.status).toBe('loading');
    expect(initialAuthState.session).toBeNull();
    expect(initialAuthState.user).toBeNull();
    expect(initialAuthState.waitlisted).toBe(false);
  });

  it('starts signed out when no session is stored, and a later sign-in still goes through', () => {
    const start = startingAuthState(false);
    expect(start.status).toBe('unauthenticated');
    expect(start.identityProvider.status).toBe('loading');
    // The session query then finds none: nothing changes, the same state object is kept.
    expect(authReducer(start, { type: 'SIGNED_OUT' })).toBe(start);
    const signedInLater = run([ready, signedIn, { type: 'PROFILE_LOADED', user: viewer }], start);
    expect(signedInLater.status).toBe('authenticated');
    expect(startingAuthState(true)).toBe(initialAuthState);
  });

  describe('identity provider', () => {
    it('is ready after discovery, the app status still loading until the session is known', () => {
      const state = run([ready]);
      expect(state.identityProvider.status).toBe('ready');
      expect(state.status).toBe('loading');
    });

    it('is degraded while discovery is retried, keeping the reason', () => {
      for (let failures = 1; failures <= IDP_MAX_RETRIES; failures++) {
        const state = run([failed(failures)]);
        expect(state.identityProvider).toEqual({
          status: 'degraded',
          failures,
          reason: 'Failed to fetch',
        });
        expect(state.status).toBe('loading');
      }
    });

    it('is in error after 5 retries failed too, and then nobody is signed in', () => {
      expect(IDP_MAX_RETRIES).toBe(5);
      const state = run([1, 2, 3, 4, 5, 6].map(failed));
      expect(state.identityProvider.status).toBe('error');
      expect(state.identityProvider.failures).toBe(6);
      expect(state.status).toBe('unauthenticated');
      expect(state.session).toBeNull();
    });

    it('becomes ready after some failed attempts', () => {
      const state = run([failed(1), failed(2), ready]);
      expect(state.identityProvider).toMatchObject({ status: 'ready', reason: null });
    });

    it('ignores late failures once ready', () => {
      const before = run([ready]);
      expect(authReducer(before, failed(6))).toBe(before);
    });

    it('can be tried again from error, back to loading', () => {
      const down = run([1, 2, 3, 4, 5, 6].map(failed));
      const again = authReducer(down, { type: 'RETRY', discovered: false });
      expect(again.identityProvider).toEqual({ status: 'loading', failures: 0, reason: null });
      expect(again.status).toBe('loading');
      // Failing again goes through degraded to error once more.
      expect(authReducer(again, failed(1)).identityProvider.status).toBe('degraded');
      expect(run([1, 2, 3, 4, 5, 6].map(failed), again).identityProvider.status).toBe('error');
    });

    it('ignores a retry unless it is in error', () => {
      const degraded = run([failed(1)]);
      expect(authReducer(degraded, { type: 'RETRY', discovered: false })).toBe(degraded);
    });

    it('retries after 125, 250, 500, 1000 and 2000 ms', () => {
      const delays = [0, 1, 2, 3, 4].map(identityProviderRetryDelay);
      expect(delays).toEqual([125, 250, 500, 1000, 2000]);
    });
  });

  describe('restoring a stored session the provider cannot renew', () => {
    const sessionFailed = (failures: number): AuthEvent => ({
      type: 'SESSION_ATTEMPT_FAILED',
      failures,
      reason: 'Network Error',
    });

    it('is degraded while the renewal is retried, still loading', () => {
      const state = run([ready, sessionFailed(1), sessionFailed(2)]);
      expect(state.identityProvider).toEqual({
        status: 'degraded',
        failures: 2,
        reason: 'Network Error',
      });
      expect(state.status).toBe('loading');
    });

    it('says the sign-in service cannot be reached after 5 retries failed too', () => {
      const state = run([ready, ...[1, 2, 3, 4, 5, 6].map(sessionFailed)]);
      expect(state.identityProvider.status).toBe('error');
      expect(state.status).toBe('unauthenticated');
      expect(state.session).toBeNull();
    });

    it('tries again with discovery done: the provider ready, the session loading', () => {
      const down = run([ready, ...[1, 2, 3, 4, 5, 6].map(sessionFailed)]);
      const again = authReducer(down, { type: 'RETRY', discovered: true });
      expect(again.identityProvider.status).toBe('ready');
      expect(again.status).toBe('loading');
      const member = run([signedIn, { type: 'PROFILE_LOADED', user: viewer }], again);
      expect(member.status).toBe('authenticated');
    });

    it('leaves a signed-in member alone (the next API call renews)', () => {
      const member = run([ready, signedIn, { type: 'PROFILE_LOADED', user: viewer }]);
      expect(authReducer(member, sessionFailed(1))).toBe(member);
    });
  });

  describe('app auth status', () => {
    it('is unauthenticated when there is no session', () => {
      const state = run([ready, { type: 'SIGNED_OUT' }]);
      expect(state.status).toBe('unauthenticated');
      expect(state.waitlisted).toBe(false);
    });

    it('stays loading with a session until the profile call answers', () => {
      const state = run([ready, signedIn]);
      expect(state.status).toBe('loading');
      expect(state.session).toEqual(session);
      expect(state.user).toBeNull();
    });

    it('is authenticated once the profile call succeeded, keeping role, name and email', () => {
      const state = run([ready, signedIn, { type: 'PROFILE_LOADED', user: viewer }]);
      expect(state.status).toBe('authenticated');
      expect(state.user).toEqual(viewer);
      expect(state.error).toBeNull();
    });

    it('is unauthenticated and waitlisted when the profile call answers WAITLISTED', () => {
      const state = run([
        ready,
        signedIn,
        {
          type: 'PROFILE_FAILED',
          code: 'WAITLISTED',
          message: 'Your access request has been recorded.',
        },
      ]);
      expect(state.status).toBe('unauthenticated');
      expect(state.waitlisted).toBe(true);
      expect(state.user).toBeNull();
      // Still signed in at the provider, so it can sign out and switch accounts.
      expect(state.session).toEqual(session);
      expect(state.error).toEqual({
        code: 'WAITLISTED',
        message: 'Your access request has been recorded.',
      });
    });

    it('is unauthenticated, not waitlisted, when the profile call fails otherwise', () => {
      const state = run([
        ready,
        signedIn,
        {
          type: 'PROFILE_FAILED',
          code: null,
          message: 'Could not reach the API (Failed to fetch).',
        },
      ]);
      expect(state.status).toBe('unauthenticated');
      expect(state.waitlisted).toBe(false);
      expect(state.error?.message).toBe('Could not reach the API (Failed to fetch).');
    });

    it('becomes authenticated when a later profile call succeeds (access approved)', () => {
      const state = run([
        ready,
        signedIn,
        { type: 'PROFILE_FAILED', code: 'WAITLISTED', message: 'Recorded.' },
        { type: 'PROFILE_LOADED', user: viewer },
      ]);
      expect(state.status).toBe('authenticated');
      expect(state.waitlisted).toBe(false);
      expect(state.error).toBeNull();
    });

    it('signing out forgets the member and the waitlisted mark', () => {
      const member = run([ready, signedIn, { type: 'PROFILE_LOADED', user: viewer }]);
      const out = authReducer(member, { type: 'SIGNED_OUT' });
      expect(out.status).toBe('unauthenticated');
      expect(out.session).toBeNull();
      expect(out.user).toBeNull();

      const waitlisted = run([
        ready,
        signedIn,
        { type: 'PROFILE_FAILED', code: 'WAITLISTED', message: 'Recorded.' },
        { type: 'SIGNED_OUT' },
      ]);
      expect(waitlisted.waitlisted).toBe(false);
      expect(waitlisted.error).toBeNull();
    });

    it('keeps the member through a token renewal of the same account', () => {
      const member = run([ready, signedIn, { type: 'PROFILE_LOADED', user: viewer }]);
      const renewed = authReducer(member, {
        type: 'SIGNED_IN',
        session: { ...session, name: 'Vera V.' },
      });
      expect(renewed.status).toBe('authenticated');
      expect(renewed.user).toEqual(viewer);
      expect(renewed.session?.name).toBe('Vera V.');
    });

    it('checks again when another account signs in', () => {
      const member = run([ready, signedIn, { type: 'PROFILE_LOADED', user: viewer }]);
      const other = authReducer(member, {
        type: 'SIGNED_IN',
        session: { subject: 'sub-2', name: 'Otto', email: 'otto@example.com' },
      });
      expect(other.status).toBe('loading');
      expect(other.user).toBeNull();
    });

    it('ignores a profile answer that arrives after signing out', () => {
      const out = run([ready, signedIn, { type: 'SIGNED_OUT' }]);
      expect(authReducer(out, { type: 'PROFILE_LOADED', user: viewer })).toBe(out);
      expect(authReducer(out, { type: 'PROFILE_FAILED', code: 'WAITLISTED', message: 'x' })).toBe(
        out,
      );
    });
  });
});
