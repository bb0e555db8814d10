import type { PropertyDetail, Region } from '@bec/contracts';
import { Notifications, notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/router';
import type { AuthContextValue } from '@/features/auth/auth-context';
import { FakeAuthProvider, signedInAuth } from '@/features/auth/testing/fake-auth';
import { activateLocale } from '@/i18n/i18n';
import { setAccessTokenSource } from '@/lib/access-token';
import { lasCondesHouse } from '@/testing/property-fixtures';
import { renderRoutes } from '@/testing/render';
import { errorReply, okReply, type StubRoute, stubApi } from '@/testing/stub-api';

const REGIONS: Region[] = [
  {
    id: 13,
    code: '13',
    name: 'Metropolitana de Santiago',
    roman: 'XIII',
    comunas: [{ id: 13114, code: '13114', name: 'Las Condes' }],
  },
];
const TYPES = [{ id: 1, name: 'Casa' }];
/** What GET /api/brokers adds to each broker besides its name and contact. */
const BROKER_EXTRA = { notes: null, archived_at: null, updated_at: '2026-01-01T00:00:00.000Z' };
const BROKERS = [
  { id: 1, name: 'Carolina Rojas', company: null, phone: null, email: null, ...BROKER_EXTRA },
];

const photo = (id: number) => ({
  id,
  url: `/photos/${id}.webp`,
  thumbnail_url: `/photos/${id}-thumb.webp`,
  original_url: `/photos/${id}.jpg`,
  width: 1600,
  height: 1200,
});

// The detail tests' house, with photos and without the optional fields.
const property: PropertyDetail = {
  ...lasCondesHouse,
  photo_url: '/photos/21-thumb.webp',
  parking_sqmts: null,
  additional_sqmts: null,
  basement_sqmts: null,
  google_maps_url: null,
  latitude: null,
  longitude: null,
  notes: null,
  updated_by_id: 3,
  updated_by_name: 'Elena Editora',
  photo_urls: [photo(21), photo(22), photo(23)],
};

const CONFLICT =
  'This property was changed by Ana Admin after you opened it. Reload it to see the changes, then edit again.';
/** What the editor reads for it: the code's text in the current language (ADR 016). */
const CONFLICT_TEXT =
  'This clashes with a change made in the meantime: reload to see where things stand, then try again.';

function visit(path: string, auth: AuthContextValue = signedInAuth('editor')) {
  return renderRoutes(routes, path, {
    wrapper: ({ children }) => (
      <FakeAuthProvider value={auth}>
        <Notifications />
        {children}
      </FakeAuthProvider>
    ),
  });
}

function stub(routesOverride: Record<string, StubRoute>) {
  return stubApi({
    'GET /api/regions': okReply(REGIONS),
    'GET /api/property-types': okReply(TYPES),
    'GET /api/brokers': okReply(BROKERS),
    'GET /api/properties/2': okReply(property),
    ...routesOverride,
  });
}

const tile = (name: string) =>
  screen.getByRole('listitem', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}$`) });

const coverSrc = (name = 'Photo 1 (cover)') => tile(name).querySelector('img')?.getAttribute('src');

/**
 * jsdom lays nothing out, and dnd-kit's keyboard moves go to the nearest tile in the arrow's
 * direction by their boxes: give the photo tiles the boxes of a 4-column grid (plus the drag's
 * inline translate, as a browser would), everything else keeps jsdom's empty box.
 */
function layOutPhotoTiles() {
  const jsdomRect = Element.prototype.getBoundingClientRect;
  return vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: Element,
  ) {
    if (!(this instanceof HTMLElement) || !this.dataset.photoKey || !this.parentElement) {
      return jsdomRect.call(this);
    }
    const index = Array.from(this.parentElement.children).indexOf(this);
    const [, x = '0', y = '0'] =
      /translate3d\((-?[\d.]+)px, (-?[\d.]+)px/.exec(this.style.transform) ?? [];
    return DOMRect.fromRect({
      x: (index % 4) * 210 + Number(x),
      y: Math.floor(index / 4) * 260 + Number(y),
      width: 200,
      height: 250,
    });
  });
}

beforeAll(async () => {
  await import('@/app/routes/property-edit');
  await import('@/app/routes/property-detail');
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setAccessTokenSource(null);
  notifications.clean();
});

describe('/properties/:id/edit', () => {
  it('fills the form from the property, saves the new order and price, then shows the property', async () => {
    const api = stub({
      'PUT /api/properties/2': okReply({ id: 2, updated_at: '2025-05-01T10:00:00.000Z' }),
    });
    const { router, queryClient } = visit('/properties/2/edit');
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Casa con jardín en Las Condes');
    expect(screen.getByRole('textbox', { name: 'Price (CLP)' })).toHaveValue('690,000,000');
    expect(screen.getByRole('textbox', { name: 'Rooms' })).toHaveValue('5');
    expect(screen.getByRole('combobox', { name: 'Stage' })).toHaveValue('Visited');

    const price = screen.getByRole('textbox', { name: 'Price (CLP)' });
    await userEvent.clear(price);
    await userEvent.type(price, '700000000');

    // 22 becomes the cover, 21 moves right (after 23), 23 is then removed.
    await userEvent.click(within(tile('Photo 2')).getByRole('button', { name: 'Make cover' }));
    await userEvent.click(within(tile('Photo 2')).getByRole('button', { name: 'Move right' }));
    expect(tile('Photo 1 (cover)').querySelector('img')).toHaveAttribute(
      'src',
      '/photos/22-thumb.webp',
    );
    await userEvent.click(within(tile('Photo 2')).getByRole('button', { name: 'Remove' }));

    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Property updated successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/properties/2'));

    const [put] = api.requestsTo('PUT /api/properties/2');
    expect(put?.body).toMatchObject({
      name: 'Casa con jardín en Las Condes',
      price: 700_000_000,
      city_id: 13114,
      property_type_id: 1,
      broker_id: 1,
      updated_at: '2025-04-10T20:30:00.000Z',
      photos: [22, 21],
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['properties'] });
  });

  it('edits in Spanish: labels, the price in its format, photo buttons, announcements, the toast', async () => {
    layOutPhotoTiles();
    await act(() => activateLocale('es-CL'));
    const api = stub({
      'PUT /api/properties/2': okReply({ id: 2, updated_at: '2025-05-01T10:00:00.000Z' }),
    });
    const { router } = visit('/properties/2/edit');
    expect(await screen.findByRole('textbox', { name: 'Nombre' })).toHaveValue(
      'Casa con jardín en Las Condes',
    );
    expect(screen.getByRole('heading', { name: 'Editar propiedad' })).toBeInTheDocument();
    expect(document.title).toBe('Editar propiedad · BEC');
    const price = screen.getByRole('textbox', { name: 'Precio (CLP)' });
    expect(price).toHaveValue('690.000.000');
    expect(screen.getByRole('textbox', { name: 'Dormitorios' })).toHaveValue('5');
    expect(screen.getByRole('combobox', { name: 'Etapa' })).toHaveValue('Visitada');
    await userEvent.clear(price);
    await userEvent.type(price, '700000000');
    // The box keeps what was typed; under it, the number that will be saved, in Spanish.
    expect(price).toHaveValue('700000000');
    expect(price).toHaveAccessibleDescription('Se guardará: CLP$ 700.000.000');

    const cover = tile('Foto 1 (portada)');
    expect(within(cover).getByText('Portada')).toBeInTheDocument();
    within(cover).getByRole('button', { name: 'Arrastra la foto 1 para reordenar' }).focus();
    await userEvent.keyboard('[Space]');
    expect(await screen.findByText('Tomaste la foto 1.')).toBeInTheDocument();
    await userEvent.keyboard('[Escape]');
    expect(
      await screen.findByText('Movimiento cancelado. La foto 1 queda en la posición 1 (portada).'),
    ).toBeInTheDocument();
    await userEvent.click(
      within(tile('Foto 3')).getByRole('button', { name: 'Usar como portada' }),
    );
    expect(coverSrc('Foto 1 (portada)')).toBe('/photos/23-thumb.webp');

    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('¡Propiedad actualizada!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/properties/2'));
    const [put] = api.requestsTo('PUT /api/properties/2');
    expect(put?.body).toMatchObject({ price: 700_000_000, photos: [23, 21, 22] });
  });

  it('reorders the photos by keyboard drag and drop on their grips and saves that order', async () => {
    layOutPhotoTiles();
    const api = stub({
      'PUT /api/properties/2': okReply({ id: 2, updated_at: '2025-05-01T10:00:00.000Z' }),
    });
    const { router } = visit('/properties/2/edit');
    await screen.findByRole('textbox', { name: 'Name' });
    expect(coverSrc()).toBe('/photos/21-thumb.webp');

    // Photo 1 (21) goes one place right: 22, 21, 23.
    within(tile('Photo 1 (cover)'))
      .getByRole('button', { name: 'Drag photo 1 to reorder' })
      .focus();
    await userEvent.keyboard('[Space]');
    expect(await screen.findByText('Picked up photo 1.')).toBeInTheDocument();
    await userEvent.keyboard('[ArrowRight]');
    await userEvent.keyboard('[Space]');
    expect(await screen.findByText('Photo 1 moved to position 2.')).toBeInTheDocument();
    expect(coverSrc()).toBe('/photos/22-thumb.webp');
    expect(tile('Photo 2').querySelector('img')).toHaveAttribute('src', '/photos/21-thumb.webp');

    // Photo 3 (23) goes two places left, to the cover: 23, 22, 21.
    within(tile('Photo 3')).getByRole('button', { name: 'Drag photo 3 to reorder' }).focus();
    await userEvent.keyboard('[Space]');
    await userEvent.keyboard('[ArrowLeft]');
    await userEvent.keyboard('[ArrowLeft]');
    await userEvent.keyboard('[Space]');
    expect(await screen.findByText('Photo 3 moved to position 1 (cover).')).toBeInTheDocument();
    const srcs = screen
      .getAllByRole('listitem')
      .filter((item) => item.dataset.photoKey)
      .map((item) => item.querySelector('img')?.getAttribute('src'));
    expect(srcs).toEqual([
      '/photos/23-thumb.webp',
      '/photos/22-thumb.webp',
      '/photos/21-thumb.webp',
    ]);
    expect(within(tile('Photo 1 (cover)')).getByText('Cover')).toBeInTheDocument();

    // Escape puts a picked-up photo back where it was.
    within(tile('Photo 2')).getByRole('button', { name: 'Drag photo 2 to reorder' }).focus();
    await userEvent.keyboard('[Space]');
    await userEvent.keyboard('[ArrowLeft]');
    await userEvent.keyboard('[Escape]');
    expect(
      await screen.findByText('Moving cancelled. Photo 2 stays at position 2.'),
    ).toBeInTheDocument();
    expect(coverSrc()).toBe('/photos/23-thumb.webp');

    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/properties/2'));
    const [put] = api.requestsTo('PUT /api/properties/2');
    expect(put?.body).toMatchObject({ photos: [23, 22, 21] });
  });

  it("shows the server's conflict message with Reload, which refills the form from the property", async () => {
    let loads = 0;
    const api = stub({
      'GET /api/properties/2': () => {
        loads += 1;
        return okReply(
          loads === 1
            ? property
            : { ...property, name: 'Casa renombrada', updated_at: '2025-05-01T10:00:00.000Z' },
        );
      },
      'PUT /api/properties/2': errorReply(409, 'CONFLICT', CONFLICT),
    });
    const { router } = visit('/properties/2/edit');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Mi versión');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    const alert = await screen.findByRole('alert', { name: /Not saved/ });
    expect(alert).toHaveTextContent(CONFLICT_TEXT);
    expect(router.state.location.pathname).toBe('/properties/2/edit');
    expect(api.requestsTo('PUT /api/properties/2')).toHaveLength(1);

    await userEvent.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Casa renombrada'),
    );
    expect(screen.queryByRole('alert', { name: /Not saved/ })).not.toBeInTheDocument();
    expect(loads).toBe(2);
  });

  it('sends a viewer to /', async () => {
    stub({});
    const { router } = visit('/properties/2/edit', signedInAuth('viewer'));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/properties/2/edit'));
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  });

  it('offers an edit link on the detail page to editors', async () => {
    stub({});
    visit('/properties/2', signedInAuth('admin'));
    const link = await screen.findByRole('link', { name: 'Edit property' });
    expect(link).toHaveAttribute('href', '/properties/2/edit');
  });
});
