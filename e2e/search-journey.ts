import { validProperty } from '@bec/testkit/property-fixture';
import { expect, type Page, type Request } from '@playwright/test';
import { api, signIn } from './support';

// ADR 019's search, as a person in Chile types it: words matched the Spanish way (no accents
// needed, plurals, the last word as a prefix), all of them, over name, address, comuna, región,
// broker and notes; then sorted by relevance, and back. One journey, run by the demo project
// (search.spec.ts) and the production one (production/search.spec.ts).

const VINA = 5109; // Viña del Mar, región de Valparaíso (CUT 05109)
const PROVIDENCIA = 13123; // Providencia, Región Metropolitana

const main = (page: Page) => page.getByRole('main');
const filters = (page: Page) => page.getByRole('search', { name: 'Filtros de propiedades' });
const searchBox = (page: Page) => filters(page).getByRole('searchbox', { name: 'Buscar' });
const sortSelect = (page: Page) => filters(page).getByRole('combobox', { name: 'Ordenar por' });
const cardNames = (page: Page) => main(page).getByRole('heading', { level: 3 });

/** The grid's requests to the list endpoint, as search params (the first page's, not the CSV). */
function watchListRequests(page: Page) {
  const asked: URLSearchParams[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/properties') asked.push(url.searchParams);
  });
  return asked;
}

/**
 * Watches the grid while the user types: whether it ever showed the loading line or "no
 * properties" (it should keep the previous cards while the next ones load).
 */
const watchForFlashes = (page: Page) =>
  page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __gridFlashes: string[] }).__gridFlashes = seen;
    const texts = ['Cargando propiedades...', 'No se encontraron propiedades.'];
    new MutationObserver(() => {
      const text = document.querySelector('main')?.textContent ?? '';
      for (const t of texts) if (text.includes(t) && !seen.includes(t)) seen.push(t);
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
const flashes = (page: Page) =>
  page.evaluate(() => (window as unknown as { __gridFlashes: string[] }).__gridFlashes);

/** Adds a property through the API (setup, not the journey); answers its id. */
async function addProperty(page: Page, overrides: Record<string, unknown>) {
  const added = await api(page, 'POST', '/api/properties/add', {
    // No position: these must not stand among other journeys' maps and nearest comparables.
    ...validProperty({
      broker_id: null,
      latitude: null,
      longitude: null,
      google_maps_url: null,
      notes: null,
      ...overrides,
    }),
    visited: false,
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return added.body.data.id as number;
}

/** The id of a property type by its Spanish name, as the API lists them. */
async function typeId(page: Page, name: string) {
  const { status, body } = await api(page, 'GET', '/api/property-types');
  expect(status).toBe(200);
  const found = (body.data as { id: number; name: string }[]).find((t) => t.name === name);
  if (!found) throw new Error(`no property type ${name}`);
  return found.id;
}

/**
 * `member` (an editor or admin) adds three houses in Viña del Mar, a depto in Viña del Mar and a
 * house in Providencia, then searches "vina casas" in the grid: only the three houses in Viña.
 * Sorted by relevance while searching; clearing the search brings back newest first.
 */
export async function spanishSearchJourney(page: Page, member: string) {
  await signIn(page, member);
  const tag = `${Date.now() % 100_000}`;
  const casa = await typeId(page, 'Casa');
  const depto = await typeId(page, 'Departamento');
  const houses = [
    { name: `Casa con vista al mar ${tag}`, address: `Calle Quinta ${tag}` },
    { name: `Casa en Reñaca ${tag}`, address: `Avenida Borgoño ${tag}` },
    { name: `Casa del Cerro Castillo ${tag}`, address: `Subida Castillo ${tag}` },
  ];
  const created: number[] = [];
  try {
    for (const house of houses)
      created.push(await addProperty(page, { ...house, city_id: VINA, property_type_id: casa }));
    created.push(
      await addProperty(page, {
        name: `Departamento en Viña del Mar ${tag}`,
        address: `Avenida Libertad ${tag}, depto 801`,
        city_id: VINA,
        property_type_id: depto,
      }),
      await addProperty(page, {
        name: `Casa en Providencia ${tag}`,
        address: `Avenida Providencia ${tag}`,
        city_id: PROVIDENCIA,
        property_type_id: casa,
      }),
    );

    await page.goto('/properties');
    await expect(cardNames(page).first()).toBeVisible();
    await expect(sortSelect(page)).toHaveValue('Más recientes primero');
    // Relevance ranks a search's matches: not offered without one.
    await sortSelect(page).click();
    await expect(page.getByRole('option', { name: 'Más antiguas primero' })).toBeVisible();
    await expect(page.getByRole('option', { name: 'Relevancia' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // Typed as a person types, without the tilde and in the plural.
    const asked = watchListRequests(page);
    await watchForFlashes(page);
    await searchBox(page).click();
    await searchBox(page).pressSequentially('vina casas', { delay: 60 });
    await expect(page).toHaveURL(/\/properties\?q=vina\+casas$/);
    await expect
      .poll(async () => (await cardNames(page).allTextContents()).sort())
      .toEqual(houses.map((h) => h.name).sort());
    await expect(main(page).getByText('3 propiedades', { exact: true })).toBeVisible();
    await expect(main(page).getByText('Viña del Mar, Valparaíso', { exact: true })).toHaveCount(3);
    // Still typing-ready, the cards never blanked out, and no request for each letter.
    await expect(searchBox(page)).toBeFocused();
    expect(await flashes(page)).toEqual([]);
    expect(asked.filter((search) => search.has('q')).length).toBeLessThanOrEqual(3);
    // The order chosen before the search stays.
    await expect(sortSelect(page)).toHaveValue('Más recientes primero');

    // Best match first, for the same matches.
    await sortSelect(page).click();
    const ranked = page.waitForRequest((request) => {
      const search = new URL(request.url()).searchParams;
      return search.get('sort') === 'relevance' && search.get('q') === 'vina casas';
    });
    await page.getByRole('option', { name: 'Relevancia' }).click();
    await expect(page).toHaveURL(/\/properties\?q=vina\+casas&sort=relevance$/);
    await ranked;
    await expect(sortSelect(page)).toHaveValue('Relevancia');
    await expect
      .poll(async () => (await cardNames(page).allTextContents()).sort())
      .toEqual(houses.map((h) => h.name).sort());
    await expect(main(page).getByText('3 propiedades', { exact: true })).toBeVisible();

    // The search cleared, relevance has nothing to rank: newest first again, in the URL too.
    await searchBox(page).clear();
    await expect(page).toHaveURL(/\/properties$/);
    await expect(sortSelect(page)).toHaveValue('Más recientes primero');
    await expect(main(page).getByText(/^\d+ propiedades( · mostrando 24)?$/)).toBeVisible();
    await expect(cardNames(page).filter({ hasText: `Casa en Providencia ${tag}` })).toHaveCount(1);
    expect(
      asked.filter((search) => search.get('sort') === 'relevance' && !search.has('q')),
    ).toEqual([]);
  } finally {
    for (const id of created) await api(page, 'DELETE', `/api/properties/${id}`);
  }
}
