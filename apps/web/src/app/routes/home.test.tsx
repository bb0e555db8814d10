import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Component as Home } from '@/app/routes/home';
import type { AuthContextValue } from '@/features/auth/auth-context';
import type { AuthStatus } from '@/features/auth/auth-machine';
import {
  FakeAuthProvider,
  fakeAuth,
  signedInAuth,
  signedOutAuth,
} from '@/features/auth/testing/fake-auth';
import { renderWithProviders } from '@/testing/render';

const STEPS = [
  'Sign in with your Google account.',
  'Request access to the project from the administrator.',
];
const RECORDED =
  'Your access request has been recorded: an administrator has to approve it before you can use BEC.';

function renderHome(auth: AuthContextValue) {
  return renderWithProviders(<Home />, {
    wrapper: ({ children }) => <FakeAuthProvider value={auth}>{children}</FakeAuthProvider>,
  });
}

describe('Home', () => {
  it('says "Loading..." while the session status is loading', () => {
    renderHome(fakeAuth());
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByText('Access Denied')).not.toBeInTheDocument();
  });

  it('shows the Access Denied card with its two steps when signed out', () => {
    renderHome(signedOutAuth());
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(STEPS);
    expect(screen.queryByText(RECORDED)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('adds that the access request was recorded for a waitlisted account', () => {
    renderHome(
      signedOutAuth({
        session: { subject: 's', name: 'Nina', email: 'nina@example.com' },
        waitlisted: true,
        error: { code: 'WAITLISTED', message: RECORDED },
      }),
    );
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText(RECORDED)).toBeInTheDocument();
    // Said once, as the recorded line, not again as an error.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows why the profile call failed when it was not the waitlist', () => {
    renderHome(
      signedOutAuth({
        session: { subject: 's', name: 'Vera', email: 'vera@example.com' },
        error: { code: 'DATABASE_UNAVAILABLE', message: 'The database is not answering.' },
      }),
    );
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Error: The database is not answering.');
    expect(screen.queryByText(RECORDED)).not.toBeInTheDocument();
  });

  it('welcomes a signed-in member and points to the sidebar', () => {
    renderHome(signedInAuth('viewer'));
    expect(
      screen.getByRole('heading', { name: 'Welcome to the BEC Project!' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/sidebar on the left/)).toBeInTheDocument();
    expect(screen.queryByText('Access Denied')).not.toBeInTheDocument();
  });

  it('says "Unknown status" for any other status', () => {
    renderHome(fakeAuth({ status: 'pending' as AuthStatus }));
    expect(screen.getByText('Unknown status')).toBeInTheDocument();
  });
});
