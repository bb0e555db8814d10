import { missingBrowserReason } from '@bec/testkit/browser';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { api, box, sidebarLinks, signIn } from './support';

test.skip(missingBrowserReason !== undefined, missingBrowserReason);

// The demo's UF (seed-data/demo-properties.ts): entering the same value keeps every UF listing's
// peso price as the other journeys expect it.
const UF_TYPED = '39.643,59';
const UF_SHOWN = 'CLP$ 39.643,59';

/** The stored values' row of a day (its first cell; the "Guardado" cell is a time of day too). */
const storedRow = (page: Page, day: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: day, exact: true }) });

test("admin opens Ajustes from the sidebar and enters today's UF by hand; it is stored and listed", async ({
  page,
}) => {
  await signIn(page, 'admin@bec.local');
  await (await sidebarLinks(page)).filter({ hasText: 'Ajustes' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page).toHaveTitle('Ajustes · BEC');
  await expect(page.getByRole('heading', { name: 'Ajustes', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Valor de la UF' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'UF en uso' })).toBeVisible();

  // The date starts at today (Chile's, from the API), as the API has it.
  const date = page.getByLabel('Fecha');
  const current = await api(page, 'GET', '/api/uf');
  expect(current.status).toBe(200);
  const today: string = current.body.data.today;
  await expect(date).toHaveValue(today);
  // The day as the screens show it in Spanish (the browser's own formats).
  const day = await page.evaluate(
    (d) =>
      new Intl.DateTimeFormat('es-CL', { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date(`${d}T00:00:00Z`),
      ),
    today,
  );

  // Typed as a Chilean writes it: dots for thousands, a comma for the centavos.
  const value = box(page, 'Valor de 1 UF');
  await value.pressSequentially(UF_TYPED);
  // The box keeps what was typed; under it, the value that will be saved.
  await expect(value).toHaveValue(UF_TYPED);
  await expect(value).toHaveAccessibleDescription(`Se guardará: ${UF_SHOWN}`);
  await page.getByRole('button', { name: 'Guardar valor' }).click();
  await expect(
    page.getByText(`UF del ${day} guardada: ${UF_SHOWN}.`, { exact: false }),
  ).toBeVisible();
  await expect(value).toHaveValue('');

  // The value in effect is today's, entered by hand; the stored values list it.
  const inEffect = page.getByText(`Valor de hoy (${day}).`);
  await expect(inEffect).toBeVisible();
  const stored = storedRow(page, day);
  await expect(stored).toHaveCount(1);
  await expect(stored).toContainText(UF_SHOWN);
  await expect(stored).toContainText('Ingresado a mano');
  await expect(page.getByRole('heading', { name: 'Valores guardados' })).toBeVisible();

  const values = await api(page, 'GET', '/api/uf/values');
  expect(values.status).toBe(200);
  expect(values.body.data.items).toContainEqual(
    expect.objectContaining({ date: today, value: 39_643.59, source: 'manual' }),
  );

  // Still there after a reload.
  await page.reload();
  await expect(storedRow(page, day)).toContainText('Ingresado a mano');
});

for (const email of ['viewer@bec.local', 'editor@bec.local']) {
  test(`${email.split('@')[0]}: reads the UF prices use in the header, on every page (ADR 026)`, async ({
    page,
  }) => {
    await signIn(page, email);
    const current = await api(page, 'GET', '/api/uf');
    expect(current.status).toBe(200);
    const { date, value } = current.body.data.uf;
    const [day, pesos] = await page.evaluate(
      ([d, v]) => [
        new Intl.DateTimeFormat('es-CL', { dateStyle: 'medium', timeZone: 'UTC' }).format(
          new Date(`${d}T00:00:00Z`),
        ),
        new Intl.NumberFormat('es-CL', { minimumFractionDigits: 2, useGrouping: 'always' }).format(
          v,
        ),
      ],
      [date, value] as const,
    );
    const chip = page.getByRole('banner').getByText(`1 UF = CLP$ ${pesos}`);
    for (const path of ['/home', '/properties', '/board']) {
      await page.goto(path);
      await expect(chip).toBeVisible();
      await expect(chip).toContainText(day);
    }
    // And beside every conversion, with its day.
    await page.goto('/properties?price_unit=UF');
    await expect(
      page.getByRole('main').getByText(`convertido con la UF del ${day} (CLP$ ${pesos})`).first(),
    ).toBeVisible();
  });

  test(`${email.split('@')[0]}: typing /settings goes to /home`, async ({ page }) => {
    await signIn(page, email);
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { name: '¡Bienvenido a BEC!' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Valor de la UF' })).toHaveCount(0);
    await expect(await sidebarLinks(page)).toHaveText([
      'Inicio',
      'Propiedades',
      'Tablero',
      'Corredores',
      'Datos',
    ]);
  });
}
