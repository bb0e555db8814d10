import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/router';
import Overlays from '@/components/overlays/overlays';
import type { AuthContextValue } from '@/features/auth/auth-context';
import {
  FakeAuthProvider,
  fakeAuth,
  signedInAuth,
  signedOutAuth,
} from '@/features/auth/testing/fake-auth';
import { setAccessTokenSource } from '@/lib/access-token';
import { renderRoutes } from '@/testing/render';
import { okReply, stubApi } from '@/testing/stub-api';

const ana = {
  id: 7,
  name: 'Pat admin',
  email: 'pat.admin@example.com',
  role: 'admin',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};
const nina = {
  id: 11,
  name: 'Nina Nueva',
  email: 'nina@example.com',
  requested_at: '2026-02-01T00:00:00.000Z',
};

function stubAdminApi() {
  return stubApi({
    'GET /api/users': okReply({ items: [ana], next_cursor: null }),
    'GET /api/waitlist': okReply({ items: [nina], next_cursor: null }),
  });
}

function visit(path: string, auth: AuthContextValue) {
  return renderRoutes(routes, path, {
    wrapper: ({ children }: { children: ReactNode }) => (
      <FakeAuthProvider value={auth}>
        <Overlays />
        {children}
      </FakeAuthProvider>
    ),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  setAccessTokenSource(null);
});

describe.each([
  ['/users', 'Users List'],
  ['/waitlist', 'Waitlist'],
])('%s (admins only)', (path, title) => {
  it('sends a signed-out visitor to /home', async () => {
    const api = stubAdminApi();
    const { router } = visit(path, signedOutAuth());
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it.each(['viewer', 'editor'] as const)(
    'sends a %s to /home, fetching no admin data',
    async (role) => {
      const api = stubAdminApi();
      const { router } = visit(path, signedInAuth(role));
      expect(
        await screen.findByRole('heading', { name: 'Welcome to the BEC Project!' }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/home');
      expect(screen.queryByRole('heading', { name: title })).not.toBeInTheDocument();
      // Home asks for the member's own upcoming visits, the header for the UF in use and the
      // unread alerts, and for nothing an admin screen shows.
      const header = ['/api/visits/upcoming', '/api/uf', '/api/alerts/unread'];
      const fetched = api.fetchMock.mock.calls.map(
        ([input]) => new URL(String(input), 'http://x').pathname,
      );
      expect(fetched.filter((p) => !header.includes(p))).toEqual([]);
    },
  );

  it('says "Loading..." while the session status is loading', async () => {
    const api = stubAdminApi();
    const { router } = visit(path, fakeAuth());
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    expect(api.fetchMock).not.toHaveBeenCalled();
  });
});

describe('/users', () => {
  it('shows an admin the "Users List" table and a Waitlist button to /waitlist', async () => {
    stubAdminApi();
    visit('/users', signedInAuth('admin'));
    expect(await screen.findByRole('heading', { name: 'Users List' })).toBeInTheDocument();
    expect(await screen.findByText('pat.admin@example.com')).toBeInTheDocument();
    expect(screen.getByText('(you)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Waitlist' })).toHaveAttribute('href', '/waitlist');
  });
});

describe('/waitlist', () => {
  it('shows an admin the waitlist, fetched for it', async () => {
    const api = stubAdminApi();
    visit('/waitlist', signedInAuth('admin'));
    expect(await screen.findByRole('heading', { name: 'Waitlist' })).toBeInTheDocument();
    expect(await screen.findByText('Nina Nueva')).toBeInTheDocument();
    expect(api.requestsTo('GET /api/waitlist')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Users List' })).toHaveAttribute('href', '/users');
  });
});

describe('/data', () => {
  it('shows the Data section to a member', async () => {
    visit('/data', signedInAuth('viewer'));
    // The Data route's chunk (map and charts) is the largest lazy import: on a busy machine its
    // first transform alone outlasts findBy's default second.
    expect(
      await screen.findByRole('heading', { name: 'Data' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it('sends a signed-out visitor to /home', async () => {
    const { router } = visit('/data', signedOutAuth());
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });
});
