import { ErrorResponse, User, type UserManager } from 'oidc-client-ts';
import { describe, expect, it, vi } from 'vitest';
import {
  endSession,
  freshAccessToken,
  RENEW_RETRY_FIRST_MS,
  RENEW_RETRY_MAX_MS,
  restoreSession,
  returnPathFrom,
  watchSession,
} from '@/features/auth/session';

const now = () => Math.floor(Date.now() / 1000);

function user(accessToken: string, secondsLeft: number, refreshToken: string | null = 'rt-1') {
  return new User({
    access_token: accessToken,
    token_type: 'Bearer',
    refresh_token: refreshToken ?? undefined,
    profile: { sub: 'sub-1', iss: 'http://localhost:3000/oidc', aud: 'bec-web', exp: 0, iat: 0 },
    expires_at: now() + secondsLeft,
  });
}

/** A UserManager whose storage answers `stored` in turn (the last one from then on). */
function fakeUserManager(stored: (User | null)[], renewed: () => Promise<User | null>) {
  let reads = 0;
  const getUser = vi.fn(async (_raiseEvent?: boolean) => {
    const next = stored[Math.min(reads, stored.length - 1)] ?? null;
    reads += 1;
    return next;
  });
  const fake = {
    getUser,
    signinSilent: vi.fn(renewed),
    removeUser: vi.fn(async () => undefined),
    signoutRedirect: vi.fn(async () => undefined),
    metadataService: { getMetadata: vi.fn(async () => ({})) },
  };
  return { fake, userManager: fake as unknown as UserManager };
}

describe('freshAccessToken', () => {
  it('answers the stored token while it is good', async () => {
    const { fake, userManager } = fakeUserManager([user('at-1', 600)], async () => null);
    await expect(freshAccessToken(userManager)).resolves.toBe('at-1');
    expect(fake.signinSilent).not.toHaveBeenCalled();
  });

  it('answers null when nobody is signed in', async () => {
    const { userManager } = fakeUserManager([null], async () => null);
    await expect(freshAccessToken(userManager)).resolves.toBeNull();
  });

  it('renews a token about to expire with the refresh token, once for simultaneous calls', async () => {
    const { fake, userManager } = fakeUserManager([user('at-1', 5)], async () =>
      user('at-2', 3600),
    );
    const tokens = await Promise.all([
      freshAccessToken(userManager),
      freshAccessToken(userManager),
    ]);
    expect(tokens).toEqual(['at-2', 'at-2']);
    expect(fake.signinSilent).toHaveBeenCalledOnce();
    expect(fake.removeUser).not.toHaveBeenCalled();
  });

  it('takes the tokens another tab renewed meanwhile instead of renewing again', async () => {
    const renewedElsewhere = user('at-9', 3600);
    const { fake, userManager } = fakeUserManager([user('at-1', 5), renewedElsewhere], async () =>
      user('at-2', 3600),
    );
    await expect(freshAccessToken(userManager)).resolves.toBe('at-9');
    expect(fake.signinSilent).not.toHaveBeenCalled();
    // Read again raising userLoaded, which re-arms the expiry timers for the new token.
    expect(fake.getUser).toHaveBeenLastCalledWith(true);
  });

  it('signs out locally when the provider refuses the renewal', async () => {
    const { fake, userManager } = fakeUserManager([user('at-1', 5)], async () => {
      throw new ErrorResponse({ error: 'invalid_grant', error_description: 'revoked' });
    });
    await expect(freshAccessToken(userManager)).resolves.toBeNull();
    expect(fake.removeUser).toHaveBeenCalledOnce();
  });

  it.each(['server_error', 'temporarily_unavailable'])(
    'keeps the session when the provider answers %s (it is in trouble)',
    async (error) => {
      const failure = new ErrorResponse({ error });
      const { fake, userManager } = fakeUserManager([user('at-1', 5)], async () => {
        throw failure;
      });
      await expect(freshAccessToken(userManager)).rejects.toBe(failure);
      expect(fake.removeUser).not.toHaveBeenCalled();
    },
  );

  it('keeps the session when the provider cannot be reached, and renews on the next call', async () => {
    const renewals = [
      async () => {
        throw new TypeError('Failed to fetch');
      },
      async () => user('at-2', 3600),
    ];
    const { fake, userManager } = fakeUserManager([user('at-1', 5)], () => {
      const next = renewals.shift();
      if (!next) throw new Error('renewed too often');
      return next();
    });
    await expect(freshAccessToken(userManager)).rejects.toThrow('Failed to fetch');
    expect(fake.removeUser).not.toHaveBeenCalled();
    await expect(freshAccessToken(userManager)).resolves.toBe('at-2');
    expect(fake.signinSilent).toHaveBeenCalledTimes(2);
  });

  it('signs out locally when there is no refresh token to renew with', async () => {
    const { fake, userManager } = fakeUserManager([user('at-1', -10, null)], async () => null);
    await expect(freshAccessToken(userManager)).resolves.toBeNull();
    expect(fake.signinSilent).not.toHaveBeenCalled();
    expect(fake.removeUser).toHaveBeenCalledOnce();
  });
});

