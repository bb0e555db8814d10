import type { PropertyList, Region } from '@bec/contracts';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/router';
import type { AuthContextValue } from '@/features/auth/auth-context';
import { FakeAuthProvider, signedInAuth } from '@/features/auth/testing/fake-auth';
import { activateLocale } from '@/i18n/i18n';
import { setAccessTokenSource } from '@/lib/access-token';
import { propertyCard } from '@/testing/property-fixtures';
import { renderRoutes } from '@/testing/render';
import { errorReply, okReply, type StubRoute, stubApi } from '@/testing/stub-api';

const REGIONS: Region[] = [
  {
    id: 5,
    code: '05',
    name: 'Valparaíso',
    roman: 'V',
    comunas: [
      { id: 5101, code: '05101', name: 'Valparaíso' },
      { id: 5109, code: '05109', name: 'Viña del Mar' },
    ],
  },
  {
    id: 13,
    code: '13',
    name: 'Metropolitana de Santiago',
    roman: 'RM',
    comunas: [
      { id: 13101, code: '13101', name: 'Santiago' },
      { id: 13123, code: '13123', name: 'Providencia' },
    ],
  },
];
const TYPES = [
  { id: 1, name: 'Casa' },
  { id: 2, name: 'Departamento' },
];

const card = propertyCard;

const BROKERS = [
  {
    id: 4,
    name: 'Patricia Soto',
    company: 'Soto Propiedades',
    phone: '+56981234567',
    email: null,
    notes: null,
    archived_at: null,
    updated_at: '2026-01-01T00:00:00.000Z',
  },
];

const page = (ids: number[], next_cursor: string | null, total: number): PropertyList => ({
  props: ids.map((id) => card(id)),
  next_cursor,
  total,
  total_kind: 'exact',
  uf: null,
});

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Stubs the reference data and GET /api/properties (two pages unless told otherwise). */
function stubProperties(properties?: StubRoute) {
  return stubApi({
    'GET /api/regions': okReply(REGIONS),
    'GET /api/property-types': okReply(TYPES),
    'GET /api/brokers': okReply(BROKERS),
    'GET /api/properties':
      properties ??
      (({ search }) =>
        okReply(
          search.get('cursor') === 'page-2'
            ? page(range(25, 30), null, 30)
            : page(range(1, 24), 'page-2', 30),
        )),
  });
}

function visit(path: string, auth: AuthContextValue = signedInAuth('viewer')) {
  return renderRoutes(routes, path, {
    wrapper: ({ children }) => <FakeAuthProvider value={auth}>{children}</FakeAuthProvider>,
  });
}

const cardHeadings = () => screen.queryAllByRole('heading', { level: 3 });

// Typing, a 300 ms debounce and a re-render of 24 cards take a while on a busy machine.
configure({ asyncUtilTimeout: 3000 });

// The page is a lazy route: load its code once, up front, so no test waits for it.
beforeAll(async () => {
  await import('@/app/routes/properties');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setAccessTokenSource(null);
});

