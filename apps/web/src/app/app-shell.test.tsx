import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppLayout } from '@/app/app-shell';
import type { AuthContextValue } from '@/features/auth/auth-context';
import {
  FakeAuthProvider,
  fakeAuth,
  signedInAuth,
  signedOutAuth,
} from '@/features/auth/testing/fake-auth';
import { activateLocale } from '@/i18n/i18n';
import { setAccessTokenSource } from '@/lib/access-token';
import { renderRoutes } from '@/testing/render';
import { okReply, stubApi } from '@/testing/stub-api';

function renderShell(auth: AuthContextValue, path = '/home') {
  return renderRoutes(
    [{ path: '/', Component: AppLayout, children: [{ path: '*', element: <p>The page</p> }] }],
    path,
    { wrapper: ({ children }) => <FakeAuthProvider value={auth}>{children}</FakeAuthProvider> },
  );
}

const navbar = () => screen.getByRole('navigation', { name: 'Main navigation' });

/** Opens the sidebar (it starts collapsed) and answers its links as "label href". */
async function sidebarLinks() {
  await userEvent.click(screen.getByRole('button', { name: 'Toggle navigation' }));
  return within(navbar())
    .queryAllByRole('link')
    .map((link) => `${link.textContent} ${link.getAttribute('href')}`);
}

afterEach(() => {
  vi.unstubAllGlobals();
  setAccessTokenSource(null);
});

const UF_IN_EFFECT = okReply({
  uf: { date: '2026-11-24', value: 39643.59, source: 'cmf' },
  today: '2026-11-24',
  is_today: true,
});

