import '@/features/saved-searches/messages';
import type { Role, SavedSearch } from '@bec/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Overlays from '@/components/overlays/overlays';
import { SavedSearchesNav } from '@/features/saved-searches/components/saved-searches-nav';
import { activateLocale } from '@/i18n/i18n';
import { setAccessTokenSource } from '@/lib/access-token';
import { renderRoutes } from '@/testing/render';
import { okReply, stubApi } from '@/testing/stub-api';

const search = (over: Partial<SavedSearch>): SavedSearch => ({
  id: 1,
  name: 'Depto Ñuñoa',
  scope: 'personal',
  owner_id: 7,
  owner_name: 'Pat editor',
  mine: true,
  filters: { city_id: '13120', rooms_min: '3' },
  subscribed: true,
  email: 'off',
  new_count: 0,
  opened_at: null,
  created_at: '2026-12-06T12:00:00.000Z',
  updated_at: '2026-12-06T12:00:00.000Z',
  ...over,
});

const OWN = search({ id: 1, name: 'Depto Ñuñoa', new_count: 3 });
const SHARED_OTHER = search({
  id: 2,
  name: 'Casas Providencia',
  scope: 'shared',
  owner_id: 9,
  owner_name: 'Ana Admin',
  mine: false,
  subscribed: false,
  new_count: 99,
  filters: { city_id: '13123', property_type_id: '2' },
});
const QUIET = search({ id: 3, name: 'Oficinas', new_count: 0 });

function renderNav(
  role: Role,
  currentFilters: Record<string, string> | null = null,
  searches: SavedSearch[] = [SHARED_OTHER, OWN, QUIET],
  { alertMail = false }: { alertMail?: boolean } = {},
) {
  // The server's list, as the subscription's mail choices leave it.
  let listed = searches;
  const api = stubApi({
    'GET /api/saved-searches': () => okReply(listed),
    'PUT /api/saved-searches/1/subscription': ({ body }) => {
      listed = listed.map((one) => (one.id === 1 ? { ...one, ...(body as object) } : one));
      return okReply(listed.find((one) => one.id === 1));
    },
    'POST /api/saved-searches/1/opened': okReply({ ...OWN, new_count: 0 }),
    'PATCH /api/saved-searches/1': okReply(OWN),
    'PUT /api/saved-searches/2/subscription': okReply({ ...SHARED_OTHER, subscribed: true }),
    'DELETE /api/saved-searches/1': okReply({ id: 1 }),
  });
  const view = renderRoutes(
    [
      {
        path: '/home',
        element: (
          <>
            <Overlays />
            <SavedSearchesNav role={role} alertMail={alertMail} currentFilters={currentFilters} />
          </>
        ),
      },
      { path: '/properties', element: <p>La grilla</p> },
    ],
    '/home',
  );
  return { api, ...view };
}

const openMenu = async (name: string) => {
  await userEvent.click(screen.getByRole('button', { name: `Opciones de «${name}»` }));
  return screen.findByRole('menu');
};
const menuItems = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);

beforeEach(async () => {
  await activateLocale('es-CL');
});

afterEach(() => {
  vi.unstubAllGlobals();
  setAccessTokenSource(null);
});

