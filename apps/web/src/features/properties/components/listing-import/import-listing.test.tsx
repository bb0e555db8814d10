import type { ImportedListing } from '@bec/contracts';
import { Notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddPropertyForm } from '@/features/properties/components/property-form/add-property-form';
import { setAccessTokenSource } from '@/lib/access-token';
import { SANTIAGO_REGION, PROPERTY_TYPES as TYPES } from '@/testing/reference-fixtures';
import { renderRoutes } from '@/testing/render';
import { fileReply, okReply, type StubReply, type StubRoute, stubApi } from '@/testing/stub-api';

const REGIONS = [SANTIAGO_REGION];

const TEXT =
  'Vendo depto en Ñuñoa 🏢 3D 2B, 1 estac. + bodega, 78 m2 útiles, piso 7, UF 5.450 conversable, GC $120.000. Metro cerca';

/** What the API reads from TEXT (apps/api/src/modules/listing-import/listing-text.ts). */
const READING: ImportedListing = {
  fields: {
    property_type_id: 2,
    city_id: 13120,
    price: 5450,
    price_unit: 'UF',
    rooms: 3,
    bathrooms: 2,
    parking_spaces: 1,
    storage_units: 1,
    common_expenses: 120000,
    floor: 7,
    building_sqmts: 78,
    name: 'Departamento 3D 2B en Ñuñoa',
  },
  sources: {
    property_type_id: 'depto',
    city_id: 'Ñuñoa',
    price: 'UF 5.450',
    price_unit: 'UF 5.450',
    rooms: '3D',
    bathrooms: '2B',
    parking_spaces: '1 estac.',
    storage_units: 'bodega',
    common_expenses: 'GC $120.000',
    floor: 'piso 7',
    building_sqmts: '78 m2 útiles',
    name: 'depto · Ñuñoa · 3D 2B',
  },
  photos: [],
};

const fieldError = (rule: string) => ({
  status: 400,
  body: {
    status: 'error',
    message: 'Request validation failed',
    data: null,
    error: { code: 'VALIDATION_FAILED', issues: [{ field: 'url', rule, params: {} }] },
  },
});

function renderForm(routes: Record<string, StubRoute>) {
  const api = stubApi({
    'GET /api/regions': okReply(REGIONS),
    'GET /api/property-types': okReply(TYPES),
    'GET /api/brokers': okReply([]),
    'POST /api/properties/duplicates': okReply({ candidates: [] }),
    ...routes,
  });
  renderRoutes([{ path: '/addProperty', element: <AddPropertyForm /> }], '/addProperty', {
    wrapper: ({ children }) => (
      <>
        <Notifications />
        {children}
      </>
    ),
  });
  return api;
}

const user = () => userEvent.setup({ delay: null });
const dialog = () => screen.getByRole('dialog', { name: 'Import a listing' });

async function openAndRead(source: string) {
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Comuna' })).toBeEnabled());
  await user().click(screen.getByRole('button', { name: 'Import listing' }));
  const box = await within(dialog()).findByRole('textbox', { name: /Listing text or link/ });
  await user().click(box);
  await user().paste(source);
  await user().click(within(dialog()).getByRole('button', { name: 'Read listing' }));
}

/** A box of the add form by its label. */
const formBox = (label: string) =>
  within(screen.getByRole('form', { name: /property/i })).getByRole('textbox', {
    name: new RegExp(`^${label}`),
  });