describe('app shell', () => {
  it('has the BEC label linking to /home and renders the page', () => {
    renderShell(signedOutAuth(), '/data');
    expect(screen.getByRole('link', { name: 'BEC' })).toHaveAttribute('href', '/home');
    expect(screen.getByText('The page')).toBeInTheDocument();
  });

  it('starts with the sidebar collapsed; the burger opens it and its close button closes it', async () => {
    renderShell(signedOutAuth());
    const toggle = screen.getByRole('button', { name: 'Toggle navigation' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(navbar()).toHaveAttribute('inert');

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(navbar()).not.toHaveAttribute('inert');

    await userEvent.click(within(navbar()).getByRole('button', { name: 'Close navigation' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(navbar()).toHaveAttribute('inert');
  });

  describe('sidebar links by status and role', () => {
    it('loading: no links, a loader in the header', async () => {
      renderShell(fakeAuth());
      expect(await sidebarLinks()).toEqual([]);
      expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
    });

    it('signed out: Home only, and a sign-in button', async () => {
      renderShell(signedOutAuth());
      expect(await sidebarLinks()).toEqual(['Home /home']);
      expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    });

    it.each(['viewer', 'editor'] as const)(
      '%s: Home, Properties, Board, Brokers, Data',
      async (role) => {
        renderShell(signedInAuth(role));
        expect(await sidebarLinks()).toEqual([
          'Home /home',
          'Properties /properties',
          'Board /board',
          'Brokers /brokers',
          'Data /data',
        ]);
      },
    );

    it("admin: the members' links, Users, Audit and Settings", async () => {
      renderShell(signedInAuth('admin'));
      expect(await sidebarLinks()).toEqual([
        'Home /home',
        'Properties /properties',
        'Board /board',
        'Brokers /brokers',
        'Data /data',
        'Users /users',
        'Audit /audit',
        'Settings /settings',
      ]);
    });

    it('waitlisted: Home only, though signed in at the provider', async () => {
      renderShell(
        signedOutAuth({
          session: { subject: 's', name: 'Nina New', email: 'nina@example.com' },
          waitlisted: true,
        }),
      );
      expect(await sidebarLinks()).toEqual(['Home /home']);
    });
  });

  it('marks the current page in the sidebar', async () => {
    renderShell(signedInAuth('viewer'), '/data');
    await sidebarLinks();
    expect(within(navbar()).getByRole('link', { name: 'Data' })).toHaveAttribute('data-active');
    expect(within(navbar()).getByRole('link', { name: 'Home' })).not.toHaveAttribute('data-active');
  });

  it('signed in: the user menu shows name, email and role, and signs out', async () => {
    const signOut = vi.fn(async () => undefined);
    renderShell(signedInAuth('editor', { signOut }));
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Pat editor' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('pat.editor@example.com')).toBeInTheDocument();
    expect(within(menu).getByText('editor')).toBeInTheDocument();

    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));
    expect(signOut).toHaveBeenCalledOnce();
  });

  it('waitlisted: the menu still offers to sign out, with the access request noted', async () => {
    renderShell(
      signedOutAuth({
        session: { subject: 's', name: 'Nina New', email: 'nina@example.com' },
        waitlisted: true,
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Nina New' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('access requested')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('sign in asks the identity provider', async () => {
    const signIn = vi.fn(async () => undefined);
    // Any non-null user manager makes the button usable; the click goes through signIn.
    const userManager = {} as AuthContextValue['userManager'];
    renderShell(signedOutAuth({ signIn, userManager }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(signIn).toHaveBeenCalledOnce();
  });

  it('shows that the sign-in service cannot be reached instead of the sign-in button', () => {
    renderShell(
      signedOutAuth({ identityProvider: { status: 'error', failures: 6, reason: 'HTTP 502' } }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The sign-in service cannot be reached.');
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('shows a loader while the sign-in service is being retried', () => {
    renderShell(fakeAuth({ identityProvider: { status: 'degraded', failures: 2, reason: 'x' } }));
    expect(
      screen.getByRole('status', { name: 'Reaching the sign-in service' }),
    ).toBeInTheDocument();
  });

  describe('the UF prices are converted with, in the header (ADR 026)', () => {
    it.each(['viewer', 'editor', 'admin'] as const)('%s sees its value and day', async (role) => {
      const api = stubApi({ 'GET /api/uf': UF_IN_EFFECT });
      renderShell(signedInAuth(role));
      const chip = await screen.findByTitle(
        'The UF value prices are converted with: that of Nov 24, 2026',
      );
      expect(chip).toHaveTextContent('1 UF = CLP$ 39,643.59 · Nov 24, 2026');
      expect(api.requestsTo('GET /api/uf')).toHaveLength(1);
    });

    it('in Spanish when Spanish is the language', async () => {
      await act(() => activateLocale('es-CL'));
      stubApi({ 'GET /api/uf': UF_IN_EFFECT });
      renderShell(signedInAuth('viewer'));
      const chip = await screen.findByTitle(
        'Valor de la UF con que se convierten los precios: el del 24-11-2026',
      );
      expect(chip).toHaveTextContent('1 UF = CLP$ 39.643,59 · 24-11-2026');
    });

    it('is not there signed out, nor while no UF value is known', async () => {
      const api = stubApi({
        'GET /api/uf': okReply({ uf: null, today: '2026-11-24', is_today: false }),
      });
      const { unmount } = renderShell(signedOutAuth());
      expect(api.requestsTo('GET /api/uf')).toHaveLength(0);
      unmount();
      renderShell(signedInAuth('viewer'));
      await vi.waitFor(() => expect(api.requestsTo('GET /api/uf')).toHaveLength(1));
      expect(screen.queryByText(/1 UF =/)).not.toBeInTheDocument();
    });
  });
  describe('saved searches and alerts (ADR 053)', () => {
    it('a member has the alerts bell with its unread count; signed out there is none', async () => {
      const api = stubApi({ 'GET /api/alerts/unread': okReply({ unread: 2 }) });
      const { unmount } = renderShell(signedInAuth('viewer'));
      expect(await screen.findByRole('button', { name: 'Alerts, 2 unread' })).toBeInTheDocument();
      unmount();
      renderShell(signedOutAuth());
      expect(screen.queryByRole('button', { name: /^Alerts/ })).not.toBeInTheDocument();
      expect(api.requestsTo('GET /api/alerts/unread')).toHaveLength(1);
    });

    it('the sidebar loads the saved searches when first opened, in Spanish too', async () => {
      await act(() => activateLocale('es-CL'));
      const api = stubApi({
        'GET /api/alerts/unread': okReply({ unread: 0 }),
        'GET /api/saved-searches': okReply([
          {
            id: 1,
            name: 'Depto Ñuñoa',
            scope: 'shared',
            owner_id: 7,
            owner_name: 'Pat editor',
            mine: true,
            filters: { city_id: '13120' },
            subscribed: true,
            email: 'off',
            new_count: 3,
            opened_at: null,
            created_at: '2026-12-06T12:00:00.000Z',
            updated_at: '2026-12-06T12:00:00.000Z',
          },
        ]),
      });
      renderShell(signedInAuth('editor'));
      await screen.findByRole('button', { name: 'Alertas' });
      expect(api.requestsTo('GET /api/saved-searches')).toHaveLength(0);
      await userEvent.click(screen.getByRole('button', { name: 'Abrir o cerrar el menú' }));
      const nav = screen.getByRole('navigation', { name: 'Navegación principal' });
      const saved = await within(nav).findByRole('region', { name: 'Búsquedas guardadas' });
      expect(
        await within(saved).findByRole('link', { name: 'Depto Ñuñoa, 3 propiedades nuevas' }),
      ).toHaveAttribute('href', '/properties?city_id=13120');
    });
  });
});
