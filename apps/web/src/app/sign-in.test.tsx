import { CLIENT_CONFIG_ELEMENT_ID } from '@bec/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { User } from 'oidc-client-ts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/router';
import { AuthProvider } from '@/features/auth/auth-provider';
import { renderRoutes } from '@/testing/render';

// The app with the real AuthProvider, oidc-client-ts and API client, against a fake network:
// GET /api/config, the provider's discovery document and GET /api/users/me.

// /data is a lazy route with lazy charts in it: load its code once, up front, so no test's fake
// clock runs out while it loads, and no import is still pending when the file ends (with a shared
// module graph, ADR 049, an import cut off by the file's teardown fails for every later file).
beforeAll(async () => {
  await import('@/app/routes/data');
  await import('@/features/market/components/market-stats-charts');
});

const ISSUER = 'http://localhost:3000/oidc';
const CLIENT_ID = 'bec-web';
const USER_KEY = `oidc.user:${ISSUER}:${CLIENT_ID}`;

const envelope = (data: unknown) => ({ status: 'success', message: 'OK', data });
const config = envelope({
  oidc: {
    issuer: ISSUER,
    client_id: CLIENT_ID,
    audience: 'bec-api',
    scopes: 'openid profile email',
  },
  dev_signin: true,
  map_tiles: { url: 'http://127.0.0.1:9/{z}/{x}/{y}.png', attribution: [] },
});
const discovery = {
  issuer: ISSUER,
  authorization_endpoint: `${ISSUER}/auth`,
  token_endpoint: `${ISSUER}/token`,
  end_session_endpoint: `${ISSUER}/session/end`,
  jwks_uri: `${ISSUER}/jwks`,
};

type Reply = { status: number; body: unknown };
const json = ({ status, body }: Reply) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function network(routesByUrl: Record<string, () => Reply>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    const route = routesByUrl[url];
    if (!route) throw new TypeError(`Failed to fetch ${url}`);
    return json(route());
  });
  vi.stubGlobal('fetch', fetchMock);
  const callsTo = (url: string) => fetchMock.mock.calls.filter(([input]) => String(input) === url);
  return { fetchMock, callsTo };
}

const workingProvider = {
  '/api/config': () => ({ status: 200, body: config }),
  [`${ISSUER}/.well-known/openid-configuration`]: () => ({ status: 200, body: discovery }),
};

function storeSession(name: string, email: string, secondsLeft = 3600) {
  const user = new User({
    access_token: 'at-123',
    token_type: 'Bearer',
    refresh_token: 'rt-123',
    profile: { sub: 'sub-1', iss: ISSUER, aud: CLIENT_ID, exp: 0, iat: 0, name, email },
    expires_at: Math.floor(Date.now() / 1000) + secondsLeft,
  });
  window.localStorage.setItem(USER_KEY, user.toStorageString());
}