describe('/properties', () => {
  describe('Add Property button by role', () => {
    it.each(['editor', 'admin'] as const)(
      'is shown to an %s and links to /addProperty',
      async (role) => {
        stubProperties();
        visit('/properties', signedInAuth(role));
        expect(await screen.findByRole('heading', { name: 'Propiedad 1' })).toBeInTheDocument();
        expect(screen.getByRole('link', { name: 'Add Property' })).toHaveAttribute(
          'href',
          '/addProperty',
        );
      },
    );

    it('is not shown to a viewer', async () => {
      stubProperties();
      visit('/properties', signedInAuth('viewer'));
      expect(await screen.findByRole('heading', { name: 'Propiedad 1' })).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Add Property' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Add Property' })).not.toBeInTheDocument();
    });
  });

  describe('"Guardar búsqueda" in the filters bar (ADR 053)', () => {
    it('shows while a filter is set, and saves the filters without the sort order', async () => {
      await act(() => activateLocale('es-CL'));
      const api = stubProperties();
      visit('/properties?city_id=13120&rooms_min=3&sort=price_asc', signedInAuth('viewer'));
      expect(await screen.findByRole('heading', { name: 'Propiedad 1' })).toBeInTheDocument();
      const bar = screen.getByRole('search', { name: 'Filtros de propiedades' });
      await userEvent.click(within(bar).getByRole('button', { name: 'Guardar búsqueda' }));
      const dialog = await screen.findByRole('dialog', { name: 'Guardar búsqueda' });
      expect(within(dialog).queryByRole('switch')).not.toBeInTheDocument();
      await userEvent.type(within(dialog).getByRole('textbox', { name: /^Nombre/ }), 'Ñuñoa 3D');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
      await waitFor(() => expect(api.requestsTo('POST /api/saved-searches')).toHaveLength(1));
      expect(api.requestsTo('POST /api/saved-searches')[0]?.body).toEqual({
        name: 'Ñuñoa 3D',
        scope: 'personal',
        filters: { city_id: '13120', rooms_min: '3' },
      });
    });

    it('is not there without filters, nor with a sort order alone', async () => {
      stubProperties();
      visit('/properties?sort=price_asc', signedInAuth('editor'));
      expect(await screen.findByRole('heading', { name: 'Propiedad 1' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Save search' })).not.toBeInTheDocument();
    });
  });

  it('shows the cards of the first page, the total and links to each detail', async () => {
    stubProperties();
    visit('/properties');
    expect(await screen.findByText('Loading properties...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Propiedad 1' })).toBeInTheDocument();
    expect(cardHeadings()).toHaveLength(24);
    expect(screen.getByText('30 properties · showing 24')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Propiedad 7\b/ })).toHaveAttribute(
      'href',
      '/properties/7',
    );
    expect(screen.getAllByText('CLP$ 100,000,001')).toHaveLength(1);
    expect(screen.getAllByText('CLP$ 1,250,000/m² built')).toHaveLength(24);
    expect(document.title).toBe('Properties · BEC');
  });

  describe('the count of a broad filter', () => {
    it('says "More than 1,000" when it was counted only up to the cap, in both languages', async () => {
      stubProperties(() =>
        okReply({ ...page(range(1, 24), 'page-2', 1000), total_kind: 'at_least' }),
      );
      visit('/properties?region_id=13');
      expect(
        await screen.findByText('More than 1,000 properties · showing 24'),
      ).toBeInTheDocument();
      await act(() => activateLocale('es-CL'));
      expect(
        await screen.findByText('Más de 1.000 propiedades · mostrando 24'),
      ).toBeInTheDocument();
    });

    it('says "≈ 24,000", rounded, when beyond the cap it is an estimate, and that it is approximate', async () => {
      stubProperties(() =>
        okReply({ ...page(range(1, 24), 'page-2', 24_321), total_kind: 'estimate' }),
      );
      visit('/properties?q=casa');
      const count = await screen.findByText('≈ 24,000 properties · showing 24');
      expect(count).toHaveAttribute(
        'title',
        'An approximate figure: beyond 1,000 matches, the total is estimated rather than counted',
      );
      await act(() => activateLocale('es-CL'));
      expect(await screen.findByText('≈ 24.000 propiedades · mostrando 24')).toHaveAttribute(
        'title',
        'Cifra aproximada: sobre 1.000 coincidencias, el total se estima en vez de contarse',
      );
    });

    it('counts an exact total of all shown without "showing", in both languages', async () => {
      stubProperties(okReply(page(range(1, 24), null, 24)));
      visit('/properties?q=casa');
      const count = await screen.findByText('24 properties');
      expect(count).not.toHaveAttribute('title');
      await act(() => activateLocale('es-CL'));
      expect(await screen.findByText('24 propiedades')).toBeInTheDocument();
    });
  });

  it('speaks Spanish when that is the language: texts, counts, prices and the page title', async () => {
    await act(() => activateLocale('es-CL'));
    stubProperties();
    visit('/properties', signedInAuth('editor'));
    expect(await screen.findByText('Cargando propiedades...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Propiedad 1' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Propiedades', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Agregar propiedad' })).toHaveAttribute(
      'href',
      '/addProperty',
    );
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeInTheDocument();
    expect(screen.getByText('30 propiedades · mostrando 24')).toBeInTheDocument();
    expect(screen.getAllByText('CLP$ 100.000.001')).toHaveLength(1);
    expect(screen.getAllByText('CLP$ 1.250.000/m² construido')).toHaveLength(24);
    const filters = screen.getByRole('search', { name: 'Filtros de propiedades' });
    expect(within(filters).getByRole('combobox', { name: 'Ordenar por' })).toHaveValue(
      'Más recientes primero',
    );
    expect(within(filters).getByRole('combobox', { name: 'Visitada' })).toHaveValue('Todas');
    expect(screen.getByRole('button', { name: 'Cargar más' })).toBeInTheDocument();
    expect(document.title).toBe('Propiedades · BEC');
  });

  it('counts a single property in the singular, in both languages', async () => {
    stubProperties(okReply(page([1], null, 1)));
    visit('/properties');
    expect(await screen.findByText('1 property')).toBeInTheDocument();
    await act(() => activateLocale('es-CL'));
    expect(await screen.findByText('1 propiedad')).toBeInTheDocument();
  });

  it('sorts by price per m²', async () => {
    const { requestsTo } = stubProperties();
    const { router } = visit('/properties');
    await screen.findByRole('heading', { name: 'Propiedad 1' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'Price per m²: high to low' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=price_per_sqm_desc'));
    await waitFor(() =>
      expect(requestsTo('GET /api/properties').at(-1)?.search.get('sort')).toBe(
        'price_per_sqm_desc',
      ),
    );
  });

  it('loads the next page with "Load more", passing the cursor', async () => {
    const { requestsTo } = stubProperties();
    visit('/properties');
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('heading', { name: 'Propiedad 30' })).toBeInTheDocument();
    expect(cardHeadings()).toHaveLength(30);
    expect(screen.getByText('30 properties')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(requestsTo('GET /api/properties').map((r) => r.search.get('cursor'))).toEqual([
      null,
      'page-2',
    ]);
  });

  it('loads the next page by itself when the end of the grid scrolls into view', async () => {
    const observers: { callback: IntersectionObserverCallback; target?: Element }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        entry: { callback: IntersectionObserverCallback; target?: Element };
        constructor(callback: IntersectionObserverCallback) {
          this.entry = { callback };
          observers.push(this.entry);
        }
        observe(target: Element) {
          this.entry.target = target;
        }
        disconnect() {}
        unobserve() {}
        takeRecords() {
          return [];
        }
      },
    );
    stubProperties();
    visit('/properties');
    const loadMore = await screen.findByRole('button', { name: 'Load more' });
    const observer = observers.find((o) => o.target?.contains(loadMore));
    expect(observer).toBeDefined();
    act(() => {
      observer?.callback(
        [{ isIntersecting: true } as IntersectionObserverEntry],
        {} as IntersectionObserver,
      );
    });
    expect(await screen.findByRole('heading', { name: 'Propiedad 30' })).toBeInTheDocument();
  });

  it('says "No properties found." when there are none', async () => {
    stubProperties(okReply(page([], null, 0)));
    visit('/properties');
    expect(await screen.findByText('No properties found.')).toBeInTheDocument();
    expect(cardHeadings()).toHaveLength(0);
  });

  it('shows "Error: …" with why, in the current language', async () => {
    stubProperties(errorReply(503, 'DATABASE_UNAVAILABLE', 'The database is not answering.'));
    visit('/properties');
    expect(
      await screen.findByText(
        'Error: The database is unavailable right now; try again in a moment.',
      ),
    ).toBeInTheDocument();
  });

  describe('filters in the URL', () => {
    it('reads the filters from the URL, shows them and sends them', async () => {
      const { requestsTo } = stubProperties();
      visit(
        '/properties?q=luz&region_id=13&city_id=13123&visited=true&price_min=1000&sort=price_desc',
      );
      await screen.findByRole('heading', { name: 'Propiedad 1' });
      const search = requestsTo('GET /api/properties')[0]?.search;
      expect(Object.fromEntries(search ?? [])).toEqual({
        q: 'luz',
        region_id: '13',
        city_id: '13123',
        visited: 'true',
        price_min: '1000',
        sort: 'price_desc',
      });
      const filters = screen.getByRole('search', { name: 'Property filters' });
      expect(within(filters).getByLabelText('Search')).toHaveValue('luz');
      await waitFor(() =>
        expect(within(filters).getByRole('combobox', { name: 'Region' })).toHaveValue(
          'Metropolitana de Santiago',
        ),
      );
      expect(within(filters).getByRole('combobox', { name: 'Comuna' })).toHaveValue('Providencia');
      expect(within(filters).getByRole('combobox', { name: 'Visited' })).toHaveValue('Sí');
      expect(within(filters).getByLabelText('Min price')).toHaveValue('1,000');
      expect(within(filters).getByRole('combobox', { name: 'Sort by' })).toHaveValue(
        'Price: high to low',
      );
    });

    it('leaves out values the API would refuse', async () => {
      const { requestsTo } = stubProperties();
      visit('/properties?region_id=abc&visited=maybe&sort=random&price_min=');
      await screen.findByRole('heading', { name: 'Propiedad 1' });
      expect(requestsTo('GET /api/properties')[0]?.search.toString()).toBe('');
    });

    it('choosing a region writes it to the URL and asks for that region', async () => {
      const user = userEvent.setup();
      const { requestsTo } = stubProperties();
      const { router } = visit('/properties');
      await screen.findByRole('heading', { name: 'Propiedad 1' });

      await user.click(screen.getByRole('combobox', { name: 'Region' }));
      await user.click(await screen.findByRole('option', { name: 'Valparaíso' }));

      await waitFor(() => expect(router.state.location.search).toBe('?region_id=5'));
      await waitFor(() =>
        expect(requestsTo('GET /api/properties').at(-1)?.search.get('region_id')).toBe('5'),
      );

      // The comuna select now offers that region's comunas only.
      await user.click(screen.getByRole('combobox', { name: 'Comuna' }));
      expect(await screen.findByRole('option', { name: 'Viña del Mar' })).toBeInTheDocument();
      expect(screen.queryByRole('option', { name: 'Providencia' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('option', { name: 'Viña del Mar' }));
      await waitFor(() => expect(router.state.location.search).toBe('?region_id=5&city_id=5109'));

      // Another region drops a comuna that is not in it.
      await user.click(screen.getByRole('combobox', { name: 'Region' }));
      await user.click(await screen.findByRole('option', { name: 'Metropolitana de Santiago' }));
      await waitFor(() => expect(router.state.location.search).toBe('?region_id=13'));
    });

    it('choosing a comuna without a region sets its region too', async () => {
      const user = userEvent.setup();
      stubProperties();
      const { router } = visit('/properties');
      await screen.findByRole('heading', { name: 'Propiedad 1' });
      await user.click(screen.getByRole('combobox', { name: 'Comuna' }));
      await user.click(await screen.findByRole('option', { name: 'Providencia' }));
      await waitFor(() => expect(router.state.location.search).toBe('?region_id=13&city_id=13123'));
    });

    it('the search text reaches the URL and the query once typing pauses', async () => {
      const user = userEvent.setup();
      const { requestsTo } = stubProperties();
      const { router } = visit('/properties');
      await screen.findByRole('heading', { name: 'Propiedad 1' });

      await user.type(screen.getByLabelText('Search'), 'casa playa');
      expect(screen.getByLabelText('Search')).toHaveValue('casa playa');
      await waitFor(() => expect(router.state.location.search).toBe('?q=casa+playa'));
      await waitFor(() =>
        expect(requestsTo('GET /api/properties').at(-1)?.search.get('q')).toBe('casa playa'),
      );
      // Debounced: no request for each letter typed.
      expect(requestsTo('GET /api/properties').length).toBeLessThan(4);
    });

    describe('sorting by relevance', () => {
      const sortOptions = async (user: ReturnType<typeof userEvent.setup>) => {
        await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
        const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
        await user.keyboard('{Escape}');
        return options;
      };

      it('is offered only while there is a search, first in the list', async () => {
        const user = userEvent.setup();
        stubProperties();
        const { router } = visit('/properties');
        await screen.findByRole('heading', { name: 'Propiedad 1' });
        expect(await sortOptions(user)).not.toContain('Relevance');

        await user.type(screen.getByLabelText('Search'), 'vina casas');
        await waitFor(() => expect(router.state.location.search).toBe('?q=vina+casas'));
        expect((await sortOptions(user))[0]).toBe('Relevance');
        // Typing a search keeps the order chosen: newest first until the user picks another.
        expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('Newest first');
      });

      it('sends sort=relevance with the search, and falls back to newest when the search is cleared', async () => {
        const user = userEvent.setup();
        const { requestsTo } = stubProperties();
        const { router } = visit('/properties?q=vina+casas');
        await screen.findByRole('heading', { name: 'Propiedad 1' });

        await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
        await user.click(await screen.findByRole('option', { name: 'Relevance' }));
        await waitFor(() =>
          expect(router.state.location.search).toBe('?q=vina+casas&sort=relevance'),
        );
        await waitFor(() =>
          expect(
            Object.fromEntries(requestsTo('GET /api/properties').at(-1)?.search ?? []),
          ).toEqual({ q: 'vina casas', sort: 'relevance' }),
        );

        await user.clear(screen.getByLabelText('Search'));
        await waitFor(() => expect(router.state.location.search).toBe(''));
        await waitFor(() =>
          expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('Newest first'),
        );
        await waitFor(() =>
          expect(requestsTo('GET /api/properties').at(-1)?.search.toString()).toBe(''),
        );
        // The API was never asked for relevance without a search.
        const asked = requestsTo('GET /api/properties').map((r) => r.search);
        expect(asked.filter((s) => s.get('sort') === 'relevance' && !s.get('q'))).toEqual([]);
      });

      it('keeps another order when the search is cleared', async () => {
        const user = userEvent.setup();
        stubProperties();
        const { router } = visit('/properties?q=casa&sort=price_asc');
        await screen.findByRole('heading', { name: 'Propiedad 1' });
        await user.clear(screen.getByLabelText('Search'));
        await waitFor(() => expect(router.state.location.search).toBe('?sort=price_asc'));
      });

      it('a link with sort=relevance but no search lists newest first', async () => {
        const { requestsTo } = stubProperties();
        visit('/properties?sort=relevance');
        await screen.findByRole('heading', { name: 'Propiedad 1' });
        expect(requestsTo('GET /api/properties')[0]?.search.toString()).toBe('');
        expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('Newest first');
      });

      it('is called Relevancia in Spanish', async () => {
        await act(() => activateLocale('es-CL'));
        const user = userEvent.setup();
        stubProperties();
        visit('/properties?q=casa&sort=relevance');
        await screen.findByRole('heading', { name: 'Propiedad 1' });
        expect(screen.getByRole('combobox', { name: 'Ordenar por' })).toHaveValue('Relevancia');
        const search = screen.getByRole('searchbox', { name: 'Buscar' });
        expect(search).toHaveAttribute('placeholder', 'Nombre, dirección, comuna, corredor…');
        expect(search).toHaveAccessibleDescription(
          'Busca en el nombre, la dirección, la comuna, la región, el corredor y las notas; las tildes son opcionales',
        );
        await user.click(screen.getByRole('combobox', { name: 'Ordenar por' }));
        expect(await screen.findByRole('option', { name: 'Relevancia' })).toBeInTheDocument();
      });
    });

    it('price, visited and sort go to the URL', async () => {
      const user = userEvent.setup();
      stubProperties();
      const { router } = visit('/properties');
      await screen.findByRole('heading', { name: 'Propiedad 1' });

      await user.type(screen.getByLabelText('Max price'), '200000000');
      expect(screen.getByLabelText('Max price')).toHaveAccessibleDescription(
        'Read as: CLP$ 200,000,000',
      );
      await waitFor(() => expect(router.state.location.search).toBe('?price_max=200000000'));

      await user.click(screen.getByRole('combobox', { name: 'Visited' }));
      await user.click(await screen.findByRole('option', { name: 'No' }));
      await waitFor(() =>
        expect(router.state.location.search).toBe('?visited=false&price_max=200000000'),
      );

      await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
      await user.click(await screen.findByRole('option', { name: 'Price: low to high' }));
      await waitFor(() =>
        expect(router.state.location.search).toBe(
          '?visited=false&price_max=200000000&sort=price_asc',
        ),
      );
    });

    it("a broker's properties: chosen in the bar, in the URL and the query", async () => {
      const user = userEvent.setup();
      const { requestsTo } = stubProperties();
      const { router } = visit('/properties');
      await screen.findByRole('heading', { name: 'Propiedad 1' });
      await user.click(screen.getByRole('combobox', { name: 'Broker' }));
      await user.click(
        await screen.findByRole('option', { name: 'Patricia Soto (Soto Propiedades)' }),
      );
      await waitFor(() => expect(router.state.location.search).toBe('?broker_id=4'));
      await waitFor(() =>
        expect(requestsTo('GET /api/properties').at(-1)?.search.get('broker_id')).toBe('4'),
      );
    });

    it('reads a price bound as every number box does, and never sends one read two ways', async () => {
      const user = userEvent.setup();
      stubProperties();
      const { router } = visit('/properties?price_unit=UF');
      await screen.findByRole('heading', { name: 'Propiedad 1' });
      const min = screen.getByLabelText('Min price');
      // A Chilean's UF amount in the English interface: the comma marks the decimals.
      await user.type(min, '4.500,5');
      expect(min).toHaveAccessibleDescription('Read as: UF 4,500.5');
      await waitFor(() =>
        expect(router.state.location.search).toBe('?price_unit=UF&price_min=4500.5'),
      );
      // Pasted (typed, a slow machine could pause on a readable "1,23").
      await user.tripleClick(min);
      await user.paste('1,234.5,6');
      await user.tab();
      expect(min).toHaveAccessibleDescription(/^This number can be read more than one way/);
      // The bound typed before stays until a readable one replaces it.
      expect(router.state.location.search).toBe('?price_unit=UF&price_min=4500.5');
    });

    it('a price range with the maximum below the minimum is not sent', async () => {
      const { requestsTo } = stubProperties();
      visit('/properties?price_min=500&price_max=100');
      expect(
        await screen.findByText('The maximum price is below the minimum price.'),
      ).toBeInTheDocument();
      expect(screen.getByText('Maximum is below the minimum')).toBeInTheDocument();
      expect(requestsTo('GET /api/properties')).toHaveLength(0);
    });

    it('"Clear filters" empties the URL, the inputs and the query', async () => {
      const user = userEvent.setup();
      const { requestsTo } = stubProperties();
      const { router } = visit('/properties?q=luz&property_type_id=2');
      await screen.findByRole('heading', { name: 'Propiedad 1' });
      await waitFor(() =>
        expect(screen.getByRole('combobox', { name: 'Property type' })).toHaveValue('Departamento'),
      );

      await user.click(screen.getByRole('button', { name: 'Clear filters' }));
      await waitFor(() => expect(router.state.location.search).toBe(''));
      expect(screen.getByLabelText('Search')).toHaveValue('');
      expect(screen.getByRole('combobox', { name: 'Property type' })).toHaveValue('');
      await waitFor(() =>
        expect(requestsTo('GET /api/properties').at(-1)?.search.toString()).toBe(''),
      );
      expect(screen.getByRole('button', { name: 'Clear filters' })).toBeDisabled();
    });

    it('lists those without a location apart (the map links here), as a filter the bar shows and removes', async () => {
      const { requestsTo } = stubProperties();
      const { router } = visit('/properties?region_id=13&located=false');
      await screen.findByRole('heading', { name: 'Propiedad 1' });
      expect(requestsTo('GET /api/properties')[0]?.search.get('located')).toBe('false');
      expect(screen.getByText('Only without a location')).toBeInTheDocument();

      await userEvent.click(
        screen.getByRole('button', { name: 'Remove the filter “Only without a location”' }),
      );
      await waitFor(() => expect(router.state.location.search).toBe('?region_id=13'));
      expect(screen.queryByText('Only without a location')).toBeNull();
      await waitFor(() =>
        expect(requestsTo('GET /api/properties').at(-1)?.search.has('located')).toBe(false),
      );
    });
  });

  describe('on a phone', () => {
    it('"More filters" counts the folded filters in use and says whether they are open', async () => {
      stubProperties();
      visit('/properties?q=casa&sort=oldest&region_id=13&visited=true&price_min=100000000');
      // Search and sort stay out, so they are not counted.
      const toggle = await screen.findByRole('button', { name: 'More filters (3)' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      const folded = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
      expect(folded).toContainElement(screen.getByRole('combobox', { name: 'Region' }));
      expect(folded).not.toContainElement(screen.getByRole('searchbox', { name: 'Search' }));

      await userEvent.click(toggle);
      expect(screen.getByRole('button', { name: 'Fewer filters' })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      expect(folded).toHaveAttribute('data-open');
    });

    it('draws the folded filters only once they are opened', async () => {
      const desktop = window.matchMedia;
      window.matchMedia = (query: string) => ({
        ...desktop(query),
        matches: query === '(max-width: 47.99em)',
      });
      try {
        stubProperties();
        visit('/properties?region_id=13');
        const toggle = await screen.findByRole('button', { name: 'More filters (1)' });
        const folded = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
        expect(folded).toBeEmptyDOMElement();
        expect(screen.queryByRole('combobox', { name: 'Region' })).toBeNull();

        await userEvent.click(toggle);
        expect(folded).toContainElement(screen.getByRole('combobox', { name: 'Region' }));
        expect(
          screen.getByRole('radiogroup', { name: 'Currency of the price bounds' }),
        ).toBeInTheDocument();
      } finally {
        window.matchMedia = desktop;
      }
    });

    it('offers "More filters" without a count when none is in use', async () => {
      stubProperties();
      visit('/properties?q=casa');
      expect(await screen.findByRole('button', { name: 'More filters' })).toBeInTheDocument();
    });
  });
});
