import '@/features/saved-searches/messages';
import type { ClientConfig, Role, SavedSearch } from '@bec/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SavedSearchesNav } from '@/app/saved-searches-nav';
import { FakeAuthProvider, signedInAuth } from '@/features/auth/testing/fake-auth';
import { activateLocale } from '@/i18n/i18n';
import { setAccessTokenSource } from '@/lib/access-token';
import { renderRoutes } from '@/testing/render';
import { okReply, stubApi } from '@/testing/stub-api';

const SEARCH: SavedSearch = {
  id: 1,
  name: 'Depto Ñuñoa',
  scope: 'personal',
  owner_id: 7,
  owner_name: 'Pat editor',
  mine: true,
  filters: { city_id: '13120' },
  subscribed: true,
  email: 'immediate',
  new_count: 0,
  opened_at: null,
  created_at: '2026-12-06T12:00:00.000Z',
  updated_at: '2026-12-06T12:00:00.000Z',
};

const config = (alertMail: boolean | undefined): ClientConfig => ({
  oidc: {
    issuer: 'http://127.0.0.1:9/realms/bec',
    client_id: 'bec',
    audience: 'bec',
    scopes: 'openid',
  },
  dev_signin: false,
  map_tiles: { url: 'http://127.0.0.1:9/{z}/{x}/{y}.png', attribution: [] },
  ...(alertMail === undefined ? {} : { alert_mail: alertMail }),
});

const EDITOR: Role = 'editor';

function renderWith(alertMail: boolean | undefined) {
  stubApi({ 'GET /api/saved-searches': okReply([SEARCH]) });
  const auth = signedInAuth(EDITOR, { clientConfig: config(alertMail) });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <FakeAuthProvider value={auth}>{children}</FakeAuthProvider>
  );
  renderRoutes([{ path: '/home', element: <SavedSearchesNav role={EDITOR} /> }], '/home', {
    wrapper,
  });
}

const openMenu = async () => {
  await screen.findByRole('link', { name: /^Depto Ñuñoa/ });
  await userEvent.click(screen.getByRole('button', { name: 'Opciones de «Depto Ñuñoa»' }));
  return screen.findByRole('menu');
};

beforeEach(async () => {
  await activateLocale('es-CL');
});

afterEach(() => {
  vi.unstubAllGlobals();
  setAccessTokenSource(null);
});

describe('SavedSearchesNav (la barra lateral de la app)', () => {
  it('ofrece el correo cuando la configuración del servidor dice alert_mail', async () => {
    renderWith(true);
    const menu = await openMenu();
    expect(within(menu).getByRole('menuitemradio', { name: 'Al instante' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  it('no lo ofrece con alert_mail en false', async () => {
    renderWith(false);
    expect(within(await openMenu()).queryAllByRole('menuitemradio')).toHaveLength(0);
  });

  it('sin alert_mail en la configuración (un servidor anterior), tampoco', async () => {
    renderWith(undefined);
    expect(within(await openMenu()).queryAllByRole('menuitemradio')).toHaveLength(0);
  });
});
