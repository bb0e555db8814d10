import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/router';
import Overlays from '@/components/overlays/overlays';
import type { AuthContextValue } from '@/features/auth/auth-context';
import { FakeAuthProvider, signedInAuth, signedOutAuth } from '@/features/auth/testing/fake-auth';
import { openedProperties } from '@/features/offline/opened-properties';
import { activateLocale } from '@/i18n/i18n';
import { setAccessTokenSource } from '@/lib/access-token';
import { lasCondesHouse } from '@/testing/property-fixtures';
import { renderRoutes } from '@/testing/render';
import { errorReply, okReply, type StubRoute, stubApi } from '@/testing/stub-api';

const property = lasCondesHouse;

function visit(path: string, auth: AuthContextValue = signedInAuth('viewer')) {
  return renderRoutes(routes, path, {
    wrapper: ({ children }) => (
      <FakeAuthProvider value={auth}>
        <Overlays />
        {children}
      </FakeAuthProvider>
    ),
  });
}

const stubProperty = (reply: StubRoute) => stubApi({ 'GET /api/properties/2': reply });

/** The value shown for a label in the detail's lists. */
function shownFor(label: string) {
  const term = screen.getByText(label, { selector: 'dt' });
  const item = term.parentElement;
  if (!item) throw new Error(`no item for ${label}`);
  return within(item).getByRole('definition');
}

// The page is a lazy route: load its code once, up front, so no test waits for it (nor for the
// grid's, where a delete goes).
beforeAll(async () => {
  await import('@/app/routes/property-detail');
  await import('@/app/routes/properties');
});

afterEach(() => {
  vi.unstubAllGlobals();
  setAccessTokenSource(null);
  notifications.clean();
  modals.closeAll();
});

