import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import type { AuthContextValue } from '@/features/auth/auth-context';
import {
  FakeAuthProvider,
  fakeAuth,
  signedInAuth,
  signedOutAuth,
} from '@/features/auth/testing/fake-auth';
import { renderRoutes } from '@/testing/render';

function visit(path: string, auth: AuthContextValue) {
  return renderRoutes(routes, path, {
    wrapper: ({ children }) => <FakeAuthProvider value={auth}>{children}</FakeAuthProvider>,
  });
}

describe('routes', () => {
  it('/ goes to /home', async () => {
    const { router } = visit('/', signedOutAuth());
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('/data shows the Data section', async () => {
    visit('/data', signedInAuth('viewer'));
    // The Data route's chunk (map and charts) is the largest lazy import: on a busy machine its
    // first transform alone outlasts findBy's default second.
    expect(
      await screen.findByRole('heading', { name: 'Data' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  describe('/properties', () => {
    it('sends a signed-out visitor to /, which goes on to /home', async () => {
      const { router } = visit('/properties', signedOutAuth());
      expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/home');
    });

    it('says "Loading..." while the session status is loading', async () => {
      const { router } = visit('/properties', fakeAuth());
      expect(await screen.findByText('Loading...')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/properties');
    });

    it.each(['viewer', 'editor', 'admin'] as const)('is open to a %s', async (role) => {
      visit('/properties', signedInAuth(role));
      expect(await screen.findByRole('heading', { name: 'Properties' })).toBeInTheDocument();
      expect(screen.getByRole('search', { name: 'Property filters' })).toBeInTheDocument();
    });
  });

  describe('/users', () => {
    it('sends a signed-out visitor to /home', async () => {
      const { router } = visit('/users', signedOutAuth());
      expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/home');
    });

    it.each(['viewer', 'editor'] as const)('sends a %s to /home', async (role) => {
      const { router } = visit('/users', signedInAuth(role));
      expect(
        await screen.findByRole('heading', { name: 'Welcome to the BEC Project!' }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/home');
    });

    it('is open to an admin', async () => {
      const { router } = visit('/users', signedInAuth('admin'));
      expect(await screen.findByRole('heading', { name: 'Users List' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/users');
    });

    it('says "Loading..." while the session status is loading', async () => {
      visit('/users', fakeAuth());
      expect(await screen.findByText('Loading...')).toBeInTheDocument();
    });
  });

  it('answers an unknown path with a not-found page linking home', async () => {
    visit('/no/such/page', signedOutAuth());
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute(
      'href',
      '/home',
    );
  });
});
