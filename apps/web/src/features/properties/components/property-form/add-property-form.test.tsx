import type { Region } from '@bec/contracts';
import { Notifications, notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { propertyKeys } from '@/features/properties/api/query-keys';
import { AddPropertyForm } from '@/features/properties/components/property-form/add-property-form';
import { setAccessTokenSource } from '@/lib/api-client';
import { createTestQueryClient, renderRoutes } from '@/testing/render';

const REGIONS: Region[] = [
  {
    id: 5,
    code: '05',
    name: 'Valparaíso',
    roman: 'V',
    comunas: [{ id: 5101, code: '05101', name: 'Valparaíso' }],
  },
  {
    id: 13,
    code: '13',
    name: 'Metropolitana de Santiago',
    roman: 'XIII',
    comunas: [
      { id: 13101, code: '13101', name: 'Santiago' },
      { id: 13120, code: '13120', name: 'Ñuñoa' },
    ],
  },
];
const TYPES = [
  { id: 1, name: 'Casa' },
  { id: 2, name: 'Departamento' },
];
const BROKERS = [
  { id: 3, name: 'Carolina Muñoz', company: null, phone: null, email: null },
  { id: 4, name: 'Felipe Araya', company: 'Corredora del Sur', phone: null, email: null },
];

const REQUIRED_MESSAGES = [
  'Name is required',
  'Address is required',
  'Comuna is required',
  'Price is required',
  'Building area is required',
  'Land area is required',
  'Property type is required',
];

type Call = { method: string; url: string; body: unknown };
type AddAnswer = { status: number; body: unknown } | 'network-error';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (data: unknown, message = 'OK') => json(200, { status: 'success', message, data });

/** Answers the reference data, and POST /api/properties/add with `addAnswers` in turn. */
function mockApi(addAnswers: AddAnswer[] = []) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url === '/api/regions') return ok(REGIONS);
    if (url === '/api/property-types') return ok(TYPES);
    if (url === '/api/brokers') return ok(BROKERS);
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
  const posts = () => calls.filter((call) => call.method === 'POST');
  return { calls, posts };
}

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
  await fill('Price', '185.000.000');
  await fill('Building area', '120,5');
  await fill('Land area', '1.234,75');
  await pickOption('Property type', null, 'Casa');
}

const submit = () =>
  userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Add Property' }));

beforeEach(() => {
  setAccessTokenSource(async () => 'token-1');
});

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
  setAccessTokenSource(null);
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
    // Optional fields stay quiet.
    expect(field('Basement area')).not.toHaveAttribute('aria-invalid', 'true');
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
    await fill('Basement area', '30,5');
    await fill('Rooms', '3');
    // Typed, a comma is a decimal mark in the coordinates too.
    await user.type(field('Latitude'), '-33,45');
    await user.click(screen.getByRole('checkbox', { name: 'Visited' }));
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
          notes: null,
          visited: true,
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
    expect(screen.getByRole('checkbox', { name: 'Visited' })).not.toBeChecked();

    await user.click(screen.getByRole('link', { name: 'View the property' }));
    expect(router.state.location.pathname).toBe('/properties/42');
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
      screen.getByText(
        'Failed to add property: The property was not added: city_id: Comuna 13120 does not exist',
      ),
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
    expect(button).toHaveAttribute('data-loading', 'true');
    release(
      json(201, { status: 'success', message: 'Property added successfully!', data: { id: 7 } }),
    );
    expect(await screen.findByText('Property added successfully!')).toBeInTheDocument();
    expect(api.posts()).toHaveLength(1);
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
    expect(screen.getByText('Error: The database is not answering.')).toBeInTheDocument();
  });
});