afterEach(() => {
  vi.unstubAllGlobals();
  setAccessTokenSource(null);
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

/** jsdom makes no object URLs: these name each blob made, and record those revoked. */
function objectUrls() {
  const made: string[] = [];
  const revoked: string[] = [];
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:thumbnail-${made.length + 1}-${blob.type}`;
      made.push(url);
      return url;
    },
    revokeObjectURL: (url: string) => revoked.push(url),
  });
  return { made, revoked };
}

/** A WebP's first bytes: the stub answers them as the API's thumbnail. */
const WEBP = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50]);

describe('Import listing', () => {
  it('shows each proposed value beside its words, sends a text as text, and fills the form with what stays ticked and edited', async () => {
    const api = renderForm({ 'POST /api/properties/import': okReply(READING) });
    await openAndRead(TEXT);

    const preview = within(dialog());
    expect(await preview.findByText("Check the listing's data")).toBeVisible();
    expect(api.requestsTo('POST /api/properties/import')[0]?.body).toEqual({ text: TEXT });
    // Values in the form's own boxes, type and comuna by name, each beside its words.
    expect(preview.getByRole('textbox', { name: /^Price \(UF\)/ })).toHaveValue('5,450');
    expect(preview.getByText('From the listing: “UF 5.450”')).toBeVisible();
    expect(preview.getByRole('textbox', { name: /^Rooms/ })).toHaveValue('3');
    expect(preview.getByText('From the listing: “3D”')).toBeVisible();
    expect(preview.getByRole('combobox', { name: 'Property type' })).toHaveValue('Departamento');
    expect(preview.getByRole('combobox', { name: 'Comuna' })).toHaveValue('Ñuñoa');
    expect(preview.getByRole('checkbox', { name: 'Use Floor' })).toHaveAccessibleDescription(
      'From the listing: “piso 7”',
    );
    // The rows follow the form's order (ADR 066): the common expenses before the floor, as there.
    const rows = preview.getAllByRole('checkbox');
    expect(
      rows.indexOf(preview.getByRole('checkbox', { name: /^Use Common expenses/ })),
    ).toBeLessThan(rows.indexOf(preview.getByRole('checkbox', { name: 'Use Floor' })));

    // Drop the floor, correct the bathrooms.
    await user().click(preview.getByRole('checkbox', { name: 'Use Floor' }));
    expect(preview.getByRole('textbox', { name: /^Floor/ })).toBeDisabled();
    const bathrooms = preview.getByRole('textbox', { name: /^Bathrooms/ });
    await user().clear(bathrooms);
    await user().type(bathrooms, '3');
    await user().click(preview.getByRole('button', { name: 'Use this data' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(formBox('Name')).toHaveValue('Departamento 3D 2B en Ñuñoa');
    expect(formBox('Price \\(UF\\)')).toHaveValue('5,450');
    expect(formBox('Rooms')).toHaveValue('3');
    expect(formBox('Bathrooms')).toHaveValue('3');
    expect(formBox('Floor')).toHaveValue('');
    expect(formBox('Common expenses')).toHaveValue('120,000');
    expect(screen.getByRole('combobox', { name: 'Comuna' })).toHaveValue('Ñuñoa');
    expect(screen.getByRole('combobox', { name: 'Property type' })).toHaveValue('Departamento');
    expect(
      await screen.findByText("The form has the listing's data: check it and save."),
    ).toBeVisible();
  });

  it('replaces what the form holds only where the row stays ticked, and says so', async () => {
    renderForm({ 'POST /api/properties/import': okReply(READING) });
    await waitFor(() => expect(formBox('Name')).toBeEnabled());
    await user().click(formBox('Name'));
    await user().paste('Mi nombre');
    await user().click(formBox('Rooms'));
    await user().paste('4');
    await openAndRead(TEXT);

    const preview = within(dialog());
    const useName = await preview.findByRole('checkbox', { name: 'Use Name' });
    expect(useName).toHaveAccessibleDescription(
      'From the listing: “depto · Ñuñoa · 3D 2B” The form already has a value here: it is replaced only if this stays ticked.',
    );
    await user().click(useName);
    await user().click(preview.getByRole('button', { name: 'Use this data' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(formBox('Name')).toHaveValue('Mi nombre');
    expect(formBox('Rooms')).toHaveValue('3');
  });

  it('sends a lone link as a link and shows the API’s refusal at the box, in words', async () => {
    const api = renderForm({ 'POST /api/properties/import': fieldError('url_not_allowed') });
    await openAndRead('  http://10.0.0.1/aviso  ');

    const box = within(dialog()).getByRole('textbox', { name: /Listing text or link/ });
    await waitFor(() =>
      expect(box).toHaveAccessibleDescription(
        expect.stringContaining(
          "BEC cannot open that address: use a public http or https link, or paste the listing's text",
        ),
      ),
    );
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(api.requestsTo('POST /api/properties/import')[0]?.body).toEqual({
      url: 'http://10.0.0.1/aviso',
    });
  });

  it('says when nothing was found, and asks for the text', async () => {
    renderForm({
      'POST /api/properties/import': okReply({ fields: {}, sources: {}, photos: [] }),
    });
    await openAndRead('https://portal.example/aviso/1');
    expect(await within(dialog()).findByText('We found no data in the listing')).toBeVisible();
    expect(
      within(dialog()).getByText(
        "Try pasting the listing's text instead of its link, or a fuller text.",
      ),
    ).toBeVisible();
  });

  it('reads with a progress line and a Cancel that stops the request', async () => {
    let aborted = false;
    const api = renderForm({
      'POST /api/properties/import': () => new Promise(() => undefined),
    });
    await openAndRead(TEXT);
    const status = await within(dialog()).findByRole('status');
    expect(status).toHaveTextContent('Reading the listing…');
    const signal = api.fetchMock.mock.calls.at(-1)?.[1]?.signal;
    signal?.addEventListener('abort', () => {
      aborted = true;
    });
    await user().click(within(status).getByRole('button', { name: 'Cancel' }));
    expect(aborted).toBe(true);
    expect(within(dialog()).getByRole('button', { name: 'Read listing' })).toBeEnabled();
  });

  it('fetches the chosen photos on accept and adds them to the form’s photos by their paths', async () => {
    const photos = [
      'https://portal.example/img/fachada.jpg',
      'https://portal.example/img/plano.png',
    ];
    const api = renderForm({
      'POST /api/properties/import': okReply({ ...READING, photos }),
      'POST /api/properties/import/photos': okReply([
        { url: photos[1], path: 'uploads/u1/plano.png' },
      ]),
    });
    await openAndRead('https://portal.example/aviso/1');
    const preview = within(dialog());
    await user().click(await preview.findByRole('checkbox', { name: 'Photo 1: fachada.jpg' }));
    expect(preview.getByRole('link', { name: 'View photo 2 in a new tab' })).toHaveAttribute(
      'href',
      photos[1],
    );
    await user().click(preview.getByRole('button', { name: 'Use this data' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requestsTo('POST /api/properties/import/photos')[0]?.body).toEqual({
      urls: [photos[1]],
    });
    const tiles = within(screen.getByRole('list', { name: 'Chosen photos' })).getAllByRole(
      'listitem',
    );
    expect(tiles).toHaveLength(1);
    expect(tiles[0]).toHaveAccessibleName('plano.png');
    // No image from another site: the tile shows the name and where it came from.
    expect(within(tiles[0] as HTMLElement).queryByRole('img')).toBeNull();
    expect(tiles[0]).toHaveTextContent('portal.example');
  });

  it('shows each proposed photo as the API’s thumbnail, from a blob, and says which it could not show', async () => {
    const urls = objectUrls();
    const photos = ['https://portal.example/img/fachada.jpg', 'http://10.0.0.1/img/plano.png'];
    const api = renderForm({
      'POST /api/properties/import': okReply({ ...READING, photos }),
      'POST /api/properties/import/thumbnail': ({ body }) =>
        (body as { url: string }).url === photos[0]
          ? fileReply(WEBP, 'image/webp')
          : fieldError('url_not_allowed'),
    });
    await openAndRead('https://portal.example/aviso/1');
    const preview = within(dialog());

    const first = await preview.findByRole('img', { name: 'Listing photo 1' });
    expect(first).toHaveAttribute('src', 'blob:thumbnail-1-image/webp');
    expect(await preview.findByText('Could not be shown')).toBeVisible();
    expect(preview.queryByRole('img', { name: 'Listing photo 2' })).toBeNull();
    // Refused, it can still be chosen, and its tick says why there is no image.
    const second = preview.getByRole('checkbox', { name: 'Photo 2: plano.png' });
    expect(second).toBeChecked();
    expect(second).toBeEnabled();
    expect(second).toHaveAccessibleDescription('Could not be shown');
    expect(preview.getByRole('checkbox', { name: 'Photo 1: fachada.jpg' })).toBeChecked();
    expect(
      api.requestsTo('POST /api/properties/import/thumbnail').map((request) => request.body),
    ).toEqual([{ url: photos[0] }, { url: photos[1] }]);
    expect(
      api.fetchMock.mock.calls
        .filter(([input]) => String(input).endsWith('/thumbnail'))
        .map(([, init]) => new Headers(init?.headers).get('authorization')),
    ).toEqual(['Bearer test-token', 'Bearer test-token']);

    // Closing the dialog lets the object URLs go.
    await user().keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(urls.revoked).toEqual(urls.made);
  });

  it('asks for at most four thumbnails at once, with a placeholder for each on its way', async () => {
    objectUrls();
    const photos = Array.from({ length: 6 }, (_, i) => `https://portal.example/img/${i + 1}.jpg`);
    const pending: (() => void)[] = [];
    const api = renderForm({
      'POST /api/properties/import': okReply({ ...READING, photos }),
      'POST /api/properties/import/thumbnail': () =>
        new Promise<StubReply>((resolve) => {
          pending.push(() => resolve(fileReply(WEBP, 'image/webp')));
        }),
    });
    await openAndRead('https://portal.example/aviso/1');
    const preview = within(dialog());
    await preview.findByRole('checkbox', { name: 'Photo 6: 6.jpg' });
    const asked = () => api.requestsTo('POST /api/properties/import/thumbnail').length;
    await waitFor(() => expect(asked()).toBe(4));
    expect(preview.queryAllByRole('img')).toHaveLength(0);

    pending.shift()?.();
    expect(await preview.findByRole('img', { name: 'Listing photo 1' })).toBeVisible();
    await waitFor(() => expect(asked()).toBe(5));
    for (const answer of pending.splice(0)) answer();
    await waitFor(() => expect(asked()).toBe(6));
    for (const answer of pending.splice(0)) answer();
    await waitFor(() => expect(preview.getAllByRole('img')).toHaveLength(6));
  });
});
