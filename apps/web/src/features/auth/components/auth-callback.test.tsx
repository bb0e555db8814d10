import { screen } from '@testing-library/react';
import type { UserManager } from 'oidc-client-ts';
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AuthCallback } from '@/features/auth/components/auth-callback';
import { FakeAuthProvider, signedOutAuth } from '@/features/auth/testing/fake-auth';
import { renderRoutes } from '@/testing/render';

function renderCallback(signinCallback: UserManager['signinCallback']) {
  const userManager = { signinCallback } as unknown as UserManager;
  const auth = signedOutAuth({ userManager });
  return renderRoutes(
    [
      {
        path: '/auth/callback',
        element: (
          <StrictMode>
            <AuthCallback />
          </StrictMode>
        ),
      },
      { path: '/data', element: <p>Data page</p> },
      { path: '/home', element: <p>Home page</p> },
    ],
    '/auth/callback',
    { wrapper: ({ children }) => <FakeAuthProvider value={auth}>{children}</FakeAuthProvider> },
  );
}

describe('AuthCallback', () => {
  it('redeems the code once under StrictMode, then goes to the page the sign-in started from', async () => {
    const signinCallback = vi.fn(async () => ({ state: { returnTo: '/data' } }));
    const { router } = renderCallback(signinCallback as unknown as UserManager['signinCallback']);
    expect(await screen.findByText('Data page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/data');
    expect(signinCallback).toHaveBeenCalledOnce();
    expect(signinCallback).toHaveBeenCalledWith(window.location.href);
  });

  it('goes to /home when the sign-in started nowhere (or somewhere not ours)', async () => {
    const signinCallback = vi.fn(async () => ({ state: { returnTo: '//elsewhere.example/x' } }));
    const { router } = renderCallback(signinCallback as unknown as UserManager['signinCallback']);
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('shows the error with a link home when the code cannot be redeemed', async () => {
    const signinCallback = vi.fn(async () => {
      throw new Error('No matching state found in storage');
    });
    renderCallback(signinCallback as unknown as UserManager['signinCallback']);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error: No matching state found in storage',
    );
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute(
      'href',
      '/home',
    );
    expect(signinCallback).toHaveBeenCalledOnce();
  });
});