describe('/properties/:id', () => {
  it('shows every field of the property', async () => {
    stubProperty(okReply(property));
    visit('/properties/2');
    expect(
      await screen.findByRole('heading', { name: 'Casa con jardín en Las Condes' }),
    ).toBeInTheDocument();
    expect(shownFor('Address')).toHaveTextContent(
      'Camino El Alba 9420, Las Condes, Metropolitana de Santiago',
    );
    expect(shownFor('Price')).toHaveTextContent('CLP$ 690,000,000');
    expect(shownFor('Price per m²')).toHaveTextContent('CLP$ 2,875,000/m² of building area');
    expect(shownFor('Property type')).toHaveTextContent('Casa');
    expect(shownFor('Building area')).toHaveTextContent('240 m²');
    expect(shownFor('Land area')).toHaveTextContent('620 m²');
    expect(shownFor('Parking area')).toHaveTextContent('36 m²');
    expect(shownFor('Additional area')).toHaveTextContent('12.5 m²');
    expect(shownFor('Basement area')).toHaveTextContent('40 m²');
    expect(shownFor('Rooms')).toHaveTextContent('5');
    expect(shownFor('Visited')).toHaveTextContent('Sí');
    expect(shownFor('Broker')).toHaveTextContent('Carolina Rojas');
    expect(shownFor('Created by')).toHaveTextContent('Elena Editora');
    expect(shownFor('Updated by')).toHaveTextContent('Ana Admin');
    expect(shownFor('Created')).toHaveTextContent('Mar 5, 2025');
    expect(shownFor('Updated')).toHaveTextContent('Apr 10, 2025');
    expect(
      screen.getByText('Piscina y quincho; revisar filtraciones en el subterráneo.'),
    ).toBeInTheDocument();

    const maps = screen.getByRole('link', { name: 'Open in Google Maps' });
    expect(maps).toHaveAttribute('href', property.google_maps_url);
    expect(maps).toHaveAttribute('target', '_blank');
    expect(maps.getAttribute('rel')).toContain('noopener');

    expect(screen.getByText('No images available for this property.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to properties' })).toHaveAttribute(
      'href',
      '/properties',
    );
    expect(document.title).toBe('Property · BEC');
  });

  it('shows the property in Spanish: labels, values, prices and dates in its formats', async () => {
    await act(() => activateLocale('es-CL'));
    stubProperty(okReply({ ...property, visited: false }));
    visit('/properties/2', signedInAuth('editor'));
    expect(
      await screen.findByRole('heading', { name: 'Casa con jardín en Las Condes' }),
    ).toBeInTheDocument();
    expect(shownFor('Dirección')).toHaveTextContent(
      'Camino El Alba 9420, Las Condes, Metropolitana de Santiago',
    );
    expect(shownFor('Precio')).toHaveTextContent('CLP$ 690.000.000');
    expect(shownFor('Precio por m²')).toHaveTextContent(
      'CLP$ 2.875.000/m² de superficie construida',
    );
    expect(shownFor('Superficie construida')).toHaveTextContent('240 m²');
    expect(shownFor('Superficie del terreno')).toHaveTextContent('620 m²');
    expect(shownFor('Superficie adicional')).toHaveTextContent('12,5 m²');
    expect(shownFor('Dormitorios')).toHaveTextContent('5');
    expect(shownFor('Visitada')).toHaveTextContent('No');
    expect(shownFor('Corredor')).toHaveTextContent('Carolina Rojas');
    expect(shownFor('Creada')).toHaveTextContent('05-03-2025');
    expect(screen.getByText('No visitada')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Detalles' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir en Google Maps' })).toBeInTheDocument();
    expect(screen.getByText('No hay imágenes de esta propiedad.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Editar propiedad' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Volver a propiedades' })).toBeInTheDocument();
    expect(document.title).toBe('Propiedad · BEC');

    await userEvent.click(screen.getByRole('button', { name: 'Eliminar propiedad' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar propiedad' });
    expect(dialog).toHaveTextContent(
      '¿Eliminar Casa con jardín en Las Condes? También se eliminan sus fotos. Esto no se puede deshacer.',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Eliminar' })).toBeInTheDocument();
  });

  it('leaves out the optional areas that are not set, and says "No" when not visited', async () => {
    stubProperty(
      okReply({
        ...property,
        parking_sqmts: null,
        additional_sqmts: null,
        basement_sqmts: null,
        visited: false,
        rooms: null,
        broker_name: null,
        broker_id: null,
        created_by_name: null,
        notes: null,
      }),
    );
    visit('/properties/2');
    await screen.findByRole('heading', { name: 'Casa con jardín en Las Condes' });
    expect(screen.queryByText('Parking area')).not.toBeInTheDocument();
    expect(screen.queryByText('Additional area')).not.toBeInTheDocument();
    expect(screen.queryByText('Basement area')).not.toBeInTheDocument();
    expect(shownFor('Visited')).toHaveTextContent('No');
    expect(shownFor('Rooms')).toHaveTextContent('Not recorded');
    expect(shownFor('Broker')).toHaveTextContent('No broker');
    expect(shownFor('Created by')).toHaveTextContent('Not recorded');
    expect(screen.getByText('No notes.')).toBeInTheDocument();
  });

  it('shows the photos as thumbnails, each opening the full-screen viewer on its photo', async () => {
    stubProperty(
      okReply({
        ...property,
        photo_urls: [
          {
            id: 1,
            url: '/media/1.webp',
            thumbnail_url: '/media/1-t.webp',
            original_url: '/media/1.jpg',
            width: 800,
            height: 600,
          },
          {
            id: 2,
            url: '/media/2.webp',
            thumbnail_url: '/media/2-t.webp',
            original_url: '/media/2.jpg',
            width: null,
            height: null,
          },
        ],
      }),
    );
    visit('/properties/2');
    const first = await screen.findByRole('img', {
      name: 'Photo 1 of 2 of Casa con jardín en Las Condes',
    });
    expect(first).toHaveAttribute('src', '/media/1-t.webp');
    expect(
      screen.getByRole('img', { name: 'Photo 2 of 2 of Casa con jardín en Las Condes' }),
    ).toHaveAttribute('src', '/media/2-t.webp');
    expect(screen.queryByText('No images available for this property.')).not.toBeInTheDocument();

    fireEvent.click(
      screen.getByRole('button', { name: 'Photo 2 of 2 of Casa con jardín en Las Condes' }),
    );
    const viewer = await screen.findByRole('dialog', {
      name: 'Photos of Casa con jardín en Las Condes',
    });
    const current = viewer.querySelector<HTMLElement>('.yarl__slide_current');
    expect(current && within(current).getByRole('img')).toHaveAttribute('src', '/media/2.webp');
  });

  it('shows a viewer no delete button', async () => {
    stubProperty(okReply(property));
    visit('/properties/2', signedInAuth('viewer'));
    await screen.findByRole('heading', { name: 'Casa con jardín en Las Condes' });
    const main = screen.getByRole('main');
    expect(within(main).queryByRole('button', { name: /delete/i })).not.toBeInTheDocument();
    expect(within(main).queryAllByRole('button')).toHaveLength(0);
  });

  it.each(['editor', 'admin'] as const)(
    'lets an %s delete the property after a confirm dialog naming it, then goes to the grid',
    async (role) => {
      const api = stubApi({
        'GET /api/properties/2': okReply(property),
        'DELETE /api/properties/2': okReply({ id: 2 }, 'Property deleted'),
      });
      const { router, queryClient } = visit('/properties/2', signedInAuth(role));
      const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
      await screen.findByRole('heading', { name: 'Casa con jardín en Las Condes' });

      await userEvent.click(screen.getByRole('button', { name: 'Delete property' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete property' });
      expect(dialog).toHaveTextContent(
        'Delete Casa con jardín en Las Condes? Its photos are deleted too. This cannot be undone.',
      );
      // Nothing is sent before the confirmation; cancelling sends nothing either.
      expect(api.requestsTo('DELETE /api/properties/2')).toHaveLength(0);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(api.requestsTo('DELETE /api/properties/2')).toHaveLength(0);

      await userEvent.click(screen.getByRole('button', { name: 'Delete property' }));
      const again = await screen.findByRole('dialog', { name: 'Delete property' });
      await userEvent.click(within(again).getByRole('button', { name: 'Delete' }));

      expect(await screen.findByText('Property deleted')).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.pathname).toBe('/properties'));
      expect(api.requestsTo('DELETE /api/properties/2')).toHaveLength(1);
      // The grid has asked for its list by now; the deleted property was never asked for again
      // (it would answer 404).
      await waitFor(() => expect(api.requestsTo('GET /api/properties')).not.toHaveLength(0));
      expect(api.requestsTo('GET /api/properties/2')).toHaveLength(1);
      expect(invalidate).toHaveBeenCalledWith({ queryKey: ['properties', 'list'] });
      // The member's own app drops it (ADR 060): its page and sections leave the cache (and so
      // the saved working set) once the page is gone, and it leaves the opened list.
      for (const key of [
        ['properties', 'detail', 2],
        ['properties', 'history', 2],
        ['properties', 'market', 'comparables', 2],
        ['visits', 'property', 2],
      ])
        await waitFor(() => expect(queryClient.getQueryState(key)).toBeUndefined());
      expect(await openedProperties('sub-7')).not.toContain(2);
      expect(api.requestsTo('GET /api/properties/2')).toHaveLength(1);
    },
  );

  it("shows the server's message when the delete fails, and stays on the page", async () => {
    stubApi({
      'GET /api/properties/2': okReply(property),
      'DELETE /api/properties/2': errorReply(404, 'NOT_FOUND', 'Property 2 not found.'),
    });
    const { router } = visit('/properties/2', signedInAuth('editor'));
    await screen.findByRole('heading', { name: 'Casa con jardín en Las Condes' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete property' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete property' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('It does not exist, or it was deleted.')).toBeInTheDocument();
    expect(screen.getByText('Property not deleted')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/properties/2');
  });

  it.each(['abc', '1e3', '0', '-4'])('says "Property ID is missing" for the id %s', async (id) => {
    const { requests } = stubApi({});
    visit(`/properties/${id}`);
    expect(await screen.findByText('Property ID is missing')).toBeInTheDocument();
    // Nothing about a property (the header asks for the UF in use and the unread alerts).
    const header = ['/api/uf', '/api/alerts/unread'];
    expect(requests.filter((request) => !header.includes(request.path))).toHaveLength(0);
  });

  it('says the property was not found on a 404, with a way back', async () => {
    stubApi({
      'GET /api/properties/999': errorReply(404, 'NOT_FOUND', 'Property 999 not found.'),
    });
    visit('/properties/999');
    expect(await screen.findByText('Property 999 was not found.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Property not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to properties' })).toHaveAttribute(
      'href',
      '/properties',
    );
  });

  it('shows "Error: …" with why when the load fails', async () => {
    stubProperty(errorReply(503, 'DATABASE_UNAVAILABLE', 'The database is not answering.'));
    visit('/properties/2');
    expect(
      await screen.findByText(
        'Error: The database is unavailable right now; try again in a moment.',
      ),
    ).toBeInTheDocument();
  });

  it('sends a signed-out visitor to /home', async () => {
    const { requests } = stubApi({});
    const { router } = visit('/properties/2', signedOutAuth());
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    expect(requests).toHaveLength(0);
  });
});
