import { missingBrowserReason } from '@bec/testkit/browser';
import { validProperty } from '@bec/testkit/property-fixture';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { api, chooseFilter, detailValue, filtersBar, signIn } from './support';

test.skip(missingBrowserReason !== undefined, missingBrowserReason);

const main = (page: Page) => page.getByRole('main');
/** The grid's cards: each is a link named by its whole content. */
const card = (page: Page, name: string) => main(page).getByRole('link').filter({ hasText: name });

/** Adds a depto through the API (setup, not the journey); answers its id. */
async function addDepto(page: Page, name: string, street: number, fields: object) {
  const added = await api(page, 'POST', '/api/properties/add', {
    // No position: it must not stand among the Data journeys' deptos on the map.
    ...validProperty({
      name,
      address: `Pasaje Atributos ${street}`,
      latitude: null,
      longitude: null,
      google_maps_url: null,
      ...fields,
    }),
    visited: false,
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return added.body.data.id as number;
}

// ADR 038, 041: the portals' "3D · 2B · 1E" on the cards, the filters by dormitorios and baños (in the
// URL, so the board and the Data section take them), and the attributes on the detail.
test('an editor reads "3D · 2B · 1E" on a card, filters by dormitorios and baños, and sees the attributes on the detail', async ({
  page,
}) => {
  // Sign-in, the grid, the board, the Data section and the detail: long on a loaded machine.
  test.setTimeout(90_000);
  await signIn(page, 'editor@bec.local');
  const tag = `LA${Date.now() % 1_000_000}`;
  const big = `Depto atributos ${tag} grande`;
  const small = `Depto atributos ${tag} chico`;
  const street = 100 + (Date.now() % 800);
  const bigId = await addDepto(page, big, street, {
    rooms: 3,
    bathrooms: 2,
    parking_spaces: 1,
    storage_units: 1,
    common_expenses: 120_000,
    floor: 7,
    orientation: 'NO',
    year_built: 2015,
  });
  const smallId = await addDepto(page, small, street + 1, { rooms: 2, bathrooms: 1 });

  await page.goto('/properties');
  await filtersBar(page).getByRole('searchbox', { name: 'Buscar' }).fill(tag);
  await expect(card(page, big)).toBeVisible();
  await expect(card(page, small)).toBeVisible();
  // The shorthand as the portals write it, the gastos comunes as prices are; heard in full.
  await expect(card(page, big).getByText('3D · 2B · 1E', { exact: true })).toBeVisible();
  await expect(card(page, big).getByText('GC CLP$ 120.000', { exact: true })).toBeVisible();
  await expect(card(page, big)).toHaveAccessibleName(
    /3 dormitorios, 2 baños, 1 estacionamiento\s*Gastos comunes: CLP\$\s120\.000 al mes/,
  );
  await expect(card(page, small).getByText('2D · 1B', { exact: true })).toBeVisible();
  await expect(card(page, small).getByText(/^GC /)).toHaveCount(0);

  await chooseFilter(page, 'Dormitorios mín.', '3+');
  await chooseFilter(page, 'Baños mín.', '2+');
  await expect(page).toHaveURL(/[?&]rooms_min=3&bathrooms_min=2(&|$)/);
  await expect(card(page, small)).toHaveCount(0);
  await expect(card(page, big)).toBeVisible();
  // The gastos comunes maximum read as the price boxes read it: 100.000 leaves it out.
  const expenses = filtersBar(page).getByRole('textbox', { name: 'Gastos comunes máx.' });
  await expenses.fill('100.000');
  await expect(page).toHaveURL(/[?&]common_expenses_max=100000(&|$)/);
  await expect(card(page, big)).toHaveCount(0);
  await expenses.fill('120000');
  await expect(page).toHaveURL(/[?&]common_expenses_max=120000(&|$)/);
  await expect(card(page, big)).toBeVisible();
  await expect(card(page, small)).toHaveCount(0);

  // The board takes the same filters from the URL: only the big depto, in its column.
  const query = new URL(page.url()).search;
  await page.goto(`/board${query}`);
  await expect(filtersBar(page).getByRole('combobox', { name: 'Dormitorios mín.' })).toHaveValue(
    '3+',
  );
  const boardCards = page.getByTestId('board-card').filter({ hasText: tag });
  await expect(boardCards).toHaveCount(1);
  await expect(boardCards).toContainText(big);

  // So does the Data section's statistics request.
  const stats = page.waitForRequest(
    (request) =>
      request.url().includes('/api/market/stats') &&
      /[?&]rooms_min=3(&|$)/.test(request.url()) &&
      /[?&]bathrooms_min=2(&|$)/.test(request.url()),
  );
  await page.goto(`/data${query}`);
  await stats;

  await page.goto(`/properties${query}`);
  await card(page, big).click();
  await expect(page).toHaveURL(new RegExp(`/properties/${bigId}$`));
  await expect(page.getByRole('heading', { name: big, level: 2 })).toBeVisible();
  await expect(detailValue(page, 'Dormitorios')).toHaveText('3');
  await expect(detailValue(page, 'Baños')).toHaveText('2');
  await expect(detailValue(page, 'Estacionamientos')).toHaveText('1');
  await expect(detailValue(page, 'Bodegas')).toHaveText('1');
  await expect(detailValue(page, 'Gastos comunes')).toHaveText('CLP$ 120.000 al mes');
  await expect(detailValue(page, 'Piso')).toHaveText('7');
  await expect(detailValue(page, 'Orientación')).toHaveText('Norponiente');
  await expect(detailValue(page, 'Año de construcción')).toHaveText('2015');

  for (const id of [bigId, smallId]) {
    expect((await api(page, 'DELETE', `/api/properties/${id}`)).status).toBe(200);
  }
});
