import type { Region } from '@bec/contracts';
import { Notifications, notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { propertyKeys } from '@/features/properties/api/query-keys';
import { AddPropertyForm } from '@/features/properties/components/property-form/add-property-form';
import { activateLocale } from '@/i18n/i18n';
import { setAccessTokenSource } from '@/lib/access-token';
import { SANTIAGO_REGION, PROPERTY_TYPES as TYPES } from '@/testing/reference-fixtures';
import { createTestQueryClient, renderRoutes } from '@/testing/render';
import { stubXhr, type XhrAnswer } from '@/testing/stub-xhr';

const REGIONS: Region[] = [
  {
    id: 5,
    code: '05',
    name: 'Valparaíso',
    roman: 'V',
    comunas: [{ id: 5101, code: '05101', name: 'Valparaíso' }],
  },
  SANTIAGO_REGION,
];
/** What GET /api/brokers adds to each broker besides its name and contact. */
const BROKER_EXTRA = { notes: null, archived_at: null, updated_at: '2026-01-01T00:00:00.000Z' };
const BROKERS = [
  { id: 3, name: 'Carolina Muñoz', company: null, phone: null, email: null, ...BROKER_EXTRA },
  {
    id: 4,
    name: 'Felipe Araya',
    company: 'Corredora del Sur',
    phone: null,
    email: null,
    ...BROKER_EXTRA,
  },
];

const REQUIRED_MESSAGES = [
  'Name is required',
  'Comuna is required',
  'Price is required',
  'Property type is required',
];

type Call = { method: string; url: string; body: unknown };
type AddAnswer = { status: number; body: unknown } | 'network-error';
type UploadFile = { name: string; content_type: string; size: number };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (data: unknown, message = 'OK') => json(200, { status: 'success', message, data });
const added = (id: number): AddAnswer => ({
  status: 201,
  body: { status: 'success', message: 'Property added successfully!', data: { id } },
});

/**
 * Answers the reference data, and POST /api/properties/add with `addAnswers` in turn. POST
 * /api/photos/upload_url answers with `uploadUrlAnswers` in turn, then signs every file asked for
 * (URL `/storage/up/{n}-{name}?sig=t`, path `up/{n}-{name}`, n counting every file signed).
 */
function mockApi(
  addAnswers: AddAnswer[] = [],
  uploadUrlAnswers: AddAnswer[] = [],
  duplicateAnswers: AddAnswer[] = [],
) {
  const calls: Call[] = [];
  let signed = 0;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    if (url === '/api/regions') return ok(REGIONS);
    if (url === '/api/property-types') return ok(TYPES);
    if (url === '/api/brokers') return ok(BROKERS);
    if (url === '/api/photos/upload_url' && method === 'POST') {
      const answer = uploadUrlAnswers.shift();
      if (answer === 'network-error') throw new TypeError('Failed to fetch');
      if (answer) return json(answer.status, answer.body);
      return ok(
        (body as UploadFile[]).map(({ name, content_type }) => {
          signed += 1;
          return {
            name,
            url: `/storage/up/${signed}-${name}?sig=t`,
            path: `up/${signed}-${name}`,
            headers: { 'Content-Type': content_type },
          };
        }),
      );
    }
    // The duplicate check before the save: none found, unless a test says otherwise.
    if (url === '/api/properties/duplicates' && method === 'POST') {
      const answer = duplicateAnswers.shift();
      if (answer === 'network-error') throw new TypeError('Failed to fetch');
      return answer ? json(answer.status, answer.body) : ok({ candidates: [] });
    }
    if (url === '/api/properties/add' && method === 'POST') {
      const answer = addAnswers.shift();
      if (!answer) throw new Error('unexpected POST');
      if (answer === 'network-error') throw new TypeError('Failed to fetch');
      return json(answer.status, answer.body);
    }
    return json(404, {
      status: 'error',
      message: 'Not found',
      data: null,
      error: { code: 'NOT_FOUND' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  // The writes (the duplicate check only reads).
  const posts = () =>
    calls.filter((call) => call.method === 'POST' && call.url !== '/api/properties/duplicates');
  return { calls, posts };
}

/**
 * Stubs the PUTs to storage, logging each in `calls` (with its content type and file name) in the
 * order made. `answer` decides each one's fate (default: 200 after progress events).
 */
function mockStorage(
  calls: Call[],
  answer: (url: string) => XhrAnswer = () => ({ status: 200, statusText: 'OK' }),
) {
  return stubXhr((request) => {
    calls.push({
      method: request.method,
      url: request.url,
      body: {
        contentType: request.headers['content-type'],
        authorization: request.headers.authorization,
        file: request.body instanceof File ? request.body.name : request.body,
      },
    });
    return answer(request.url);
  });
}

/** The calls that are not the form's reference data. */
/** What was sent (the duplicate check aside, which only reads). */
const sent = (calls: Call[]) =>
  calls.filter((call) => call.method !== 'GET' && call.url !== '/api/properties/duplicates');

function renderForm() {
  const queryClient = createTestQueryClient();
  const view = renderRoutes(
    [
      { path: '/addProperty', element: <AddPropertyForm /> },
      { path: '/properties/:id', element: <p>Property page</p> },
    ],
    '/addProperty',
    {
      queryClient,
      wrapper: ({ children }: { children: ReactNode }) => (
        <>
          <Notifications />
          {children}
        </>
      ),
    },
  );
  return { ...view, queryClient };
}

/** A text or number box by its label (the asterisk of required ones is hidden from names). */
const field = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label}`) });
/** A select by its label. */
const select = (label: string) => screen.getByRole('combobox', { name: label });

async function waitForReferenceData() {
  await waitFor(() => expect(select('Comuna')).toBeEnabled());
  await waitFor(() => expect(select('Property type')).toBeEnabled());
  await waitFor(() => expect(select('Broker')).toBeEnabled());
}

async function pickOption(label: string, search: string | null, option: string) {
  const user = userEvent.setup({ delay: null });
  const input = select(label);
  await user.click(input);
  if (search !== null) await user.type(input, search);
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Puts `text` in a box at once (a paste: one change, not one per key, which is slow here). */
async function fill(label: string, text: string) {
  const user = userEvent.setup({ delay: null });
  await user.click(field(label));
  await user.paste(text);
}

async function fillRequired() {
  await fill('Name', 'Casa de prueba');
  await fill('Address', 'Los Jardines 1120');
  await pickOption('Comuna', 'Ñuño', 'Ñuñoa');
  await fill('Price', '185,000,000');
  await fill('Building area', '120.5');
  await fill('Land area', '1,234.75');
  await pickOption('Property type', null, 'Casa');
}

const submit = () =>
  userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Add Property' }));

const image = (name: string, type: string, size: number) =>
  new File([new Uint8Array(size)], name, { type });

/** Three photos of the kinds the editor takes: a JPEG from a phone, a PNG plan, a WebP. */
const threePhotos = () => [
  image('fachada.jpg', 'image/jpeg', 3000),
  image('plano.png', 'image/png', 2000),
  image('living.webp', 'image/webp', 1000),
];

/** Picks `files` through the dropzone's file input. */
async function pickPhotos(container: HTMLElement, files: File[]) {
  const input = container.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  await userEvent.setup({ delay: null, applyAccept: false }).upload(input, files);
  await waitFor(() =>
    expect(
      within(screen.getByRole('list', { name: 'Chosen photos' })).getAllByRole('listitem'),
    ).toHaveLength(files.length),
  );
}

/** The tile of a chosen file. */
const photoTile = (name: string) =>
  within(screen.getByRole('list', { name: 'Chosen photos' })).getByRole('listitem', { name });

const chosenPhotos = () => screen.queryByRole('list', { name: 'Chosen photos' });

const revokeObjectUrl = vi.fn();

beforeEach(() => {
  setAccessTokenSource(async () => 'token-1');
  // jsdom has no object URLs.
  let previews = 0;
  revokeObjectUrl.mockClear();
  Object.assign(URL, {
    createObjectURL: () => {
      previews += 1;
      return `blob:preview-${previews}`;
    },
    revokeObjectURL: revokeObjectUrl,
  });
});

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
  setAccessTokenSource(null);
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('AddPropertyForm', { timeout: 20_000 }, () => {
  it('offers the comunas grouped by region, found by typing without accents', async () => {
    mockApi();
    renderForm();
    await waitForReferenceData();
    const user = userEvent.setup({ delay: null });
    await user.click(select('Comuna'));
    const listbox = screen.getByRole('listbox');
    expect(within(listbox).getByText('Metropolitana de Santiago')).toBeInTheDocument();
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Valparaíso', 'Santiago', 'Ñuñoa']);
    await user.type(select('Comuna'), 'nunoa');
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(1);
    expect(screen.getByRole('option', { name: 'Ñuñoa' })).toBeInTheDocument();
  });

  it('shows every required message on an empty submit and sends nothing', async () => {
    const api = mockApi();
    renderForm();
    await waitForReferenceData();
    await submit();
    for (const message of REQUIRED_MESSAGES) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Name')).toHaveFocus();
    expect(api.posts()).toHaveLength(0);
    // Optional fields stay quiet, and so do those a quick add may leave unknown (ADR 048).
    expect(field('Basement area')).not.toHaveAttribute('aria-invalid', 'true');
    expect(field('Address')).not.toHaveAttribute('aria-invalid', 'true');
    expect(field('Building area')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it("words the contract's refusals in Spanish when Spanish is the language", async () => {
    await act(() => activateLocale('es-CL'));
    const api = mockApi();
    renderForm();
    await waitFor(() => expect(select('Comuna')).toBeEnabled());
    await waitFor(() => expect(select('Tipo de propiedad')).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Agregar propiedad' }));
    for (const message of [
      'Falta el nombre',
      'Falta la comuna',
      'Falta el precio',
      'Falta el tipo de propiedad',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await fill('Latitud', '-91');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar propiedad' }));
    expect(await screen.findByText('La latitud debe estar entre -90 y 90')).toBeInTheDocument();
    expect(api.posts()).toHaveLength(0);
  });

  it('sends the parsed payload, notifies, resets the form, refreshes the property queries and links to the property', async () => {
    const api = mockApi([
      {
        status: 201,
        body: { status: 'success', message: 'Property added successfully!', data: { id: 42 } },
      },
    ]);
    const { queryClient, router } = renderForm();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await waitForReferenceData();
    await fillRequired();
    const user = userEvent.setup({ delay: null });
    await fill('Basement area', '30.5');
    await fill('Rooms', '3');
    // Typed, a comma is a decimal mark in the coordinates too.
    await user.type(field('Latitude'), '-33,45');
    await pickOption('Stage', null, 'Visited');
    await pickOption('Broker', 'Felipe', 'Felipe Araya (Corredora del Sur)');
    await submit();

    expect(await screen.findByText('Property added successfully!')).toBeInTheDocument();
    expect(api.posts()).toEqual([
      {
        method: 'POST',
        url: '/api/properties/add',
        body: {
          name: 'Casa de prueba',
          address: 'Los Jardines 1120',
          city_id: 13120,
          price_unit: 'CLP',
          price: 185_000_000,
          building_sqmts: 120.5,
          land_sqmts: 1234.75,
          property_type_id: 1,
          parking_sqmts: null,
          additional_sqmts: null,
          basement_sqmts: 30.5,
          google_maps_url: null,
          latitude: -33.45,
          longitude: null,
          rooms: 3,
          bathrooms: null,
          parking_spaces: null,
          storage_units: null,
          common_expenses: null,
          floor: null,
          orientation: null,
          year_built: null,
          notes: null,
          stage: 'visited',
          discard_reason: null,
          broker_id: 4,
          photos: [],
        },
      },
    ]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: propertyKeys.all });

    // The form is empty again.
    await waitFor(() => expect(field('Name')).toHaveValue(''));
    expect(select('Comuna')).toHaveValue('');
    expect(field('Price')).toHaveValue('');
    expect(field('Basement area')).toHaveValue('');
    expect(select('Stage')).toHaveValue('New');

    await user.click(screen.getByRole('link', { name: 'View the property' }));
    expect(router.state.location.pathname).toBe('/properties/42');
  });

  it('reads Spanish numbers in Spanish, with Spanish labels and messages', async () => {
    await act(() => activateLocale('es-CL'));
    const api = mockApi([
      {
        status: 201,
        body: { status: 'success', message: 'Property added successfully!', data: { id: 42 } },
      },
    ]);
    renderForm();
    await waitFor(() => expect(select('Comuna')).toBeEnabled());
    await waitFor(() => expect(select('Tipo de propiedad')).toBeEnabled());
    await waitFor(() => expect(select('Corredor')).toBeEnabled());
    expect(screen.getByRole('group', { name: 'Superficies' })).toBeInTheDocument();
    expect(select('Etapa')).toHaveValue('Nueva');
    await fill('Nombre', 'Casa de prueba');
    await fill('Dirección', 'Los Jardines 1120');
    await pickOption('Comuna', 'Ñuño', 'Ñuñoa');
    await fill('Precio', '185.000.000');
    expect(field('Precio')).toHaveValue('185.000.000');
    await fill('Superficie construida', '120,5');
    await fill('Superficie del terreno', '1.234,75');
    expect(field('Superficie del terreno')).toHaveValue('1.234,75');
    expect(field('Superficie construida')).toHaveAccessibleDescription('Se guardará: 120,5 m²');
    expect(field('Precio')).toHaveAccessibleDescription('Se guardará: CLP$ 185.000.000');
    await pickOption('Tipo de propiedad', null, 'Casa');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar propiedad' }));

    expect(await screen.findByText('¡Propiedad agregada!')).toBeInTheDocument();
    expect(api.posts()[0]?.body).toMatchObject({
      price: 185_000_000,
      building_sqmts: 120.5,
      land_sqmts: 1234.75,
    });
    const added = screen.getByRole('status', { name: 'Agregada' });
    expect(added).toHaveTextContent('“Casa de prueba” ya está en la lista.');
    expect(within(added).getByRole('link', { name: 'Ver la propiedad' })).toBeInTheDocument();
  });

  it('reads "85,5" as 85.5 in English too, shows what will be saved, and sends that (ADR 026)', async () => {
    const api = mockApi([added(42)]);
    renderForm();
    await waitForReferenceData();
    await fillRequired();
    // A Chilean with an English browser writes decimals with a comma.
    await userEvent.clear(field('Building area'));
    await fill('Building area', '85,5');
    expect(field('Building area')).toHaveValue('85,5');
    expect(field('Building area')).toHaveAccessibleDescription('Will be saved: 85.5 m²');
    await fill('Rooms', '3');
    expect(field('Rooms')).toHaveAccessibleDescription('Will be saved: 3');
    await submit();

    expect(await screen.findByText('Property added successfully!')).toBeInTheDocument();
    expect(api.posts()[0]?.body).toMatchObject({
      building_sqmts: 85.5,
      land_sqmts: 1234.75,
      price: 185_000_000,
    });
  });

  it('refuses a number that can be read two ways at its field, and sends nothing', async () => {
    const api = mockApi();
    renderForm();
    await waitForReferenceData();
    await fillRequired();
    await userEvent.clear(field('Land area'));
    await fill('Land area', '1,234.5,6');
    // No preview of a number that is not one.
    expect(field('Land area')).not.toHaveAccessibleDescription(/Will be saved/);
    await submit();

    expect(field('Land area')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Land area')).toHaveAccessibleDescription(
      /This number can be read more than one way/,
    );
    expect(field('Land area')).toHaveFocus();
    expect(api.posts()).toHaveLength(0);
  });

  it("puts the server's field errors on the fields and says why it failed", async () => {
    const api = mockApi([
      {
        status: 400,
        body: {
          status: 'error',
          message: 'The property was not added: city_id: Comuna 13120 does not exist',
          data: null,
          error: {
            code: 'VALIDATION_FAILED',
            fieldErrors: { city_id: ['Comuna 13120 does not exist'] },
            issues: [{ field: 'city_id', rule: 'reference_missing', params: { id: 13120 } }],
          },
        },
      },
    ]);
    renderForm();
    await waitForReferenceData();
    await fillRequired();
    await submit();

    expect(await screen.findByText('Comuna 13120 does not exist')).toBeInTheDocument();
    expect(select('Comuna')).toHaveAttribute('aria-invalid', 'true');
    expect(
      screen.getByText('Failed to add property: Comuna 13120 does not exist'),
    ).toBeInTheDocument();
    expect(api.posts()).toHaveLength(1);
    // What was typed stays, to be corrected.
    expect(field('Name')).toHaveValue('Casa de prueba');
  });

  it('says "Error adding property: …" when the API cannot be reached', async () => {
    mockApi(['network-error']);
    renderForm();
    await waitForReferenceData();
    await fillRequired();
    await submit();
    expect(
      await screen.findByText('Error adding property: Could not reach the API (Failed to fetch).'),
    ).toBeInTheDocument();
    expect(field('Name')).toHaveValue('Casa de prueba');
  });

  it('asks to log in again when there is no access token, without sending', async () => {
    const api = mockApi();
    renderForm();
    await waitForReferenceData();
    await fillRequired();
    setAccessTokenSource(async () => null);
    await submit();
    expect(
      await screen.findByText('Could not get the authentication token. Please log in again.'),
    ).toBeInTheDocument();
    expect(api.posts()).toHaveLength(0);
  });

  it('sends once when the button is clicked twice', async () => {
    let release: (response: Response) => void = () => undefined;
    const api = mockApi();
    const fetchMock = vi.mocked(fetch);
    const answerReference = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/properties/add') {
        api.calls.push({ method: 'POST', url: String(input), body: undefined });
        return new Promise<Response>((resolve) => {
          release = resolve;
        });
      }
      return (answerReference as typeof fetch)(input, init);
    });
    renderForm();
    await waitForReferenceData();
    await fillRequired();
    const button = screen.getByRole('button', { name: 'Add Property' });
    await userEvent.click(button);
    await userEvent.click(button);
    await waitFor(() => expect(api.posts()).toHaveLength(1));
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleName('Saving…');
    release(
      json(201, { status: 'success', message: 'Property added successfully!', data: { id: 7 } }),
    );
    expect(await screen.findByText('Property added successfully!')).toBeInTheDocument();
    expect(api.posts()).toHaveLength(1);
  });

  it('uploads the photos, then adds the property with their paths in the order picked', async () => {
    const api = mockApi([added(42)]);
    const storage = mockStorage(api.calls, () => 'pending');
    const { container } = renderForm();
    await waitForReferenceData();
    await fillRequired();
    await pickPhotos(container, threePhotos());
    await submit();

    // One request for the three URLs, with each file's name, type and size.
    await waitFor(() => expect(storage.requests).toHaveLength(3));
    const button = screen.getByRole('button', { name: 'Uploading photos 0/3…' });
    expect(button).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove fachada.jpg' })).toBeDisabled();
    // Each file has its progress bar while it goes.
    const [jpeg, png, webp] = storage.requests;
    act(() => jpeg?.progress(1500, 3000));
    const bar = within(photoTile('fachada.jpg')).getByRole('progressbar', {
      name: 'Uploading fachada.jpg',
    });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(within(photoTile('fachada.jpg')).getByText('50%')).toBeInTheDocument();
    expect(
      within(photoTile('plano.png')).getByRole('progressbar', { name: 'Uploading plano.png' }),
    ).toHaveAttribute('aria-valuenow', '0');
    act(() => png?.respond(200, 'OK'));
    expect(await screen.findByRole('button', { name: 'Uploading photos 1/3…' })).toBeDisabled();
    expect(within(photoTile('plano.png')).getByText('Uploaded')).toBeInTheDocument();
    act(() => webp?.respond(200, 'OK'));
    act(() => jpeg?.respond(200, 'OK'));

    expect(await screen.findByText('Property added successfully!')).toBeInTheDocument();
    expect(sent(api.calls)).toEqual([
      {
        method: 'POST',
        url: '/api/photos/upload_url',
        body: [
          { name: 'fachada.jpg', content_type: 'image/jpeg', size: 3000 },
          { name: 'plano.png', content_type: 'image/png', size: 2000 },
          { name: 'living.webp', content_type: 'image/webp', size: 1000 },
        ],
      },
      {
        method: 'PUT',
        url: '/storage/up/1-fachada.jpg?sig=t',
        body: { contentType: 'image/jpeg', authorization: undefined, file: 'fachada.jpg' },
      },
      {
        method: 'PUT',
        url: '/storage/up/2-plano.png?sig=t',
        body: { contentType: 'image/png', authorization: undefined, file: 'plano.png' },
      },
      {
        method: 'PUT',
        url: '/storage/up/3-living.webp?sig=t',
        body: { contentType: 'image/webp', authorization: undefined, file: 'living.webp' },
      },
      expect.objectContaining({
        method: 'POST',
        url: '/api/properties/add',
        body: expect.objectContaining({
          name: 'Casa de prueba',
          photos: ['up/1-fachada.jpg', 'up/2-plano.png', 'up/3-living.webp'],
        }),
      }),
    ]);
    // The form and its photos are empty again; the previews are let go.
    await waitFor(() => expect(field('Name')).toHaveValue(''));
    expect(chosenPhotos()).toBeNull();
    expect(revokeObjectUrl.mock.calls.map(([url]) => url).sort()).toEqual([
      'blob:preview-1',
      'blob:preview-2',
      'blob:preview-3',
    ]);
    expect(screen.getByRole('button', { name: 'Add Property' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'View the property' })).toHaveAttribute(
      'href',
      '/properties/42',
    );
  });

  it('does not add the property when a photo fails to upload, and sends only that one again', async () => {
    const api = mockApi([added(43)]);
    let tooLarge = true;
    mockStorage(api.calls, (url) =>
      url.includes('plano.png') && tooLarge
        ? { status: 413, statusText: 'Payload Too Large' }
        : { status: 200, statusText: 'OK' },
    );
    const { container } = renderForm();
    await waitForReferenceData();
    await fillRequired();
    await pickPhotos(container, threePhotos());
    await submit();

    expect(
      await screen.findByText(
        'Error uploading some photos. Details: plano.png: Upload failed: 413 Payload Too Large',
      ),
    ).toBeInTheDocument();
    expect(
      within(photoTile('plano.png')).getByText('Upload failed: 413 Payload Too Large'),
    ).toBeInTheDocument();
    expect(within(photoTile('fachada.jpg')).getByText('Uploaded')).toBeInTheDocument();
    expect(api.posts().map((call) => call.url)).toEqual(['/api/photos/upload_url']);
    // Everything stays for another try.
    expect(field('Name')).toHaveValue('Casa de prueba');
    expect(within(chosenPhotos() as HTMLElement).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Add Property' })).toBeEnabled();

    // The retry uploads only the file that failed, and keeps the order.
    tooLarge = false;
    api.calls.length = 0;
    await submit();
    expect(await screen.findByText('Property added successfully!')).toBeInTheDocument();
    expect(sent(api.calls)).toEqual([
      {
        method: 'POST',
        url: '/api/photos/upload_url',
        body: [{ name: 'plano.png', content_type: 'image/png', size: 2000 }],
      },
      {
        method: 'PUT',
        url: '/storage/up/4-plano.png?sig=t',
        body: { contentType: 'image/png', authorization: undefined, file: 'plano.png' },
      },
      expect.objectContaining({
        url: '/api/properties/add',
        body: expect.objectContaining({
          photos: ['up/1-fachada.jpg', 'up/4-plano.png', 'up/3-living.webp'],
        }),
      }),
    ]);
  });

  it('says "Upload failed: 0 Network error" when storage cannot be reached', async () => {
    const api = mockApi();
    mockStorage(api.calls, () => 'network-error');
    const { container } = renderForm();
    await waitForReferenceData();
    await fillRequired();
    await pickPhotos(container, [image('fachada.jpg', 'image/jpeg', 3000)]);
    await submit();
    expect(
      await screen.findByText(
        'Error uploading some photos. Details: fachada.jpg: Upload failed: 0 Network error',
      ),
    ).toBeInTheDocument();
    expect(api.posts().map((call) => call.url)).toEqual(['/api/photos/upload_url']);
  });

  it('uploads nothing and adds nothing when the upload URLs are refused', async () => {
    const api = mockApi(
      [],
      [
        {
          status: 400,
          body: {
            status: 'error',
            message:
              'No upload URLs were issued: 1: plano.png: only JPEG, PNG, WebP, HEIC/HEIF and AVIF images can be uploaded',
            data: null,
            error: {
              code: 'VALIDATION_FAILED',
              fieldErrors: {
                '1': ['plano.png: only JPEG, PNG, WebP, HEIC/HEIF and AVIF images can be uploaded'],
              },
              issues: [{ field: '1', rule: 'file_type', params: { name: 'plano.png' } }],
            },
          },
        },
      ],
    );
    const storage = mockStorage(api.calls);
    const { container } = renderForm();
    await waitForReferenceData();
    await fillRequired();
    await pickPhotos(container, threePhotos());
    await submit();
    expect(
      await screen.findByText(
        'Failed to get photo upload URL: plano.png: only JPEG, PNG, WebP, HEIC/HEIF and AVIF images can be uploaded',
      ),
    ).toBeInTheDocument();
    expect(
      within(photoTile('plano.png')).getByText(
        'plano.png: only JPEG, PNG, WebP, HEIC/HEIF and AVIF images can be uploaded',
      ),
    ).toBeInTheDocument();
    expect(storage.requests).toHaveLength(0);
    expect(api.posts().map((call) => call.url)).toEqual(['/api/photos/upload_url']);
    expect(field('Name')).toHaveValue('Casa de prueba');
  });

  it("shows the server's photos.N error on that photo", async () => {
    const api = mockApi([
      {
        status: 400,
        body: {
          status: 'error',
          message: 'The property was not added: photos.1: This file is not an image BEC can read',
          data: null,
          error: {
            code: 'VALIDATION_FAILED',
            fieldErrors: { 'photos.1': ['This file is not an image BEC can read'] },
            issues: [{ field: 'photos.1', rule: 'photo_unreadable', params: {} }],
          },
        },
      },
    ]);
    mockStorage(api.calls);
    const { container } = renderForm();
    await waitForReferenceData();
    await fillRequired();
    await pickPhotos(container, threePhotos());
    await submit();
    expect(
      await screen.findByText('Failed to add property: This file is not an image BEC can read'),
    ).toBeInTheDocument();
    expect(
      within(photoTile('plano.png')).getByText('This file is not an image BEC can read'),
    ).toBeInTheDocument();
    expect(within(photoTile('fachada.jpg')).queryByRole('alert')).toBeNull();
    expect(field('Name')).toHaveValue('Casa de prueba');
  });

  it('sends nothing at all, photos included, while the form is invalid', async () => {
    const api = mockApi();
    const storage = mockStorage(api.calls);
    const { container } = renderForm();
    await waitForReferenceData();
    await pickPhotos(container, threePhotos());
    await submit();
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(api.posts()).toHaveLength(0);
    expect(storage.requests).toHaveLength(0);
  });

  it('sends a photo removed before the upload nowhere', async () => {
    const api = mockApi([added(44)]);
    const storage = mockStorage(api.calls);
    const { container } = renderForm();
    await waitForReferenceData();
    await fillRequired();
    await pickPhotos(container, threePhotos());
    await userEvent.click(screen.getByRole('button', { name: 'Remove plano.png' }));
    expect(revokeObjectUrl).toHaveBeenCalledWith('blob:preview-2');
    await submit();
    expect(await screen.findByText('Property added successfully!')).toBeInTheDocument();
    expect(api.posts()[0]?.body).toEqual([
      { name: 'fachada.jpg', content_type: 'image/jpeg', size: 3000 },
      { name: 'living.webp', content_type: 'image/webp', size: 1000 },
    ]);
    expect(storage.requests.map((request) => request.url)).toEqual([
      '/storage/up/1-fachada.jpg?sig=t',
      '/storage/up/2-living.webp?sig=t',
    ]);
    expect(api.posts()[1]?.body).toMatchObject({
      photos: ['up/1-fachada.jpg', 'up/2-living.webp'],
    });
  });

  it('rejects a file that is not an image, naming it', async () => {
    mockApi();
    const { container } = renderForm();
    await waitForReferenceData();
    const input = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await userEvent
      .setup({ delay: null, applyAccept: false })
      .upload(input, [image('escritura.pdf', 'application/pdf', 500)]);
    expect(
      await screen.findByText(
        'escritura.pdf: only JPEG, PNG, WebP, HEIC/HEIF and AVIF images can be uploaded',
      ),
    ).toBeInTheDocument();
    expect(chosenPhotos()).toBeNull();
  });

  it('shows "Error: …" when a reference list cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input) === '/api/brokers'
          ? json(500, {
              status: 'error',
              message: 'The database is not answering.',
              data: null,
              error: { code: 'DATABASE_UNAVAILABLE' },
            })
          : ok(String(input) === '/api/regions' ? REGIONS : TYPES),
      ),
    );
    renderForm();
    expect(await screen.findByText('Failed to fetch brokers')).toBeInTheDocument();
    expect(
      screen.getByText('Error: The database is unavailable right now; try again in a moment.'),
    ).toBeInTheDocument();
  });
  it('warns of a likely duplicate before saving, links to it, and saves when told to', async () => {
    const candidate = {
      id: 7,
      name: 'Casa esquina en Ñuñoa',
      address: 'Los Jardines 1120, casa 2',
      city_name: 'Ñuñoa',
      property_type_name: 'Casa',
      photo_url: null,
      reasons: ['address', 'nearby', 'photo'],
      distance_m: 32,
    };
    const found = {
      status: 200,
      body: { status: 'success', message: 'OK', data: { candidates: [candidate] } },
    };
    const api = mockApi([added(43)], [], [found, found]);
    await act(() => activateLocale('es-CL'));
    try {
      renderForm();
      await waitFor(() => expect(select('Comuna')).toBeEnabled());
      await waitFor(() => expect(select('Tipo de propiedad')).toBeEnabled());
      await fill('Nombre', 'Casa de prueba');
      await fill('Dirección', 'Los Jardines 1120');
      await pickOption('Comuna', 'Ñuño', 'Ñuñoa');
      await fill('Precio', '185.000.000');
      await fill('Superficie construida', '120,5');
      await fill('Superficie del terreno', '1.234,75');
      await pickOption('Tipo de propiedad', null, 'Casa');
      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: 'Agregar propiedad' }));

      const warning = await screen.findByRole('alert', { name: 'Posible duplicado' });
      const link = within(warning).getByRole('link', { name: 'Casa esquina en Ñuñoa' });
      expect(link).toHaveAttribute('href', '/properties/7');
      expect(link).toHaveAttribute('target', '_blank');
      expect(warning).toHaveTextContent('misma dirección en Ñuñoa, mismo tipo a 32 m, misma foto');
      const check = api.calls.find((call) => call.url === '/api/properties/duplicates');
      expect(check?.body).toEqual({
        address: 'Los Jardines 1120',
        city_id: 13120,
        property_type_id: 1,
        latitude: null,
        longitude: null,
        photos: [],
        exclude_id: null,
      });
      expect(api.posts()).toEqual([]);

      // "Revisar": back to the form, nothing lost; a new submit checks again.
      await user.click(within(warning).getByRole('button', { name: 'Revisar' }));
      expect(screen.queryByRole('alert', { name: 'Posible duplicado' })).toBeNull();
      expect(field('Dirección')).toHaveValue('Los Jardines 1120');
      await user.click(screen.getByRole('button', { name: 'Agregar propiedad' }));
      await user.click(
        within(await screen.findByRole('alert', { name: 'Posible duplicado' })).getByRole(
          'button',
          {
            name: 'Guardar de todos modos',
          },
        ),
      );
      await waitFor(() =>
        expect(api.posts().map((call) => call.url)).toEqual(['/api/properties/add']),
      );
      expect(await screen.findByText('¡Propiedad agregada!')).toBeInTheDocument();
    } finally {
      await act(() => activateLocale('en'));
    }
  });

  it('saves when the duplicate check fails, never held up by it', async () => {
    const api = mockApi([added(44)], [], ['network-error']);
    renderForm();
    await waitForReferenceData();
    await fillRequired();
    await submit();
    expect(await screen.findByText('Property added successfully!')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/properties/duplicates',
      '/api/properties/add',
    ]);
    expect(screen.queryByText('Possible duplicate')).toBeNull();
  });
});
