import { missingBrowserReason } from '@bec/testkit/browser';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { accessToken, box, fillRequired, signIn } from './support';

test.skip(missingBrowserReason !== undefined, missingBrowserReason);

/** Today in Chile, as the API dates the UF: YYYY-MM-DD. */
const chileToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date());

/** Calls the API with the page's token (setup only; the journey itself goes through the screens). */
async function call(page: Page, method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown) {
  const response = await page.request.fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${await accessToken(page)}`,
      'content-type': 'application/json',
    },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.status(), `${method} ${url}`).toBeLessThan(300);
  return (await response.json()).data;
}

const main = (page: Page) => page.getByRole('main');

test('editor: a price entered as "UF 4.500,5" shows in UF and in pesos at the UF of the day, sorts among CLP prices by its peso value, and the grid, form and detail read in English once chosen', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const tag = `UF${Date.now()}`;
  const today = chileToday();

  // Setup: the UF of today is the demo's 39.643,59 pesos (entered again by an admin, as the other
  // journeys expect it), so UF 4.500,5 is CLP$ 178.415.977; two CLP properties just below and
  // above it.
  const admin = await browser.newPage({ locale: 'es-CL' });
  await signIn(admin, 'admin@bec.local');
  await call(admin, 'PUT', `/api/uf/values/${today}`, { value: 39643.59 });
  const [city, type] = await Promise.all([
    call(admin, 'GET', '/api/regions').then((regions) => regions[0].comunas[0].id),
    call(admin, 'GET', '/api/property-types').then((types) => types[0].id),
  ]);
  for (const [name, price] of [
    [`${tag} barata`, 178_400_000],
    [`${tag} cara`, 178_500_000],
  ] as const) {
    await call(admin, 'POST', '/api/properties/add', {
      name,
      address: 'Calle Prueba 1',
      city_id: city,
      property_type_id: type,
      price,
      building_sqmts: 100,
      land_sqmts: 100,
    });
  }

  await admin.close();

  await signIn(page, 'editor@bec.local');
  await page.goto('/addProperty');
  await fillRequired(page, `${tag} en UF`);
  await page.getByRole('radiogroup', { name: 'Moneda del precio' }).getByText('UF').click();
  // The Spanish decimal comma.
  const price = box(page, 'Precio (UF)');
  await price.clear();
  await price.pressSequentially('4.500,5');
  await expect(price).toHaveValue('4.500,5');
  await page.getByRole('button', { name: 'Agregar propiedad' }).click();
  await expect(page.getByText('¡Propiedad agregada!')).toBeVisible();

  // The grid, searched for this test's three and sorted by price: the UF one sits between the
  // two CLP ones by its peso equivalent.
  await page.goto(`/properties?q=${tag}&sort=price_asc`);
  const names = main(page).getByRole('heading', { level: 3 });
  await expect(names).toHaveText([`${tag} barata`, `${tag} en UF`, `${tag} cara`]);
  const ufCard = main(page)
    .getByRole('link')
    .filter({ hasText: `${tag} en UF` });
  await expect(ufCard.getByText('UF 4.500,5', { exact: true })).toBeVisible();
  const dayEs = new Intl.DateTimeFormat('es-CL', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${today}T00:00:00Z`),
  );
  await expect(
    ufCard.getByText(`≈ CLP$ 178.415.977, convertido con la UF del ${dayEs} (CLP$ 39.643,59)`),
  ).toBeVisible();
  const clpCard = main(page)
    .getByRole('link')
    .filter({ hasText: `${tag} cara` });
  await expect(clpCard.getByText('CLP$ 178.500.000', { exact: true })).toBeVisible();
  await expect(clpCard.getByText(/^≈ UF 4\.502,62, convertido con la UF del/)).toBeVisible();

  // The detail: the original first, the converted amount marked as such.
  await ufCard.click();
  await expect(page.getByRole('heading', { name: `${tag} en UF`, level: 2 })).toBeVisible();
  await expect(main(page).getByText('UF 4.500,5').first()).toBeVisible();

  // English, chosen in the user menu: the grid, the form and the detail speak English.
  await page.getByRole('button', { name: 'Elena Editora' }).first().click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(main(page).getByText('Price per m²')).toBeVisible();
  await expect(main(page).getByText(/^≈ CLP\$ 178,415,977, converted at the UF of/)).toBeVisible();
  await page.goto(`/properties?q=${tag}&sort=price_asc`);
  await expect(page.getByRole('heading', { name: 'Properties', level: 2 })).toBeVisible();
  const filtersBar = page.getByRole('search', { name: 'Property filters' });
  for (const label of ['Search', 'Region', 'Comuna', 'Property type', 'Sort by']) {
    await expect(filtersBar.getByLabel(label, { exact: true }).first()).toBeVisible();
  }
  await expect(main(page).getByText('UF 4,500.5', { exact: true })).toBeVisible();
  await page.goto('/addProperty');
  for (const label of ['Name', 'Address', 'Price (CLP)', 'Building area (m²)', 'Land area (m²)']) {
    await expect(box(page, label)).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Add Property' })).toBeVisible();

  // The choice holds across a reload.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'Add Property' })).toBeVisible();
});