const renderApp = (path = '/home') => renderRoutes(routes, path, { wrapper: AuthProvider });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('AuthProvider', () => {
  it('signs a stored session in as the member GET /api/users/me names', async () => {
    storeSession('Ana Admin', 'ana@example.com');
    const { callsTo } = network({
      ...workingProvider,
      '/api/users/me': () => ({
        status: 200,
        body: envelope({ id: 1, name: 'Ana Admin', email: 'ana@example.com', role: 'admin' }),
      }),
    });
    renderApp();

    expect(
      await screen.findByRole('heading', { name: 'Welcome to the BEC Project!' }),
    ).toBeInTheDocument();
    const [, init] = callsTo('/api/users/me')[0] ?? [];
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer at-123');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');

    await userEvent.click(screen.getByRole('button', { name: 'Toggle navigation' }));
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Properties', 'Board', 'Brokers', 'Data', 'Users', 'Audit', 'Settings']);
    // The menu is a chunk of its own (not in the first load).
    expect(await screen.findByRole('button', { name: 'Ana Admin' })).toBeInTheDocument();
  });

  it("asks for the grid's first page beside the profile call, not after it", async () => {
    storeSession('Ana Admin', 'ana@example.com');
    const emptyPage = envelope({
      props: [],
      next_cursor: null,
      total: 0,
      total_kind: 'exact',
      uf: null,
    });
    const { fetchMock, callsTo } = network({
      ...workingProvider,
      '/api/properties': () => ({ status: 200, body: emptyPage }),
    });
    const answer = fetchMock.getMockImplementation();
    let answerProfile: () => void = () => undefined;
    fetchMock.mockImplementation((input, init) =>
      String(input) === '/api/users/me'
        ? new Promise<Response>((resolve) => {
            answerProfile = () =>
              resolve(
                json({
                  status: 200,
                  body: envelope({
                    id: 1,
                    name: 'Ana Admin',
                    email: 'ana@example.com',
                    role: 'admin',
                  }),
                }),
              );
          })
        : (answer?.(input, init) as Promise<Response>),
    );
    renderApp('/properties');

    await waitFor(() => expect(callsTo('/api/properties')).toHaveLength(1));
    expect(callsTo('/api/users/me')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Properties' })).not.toBeInTheDocument();

    answerProfile();
    expect(await screen.findByRole('heading', { name: 'Properties' })).toBeInTheDocument();
    expect(await screen.findByText(/No properties/i)).toBeInTheDocument();
    // The page uses what was fetched a moment ago instead of asking again.
    expect(callsTo('/api/properties')).toHaveLength(1);
  });

  it('shows the Access Denied card with the recorded request to a waitlisted account', async () => {
    storeSession('Nina New', 'nina@example.com');
    network({
      ...workingProvider,
      '/api/users/me': () => ({
        status: 403,
        body: {
          status: 'error',
          message: 'Your access request has been recorded.',
          data: null,
          error: { code: 'WAITLISTED' },
        },
      }),
    });
    renderApp();

    expect(
      await screen.findByText(
        'Your access request has been recorded: an administrator has to approve it before you can use BEC.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    // Signed in at the provider all the same: the menu lets it sign out.
    expect(await screen.findByRole('button', { name: 'Nina New' })).toBeInTheDocument();
  });

  it('is signed out without a stored session, and never asks for the profile', async () => {
    const { callsTo } = network(workingProvider);
    renderApp();
    const signIn = await screen.findByRole('button', { name: 'Sign in' });
    await waitFor(() => expect(signIn).toBeEnabled());
    // The page is a lazy route: under load its chunk may arrive after the header.
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(callsTo('/api/users/me')).toHaveLength(0);
  });

  it('reads the sign-in settings the served page carries, without asking GET /api/config', async () => {
    const inline = document.createElement('script');
    inline.type = 'application/json';
    inline.id = CLIENT_CONFIG_ELEMENT_ID;
    inline.textContent = JSON.stringify(config.data);
    document.head.append(inline);
    try {
      const { callsTo } = network({
        [`${ISSUER}/.well-known/openid-configuration`]: () => ({ status: 200, body: discovery }),
      });
      renderApp();
      const signIn = await screen.findByRole('button', { name: 'Sign in' });
      await waitFor(() => expect(signIn).toBeEnabled());
      expect(callsTo('/api/config')).toHaveLength(0);
      expect(callsTo(`${ISSUER}/.well-known/openid-configuration`)).toHaveLength(1);
    } finally {
      inline.remove();
    }
  });

  it('paints the signed-out screen without waiting for the sign-in service', async () => {
    // The provider's discovery never answers: with no session stored, nobody can be signed in.
    const discoveryUrl = `${ISSUER}/.well-known/openid-configuration`;
    const { fetchMock } = network(workingProvider);
    const answer = fetchMock.getMockImplementation();
    fetchMock.mockImplementation((input, init) =>
      String(input) === discoveryUrl
        ? new Promise<Response>(() => undefined)
        : (answer?.(input, init) as Promise<Response>),
    );
    renderApp();
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    // Signing in needs the service: the button waits for it.
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('forgets a session whose token the API refuses', async () => {
    storeSession('Vera Viewer', 'vera@example.com');
    network({
      ...workingProvider,
      '/api/users/me': () => ({
        status: 401,
        body: {
          status: 'error',
          message: 'The access token is not valid.',
          data: null,
          error: { code: 'UNAUTHENTICATED' },
        },
      }),
    });
    renderApp();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(window.localStorage.getItem(USER_KEY)).toBeNull();
  });

  it('retries the sign-in service 5 times (degraded), then says it cannot be reached', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { callsTo } = network({ '/api/config': () => ({ status: 502, body: 'Bad gateway' }) });
    renderApp();

    expect(
      await screen.findByRole('status', { name: 'Reaching the sign-in service' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();

    // 125 + 250 + 500 + 1000 + 2000 ms between the 6 attempts.
    await vi.advanceTimersByTimeAsync(3875);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The sign-in service cannot be reached.',
    );
    expect(callsTo('/api/config')).toHaveLength(6);
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();

    // Back: Try again reaches it, and signing in is possible.
    network(workingProvider);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("says the page's own CSP blocks the provider, rather than that the provider is down", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const discoveryUrl = `${ISSUER}/.well-known/openid-configuration`;
    const { fetchMock } = network({ '/api/config': () => ({ status: 200, body: config }) });
    const unreachable = fetchMock.getMockImplementation();
    // As Chromium does: the fetch fails like a network error, and the violation follows in a task.
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === discoveryUrl) {
        setTimeout(() => {
          const event = Object.assign(new Event('securitypolicyviolation'), {
            blockedURI: discoveryUrl,
          });
          document.dispatchEvent(event);
        }, 0);
      }
      return unreachable?.(input, init) as Promise<Response>;
    });
    renderApp();
    // Signed out, the first attempt waits for the first paint; once it has failed, 5 retries.
    expect(
      await screen.findByRole('status', { name: 'Reaching the sign-in service' }),
    ).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(3875);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "This page's security policy (CSP) blocks the sign-in service at http://localhost:3000: whoever runs BEC has to allow it in the server's configuration.",
    );
  });

  it('keeps an expired session the provider cannot renew, and signs it in on Try again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeSession('Ana Admin', 'ana@example.com', -600);
    const me = () => ({
      status: 200,
      body: envelope({ id: 1, name: 'Ana Admin', email: 'ana@example.com', role: 'admin' }),
    });
    // The token endpoint is out of reach (the fake network throws for it).
    const down = network({ ...workingProvider, '/api/users/me': me });
    renderApp('/data');

    expect(
      await screen.findByRole('status', { name: 'Reaching the sign-in service' }),
    ).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(3875);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The sign-in service cannot be reached.',
    );
    expect(down.callsTo(`${ISSUER}/token`)).toHaveLength(6);
    // The page stays and says why it is empty; the session is kept for when the provider is back.
    expect(screen.getByText(/This page needs you signed in/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(USER_KEY)).not.toBeNull();
    expect(down.callsTo('/api/users/me')).toHaveLength(0);

    const up = network({
      ...workingProvider,
      '/api/users/me': me,
      [`${ISSUER}/token`]: () => ({
        status: 200,
        body: {
          access_token: 'at-456',
          token_type: 'Bearer',
          refresh_token: 'rt-456',
          expires_in: 3600,
        },
      }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Data' })).toBeInTheDocument();
    // The menu is a chunk of its own (not in the first load).
    expect(await screen.findByRole('button', { name: 'Ana Admin' })).toBeInTheDocument();
    const [, init] = up.callsTo('/api/users/me')[0] ?? [];
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer at-456');
  });
});