describe('restoreSession', () => {
  it('answers the stored session while its token is good', async () => {
    const stored = user('at-1', 600);
    const { userManager } = fakeUserManager([stored], async () => null);
    await expect(restoreSession(userManager)).resolves.toBe(stored);
  });

  it('renews a session that expired since the last visit', async () => {
    const renewed = user('at-2', 3600);
    const { userManager } = fakeUserManager([user('at-1', -600)], async () => renewed);
    await expect(restoreSession(userManager)).resolves.toBe(renewed);
  });

  it('answers null when there is none', async () => {
    const { userManager } = fakeUserManager([null], async () => null);
    await expect(restoreSession(userManager)).resolves.toBeNull();
  });
});

describe('endSession', () => {
  it('signs out at the provider when it has an end_session endpoint', async () => {
    const { fake, userManager } = fakeUserManager([null], async () => null);
    fake.metadataService.getMetadata.mockResolvedValue({
      end_session_endpoint: 'http://localhost:3000/oidc/session/end',
    });
    await endSession(userManager);
    expect(fake.signoutRedirect).toHaveBeenCalledOnce();
    // Its confirmation page in the app's language (the tests' is English).
    expect(fake.signoutRedirect).toHaveBeenCalledWith({ extraQueryParams: { ui_locales: 'en' } });
    expect(fake.removeUser).not.toHaveBeenCalled();
  });

  it('forgets the session here when the provider has no end_session endpoint', async () => {
    const { fake, userManager } = fakeUserManager([null], async () => null);
    await endSession(userManager);
    expect(fake.signoutRedirect).not.toHaveBeenCalled();
    expect(fake.removeUser).toHaveBeenCalledOnce();
  });

  it('forgets the session here when leaving for the provider fails', async () => {
    const { fake, userManager } = fakeUserManager([null], async () => null);
    fake.metadataService.getMetadata.mockResolvedValue({ end_session_endpoint: 'http://x/end' });
    fake.signoutRedirect.mockRejectedValue(new Error('blocked'));
    await endSession(userManager);
    expect(fake.removeUser).toHaveBeenCalledOnce();
  });
});

describe('watchSession', () => {
  /** The fake with oidc-client-ts' event registry, and a way to raise "expiring". */
  function withEvents(fake: ReturnType<typeof fakeUserManager>['fake']) {
    const expiring = new Set<() => void>();
    const expired = new Set<() => void>();
    const events = {
      addUserLoaded: vi.fn(),
      removeUserLoaded: vi.fn(),
      addUserUnloaded: vi.fn(),
      removeUserUnloaded: vi.fn(),
      addAccessTokenExpiring: (cb: () => void) => expiring.add(cb),
      removeAccessTokenExpiring: (cb: () => void) => expiring.delete(cb),
      addAccessTokenExpired: (cb: () => void) => expired.add(cb),
      removeAccessTokenExpired: (cb: () => void) => expired.delete(cb),
    };
    Object.assign(fake, { events });
    return {
      raiseExpiring: async () => {
        for (const cb of expiring) cb();
        await vi.advanceTimersByTimeAsync(0);
      },
      expired,
    };
  }

  it('backs off after a failed renewal: 5 s, doubling, up to a minute', async () => {
    vi.useFakeTimers();
    try {
      const { fake, userManager } = fakeUserManager([user('at-1', 30)], async () => {
        throw new TypeError('Failed to fetch');
      });
      const { raiseExpiring } = withEvents(fake);
      const stop = watchSession(userManager, () => undefined);

      // oidc-client-ts raises "expiring" every second in the token's last minute.
      await raiseExpiring();
      await raiseExpiring();
      expect(fake.signinSilent).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(RENEW_RETRY_FIRST_MS - 1);
      await raiseExpiring();
      expect(fake.signinSilent).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      await raiseExpiring();
      expect(fake.signinSilent).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(2 * RENEW_RETRY_FIRST_MS - 1);
      await raiseExpiring();
      expect(fake.signinSilent).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(1);
      await raiseExpiring();
      expect(fake.signinSilent).toHaveBeenCalledTimes(3);
      // Never more than a minute apart.
      for (let i = 0; i < 5; i++) {
        await vi.advanceTimersByTimeAsync(RENEW_RETRY_MAX_MS);
        await raiseExpiring();
      }
      expect(fake.signinSilent).toHaveBeenCalledTimes(8);
      expect(fake.removeUser).not.toHaveBeenCalled();
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves an expired token to the next API call instead of renewing on the timer', () => {
    const { fake, userManager } = fakeUserManager([user('at-1', -10)], async () => null);
    const { expired } = withEvents(fake);
    const stop = watchSession(userManager, () => undefined);
    expect(expired.size).toBe(0);
    stop();
  });
});

describe('returnPathFrom', () => {
  it.each([
    [{ returnTo: '/data' }, '/data'],
    [{ returnTo: '/properties?page=2#top' }, '/properties?page=2#top'],
    [undefined, '/home'],
    [{}, '/home'],
    [{ returnTo: 42 }, '/home'],
    [{ returnTo: 'https://elsewhere.example/' }, '/home'],
    [{ returnTo: '//elsewhere.example/' }, '/home'],
    [{ returnTo: '/auth/callback?code=x' }, '/home'],
  ])('%j → %s', (state, expected) => {
    expect(returnPathFrom(state, '/home')).toBe(expected);
  });
});