describe('SavedSearchesNav', () => {
  it('lista las búsquedas con sus nuevas: la marca de compartida y el tope "99+"', async () => {
    renderNav('editor');
    const list = await screen.findByRole('region', { name: 'Búsquedas guardadas' });
    const links = await within(list).findAllByRole('link');
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Casas Providencia, 99 o más propiedades nuevas',
      'Depto Ñuñoa, 3 propiedades nuevas',
      'Oficinas',
    ]);
    expect(links[0]).toHaveTextContent('Compartida');
    expect(links[0]).toHaveTextContent('99+ nuevas');
    expect(links[1]).toHaveTextContent('3 nuevas');
    expect(links[1]).not.toHaveTextContent('Compartida');
    expect(links[2]).not.toHaveTextContent('nueva');
    expect(links[1]).toHaveAttribute('href', '/properties?city_id=13120&rooms_min=3');
  });

  it('dice "1 propiedad nueva" en singular', async () => {
    renderNav('viewer', null, [search({ new_count: 1 })]);
    expect(
      await screen.findByRole('link', { name: 'Depto Ñuñoa, 1 propiedad nueva' }),
    ).toHaveTextContent('1 nueva');
  });

  it('abrir una la marca como vista: la grilla con sus filtros y el contador a cero', async () => {
    const { api, router } = renderNav('editor');
    await userEvent.click(
      await screen.findByRole('link', { name: 'Depto Ñuñoa, 3 propiedades nuevas' }),
    );
    await waitFor(() =>
      expect(api.requestsTo('POST /api/saved-searches/1/opened')).toHaveLength(1),
    );
    expect(router.state.location.pathname).toBe('/properties');
    expect(router.state.location.search).toBe('?city_id=13120&rooms_min=3');
  });

  it('el dueño (editor) la renombra, la actualiza, deja de seguirla o la elimina; de una compartida ajena, solo seguirla', async () => {
    renderNav('editor', { city_id: '13120', rooms_min: '4' });
    await screen.findByRole('link', { name: /^Depto Ñuñoa/ });
    expect(menuItems(await openMenu('Depto Ñuñoa'))).toEqual([
      'Renombrar',
      'Actualizar con los filtros actuales',
      'Dejar de seguir',
      'Eliminar',
    ]);
    await userEvent.keyboard('{Escape}');
    expect(menuItems(await openMenu('Casas Providencia'))).toEqual(['Seguir']);
  });

  it('un administrador también administra las compartidas de otros', async () => {
    renderNav('admin');
    await screen.findByRole('link', { name: /^Casas Providencia/ });
    expect(menuItems(await openMenu('Casas Providencia'))).toEqual([
      'Renombrar',
      'Actualizar con los filtros actuales',
      'Seguir',
      'Eliminar',
    ]);
  });

  it('"Actualizar con los filtros actuales" envía los filtros de la grilla; sin grilla, no se puede', async () => {
    const { api, unmount } = renderNav('viewer', { city_id: '13120', rooms_min: '4' });
    await screen.findByRole('link', { name: /^Depto Ñuñoa/ });
    await userEvent.click(
      within(await openMenu('Depto Ñuñoa')).getByRole('menuitem', {
        name: 'Actualizar con los filtros actuales',
      }),
    );
    await waitFor(() => expect(api.requestsTo('PATCH /api/saved-searches/1')).toHaveLength(1));
    expect(api.requestsTo('PATCH /api/saved-searches/1')[0]?.body).toEqual({
      filters: { city_id: '13120', rooms_min: '4' },
    });
    unmount();

    renderNav('viewer', null);
    await screen.findByRole('link', { name: /^Depto Ñuñoa/ });
    expect(
      within(await openMenu('Depto Ñuñoa')).getByRole('menuitem', {
        name: 'Actualizar con los filtros actuales',
      }),
    ).toBeDisabled();
  });

  it('seguir una compartida', async () => {
    const { api } = renderNav('viewer');
    await screen.findByRole('link', { name: /^Casas Providencia/ });
    await userEvent.click(
      within(await openMenu('Casas Providencia')).getByRole('menuitem', { name: 'Seguir' }),
    );
    await waitFor(() =>
      expect(api.requestsTo('PUT /api/saved-searches/2/subscription')[0]?.body).toEqual({
        subscribed: true,
        locale: 'es-CL',
      }),
    );
  });

  it('sin correo en el servidor, el menú no ofrece la elección del correo', async () => {
    renderNav('editor');
    await screen.findByRole('link', { name: /^Depto Ñuñoa/ });
    const menu = await openMenu('Depto Ñuñoa');
    expect(within(menu).queryByText('Correo')).not.toBeInTheDocument();
    expect(within(menu).queryAllByRole('menuitemradio')).toHaveLength(0);
  });

  it('con correo en el servidor, una búsqueda seguida ofrece el correo, con la elección vigente marcada; una no seguida, no', async () => {
    renderNav('editor', null, undefined, { alertMail: true });
    await screen.findByRole('link', { name: /^Depto Ñuñoa/ });
    const menu = await openMenu('Depto Ñuñoa');
    const choices = within(menu).getByRole('group', { name: 'Correo' });
    const options = within(choices).getAllByRole('menuitemradio');
    expect(options.map((option) => option.textContent)).toEqual([
      'No enviar',
      'Al instante',
      'Resumen diario (08:00)',
    ]);
    expect(options.map((option) => option.getAttribute('aria-checked'))).toEqual([
      'true',
      'false',
      'false',
    ]);
    expect(menuItems(menu)).toEqual([
      'Renombrar',
      'Actualizar con los filtros actuales',
      'Dejar de seguir',
      'Eliminar',
    ]);
    await userEvent.keyboard('{Escape}');
    const other = await openMenu('Casas Providencia');
    expect(within(other).queryAllByRole('menuitemradio')).toHaveLength(0);
    expect(within(other).queryByText('Correo')).not.toBeInTheDocument();
  });

  it('elegir "Resumen diario" envía el modo y el idioma, avisa y lo marca como elegido', async () => {
    const { api } = renderNav('viewer', null, undefined, { alertMail: true });
    await screen.findByRole('link', { name: /^Depto Ñuñoa/ });
    await userEvent.click(
      within(await openMenu('Depto Ñuñoa')).getByRole('menuitemradio', {
        name: 'Resumen diario (08:00)',
      }),
    );
    await waitFor(() =>
      expect(api.requestsTo('PUT /api/saved-searches/1/subscription')).toHaveLength(1),
    );
    expect(api.requestsTo('PUT /api/saved-searches/1/subscription')[0]?.body).toEqual({
      email: 'daily',
      locale: 'es-CL',
    });
    expect(
      await screen.findByText('«Depto Ñuñoa»: un resumen diario por correo, a las 08:00'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(api.requestsTo('GET /api/saved-searches').length).toBeGreaterThan(1),
    );
    const menu = await openMenu('Depto Ñuñoa');
    await waitFor(() =>
      expect(
        within(menu).getByRole('menuitemradio', { name: 'Resumen diario (08:00)' }),
      ).toHaveAttribute('aria-checked', 'true'),
    );
    expect(within(menu).getByRole('menuitemradio', { name: 'No enviar' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
  });

  it('en inglés, la elección se llama "Email" y envía el idioma en', async () => {
    await activateLocale('en');
    const { api } = renderNav('viewer', null, undefined, { alertMail: true });
    await screen.findByRole('link', { name: /^Depto Ñuñoa/ });
    await userEvent.click(await screen.findByRole('button', { name: 'Options of “Depto Ñuñoa”' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(within(menu).getByRole('group', { name: 'Email' }))
        .getAllByRole('menuitemradio')
        .map((option) => option.textContent),
    ).toEqual(['Off', 'Immediately', 'Daily digest (08:00)']);
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: 'Immediately' }));
    await waitFor(() =>
      expect(api.requestsTo('PUT /api/saved-searches/1/subscription')[0]?.body).toEqual({
        email: 'immediate',
        locale: 'en',
      }),
    );
  });

  it('renombrar: el nombre nuevo se envía', async () => {
    const { api } = renderNav('editor');
    await screen.findByRole('link', { name: /^Depto Ñuñoa/ });
    await userEvent.click(
      within(await openMenu('Depto Ñuñoa')).getByRole('menuitem', { name: 'Renombrar' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Renombrar «Depto Ñuñoa»' });
    const name = within(dialog).getByRole('textbox', { name: /^Nombre/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Depto Ñuñoa 3D');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Renombrar' }));
    await waitFor(() =>
      expect(api.requestsTo('PATCH /api/saved-searches/1')[0]?.body).toEqual({
        name: 'Depto Ñuñoa 3D',
      }),
    );
  });

  it('eliminar pide confirmación, y solo entonces la elimina', async () => {
    const { api } = renderNav('editor');
    await screen.findByRole('link', { name: /^Depto Ñuñoa/ });
    await userEvent.click(
      within(await openMenu('Depto Ñuñoa')).getByRole('menuitem', { name: 'Eliminar' }),
    );
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar «Depto Ñuñoa»?' });
    expect(api.requestsTo('DELETE /api/saved-searches/1')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(api.requestsTo('DELETE /api/saved-searches/1')).toHaveLength(1));
    expect(await screen.findByText('Búsqueda «Depto Ñuñoa» eliminada')).toBeInTheDocument();
  });

  it('sin búsquedas, dice cómo guardar una', async () => {
    renderNav('viewer', null, []);
    expect(
      await screen.findByText('Guarda los filtros de Propiedades para volver a ellos desde aquí.'),
    ).toBeInTheDocument();
  });
});
