import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as AddProperty } from '@/app/routes/add-property';
import type { AuthContextValue } from '@/features/auth/auth-context';
import {
  FakeAuthProvider,
  fakeAuth,
  signedInAuth,
  signedOutAuth,
} from '@/features/auth/testing/fake-auth';
import { setAccessTokenSource } from '@/lib/access-token';
import { renderRoutes } from '@/testing/render';

function renderAt(auth: AuthContextValue) {
  return renderRoutes(
    [
      { path: '/', element: <p>Root page</p> },
      { path: '/addProperty', Component: AddProperty },
    ],
    '/addProperty',
    { wrapper: ({ children }) => <FakeAuthProvider value={auth}>{children}</FakeAuthProvider> },
  );
}

beforeEach(() => {
  setAccessTokenSource(async () => 'token-1');
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ status: 'success', message: 'OK', data: [] }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  setAccessTokenSource(null);
});

describe('/addProperty', () => {
  it('says "Loading..." while the session status is loading', () => {
    const { router } = renderAt(fakeAuth());
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/addProperty');
  });

  it.each(['editor', 'admin'] as const)('shows the form to an %s', async (role) => {
    const { router } = renderAt(signedInAuth(role));
    expect(await screen.findByRole('heading', { name: 'Add Property' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Property' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/addProperty');
  });

  it('sends a viewer to /', async () => {
    const { router } = renderAt(signedInAuth('viewer'));
    expect(await screen.findByText('Root page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('heading', { name: 'Add Property' })).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends a signed-out visitor to /', async () => {
    const { router } = renderAt(signedOutAuth());
    expect(await screen.findByText('Root page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
