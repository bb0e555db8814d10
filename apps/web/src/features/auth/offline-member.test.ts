import type { Me } from '@bec/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { authReducer, startingAuthState } from '@/features/auth/auth-machine';
import {
  forgetMember,
  rememberedMember,
  rememberMember,
  storedMember,
} from '@/features/auth/offline-member';

const ana: Me = { id: 3, name: 'Ana', email: 'ana@example.com', role: 'editor' };

/** What oidc-client-ts stores for a signed-in user (its key and the parts read here). */
function storeSession(sub: string) {
  window.localStorage.setItem(
    `oidc.user:https://issuer.example:bec-web`,
    JSON.stringify({ access_token: 'at', profile: { sub, name: 'Ana P.', email: 'ana@x.cl' } }),
  );
}

afterEach(() => window.localStorage.clear());

describe('the member kept for opening offline', () => {
  it('is the stored session with the profile and role the API last gave it', () => {
    storeSession('sub-ana');
    rememberMember('sub-ana', ana);
    expect(rememberedMember()).toEqual({ subject: 'sub-ana', userId: 3 });
    const member = storedMember();
    expect(member).toEqual({
      session: { subject: 'sub-ana', name: 'Ana P.', email: 'ana@x.cl' },
      user: ana,
    });
    // Opened offline, the app signs in with that role, asking nobody.
    if (member === null) throw new Error('no member');
    const state = authReducer(startingAuthState(true), { type: 'OFFLINE_MEMBER', ...member });
    expect(state.status).toBe('authenticated');
    expect(state.user?.role).toBe('editor');
    // Only while nobody is known yet: a session restored meanwhile wins.
    const signedOut = startingAuthState(false);
    expect(authReducer(signedOut, { type: 'OFFLINE_MEMBER', ...member })).toBe(signedOut);
  });

  it("is nobody when the stored session is another account's, or there is none", () => {
    rememberMember('sub-ana', ana);
    expect(storedMember()).toBeNull();
    storeSession('sub-bea');
    expect(storedMember()).toBeNull();
  });

  it('is forgotten on signing out, with the stored session when asked', () => {
    storeSession('sub-ana');
    rememberMember('sub-ana', ana);
    forgetMember();
    expect(rememberedMember()).toBeNull();
    expect(window.localStorage.length).toBe(1);
    rememberMember('sub-ana', ana);
    forgetMember({ sessions: true });
    expect(window.localStorage.length).toBe(0);
  });
});
