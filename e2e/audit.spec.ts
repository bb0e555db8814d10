import { missingBrowserReason } from '@bec/testkit/browser';
import { validProperty } from '@bec/testkit/property-fixture';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { api, sidebarLinks, signIn, WAITLISTED } from './support';

test.skip(missingBrowserReason !== undefined, missingBrowserReason);

/** Today in Chile, `YYYY-MM-DD`, as the audit's date filters take it. */
const chileToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Santiago',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

/** A new account signs in through the development page (in Spanish) and lands on the waitlist. */
async function requestAccess(browser: Browser, email: string, name: string) {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/home');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByText('reemplaza a Google')).toBeVisible();
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Nombre').fill(name);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(page.getByText(WAITLISTED)).toBeVisible();
  await page.context().close();
}

async function pickOption(page: Page, select: ReturnType<Page['getByRole']>, option: string) {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test("admin changes a member's role and finds it in Auditoría, filtered by person and day", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const email = `auditada-${stamp}@bec.local`;
  const name = `Olga Auditada ${stamp}`;
  await requestAccess(browser, email, name);

  await signIn(page, 'admin@bec.local');
  // Setup: the request approved as a viewer (the approval is audited too).
  const waitlist = await api(page, 'GET', '/api/waitlist');
  const entry = waitlist.body.data.items.find((e: { email: string }) => e.email === email);
  expect(entry).toBeDefined();
  expect(
    (await api(page, 'POST', `/api/waitlist/${entry.id}/approve`, { role: 'viewer' })).status,
  ).toBe(201);

  // The journey: Usuarios, the role select, then Auditoría.
  await (await sidebarLinks(page)).filter({ hasText: 'Usuarios' }).click();
  await expect(page).toHaveURL(/\/users$/);
  const role = page.getByRole('combobox', { name: `Rol de ${name}` });
  await expect(role).toHaveValue('lector');
  await pickOption(page, role, 'editor');
  await expect(page.getByText(`${name} ahora es editor`)).toBeVisible();

  await (await sidebarLinks(page)).filter({ hasText: 'Auditoría' }).click();
  await expect(page).toHaveURL(/\/audit$/);
  await expect(page.getByRole('heading', { name: 'Auditoría' })).toBeVisible();
  const change = page
    .getByRole('row')
    .filter({ hasText: email })
    .filter({ hasText: 'Cambió el rol' });
  await expect(change).toHaveCount(1);
  await expect(change).toContainText('lector → editor');
  await expect(change).toContainText('Ana Admin');
  await expect(change).toContainText(name);

  // By the person's email and today's date: still there, the URL carries the filters.
  const today = chileToday();
  await page.getByRole('textbox', { name: 'Persona' }).fill(email);
  await page.getByLabel('Desde').fill(today);
  await page.getByLabel('Hasta').fill(today);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(new RegExp(`person=${encodeURIComponent(email)}`));
  await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}`));
  await expect(change).toHaveCount(1);
  // Only this person's decisions: the role change and the approval.
  await expect(page.getByRole('row').filter({ hasText: 'Aprobó una solicitud' })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: 'lector → editor' })).toHaveCount(1);

  // The action filter, then a reload: the URL keeps them.
  await page.getByLabel('Acción').selectOption({ label: 'Cambió el rol' });
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Aprobó una solicitud' })).toHaveCount(0);
  await page.reload();
  await expect(change).toHaveCount(1);

  // Another person: the row is gone.
  await page.getByRole('textbox', { name: 'Persona' }).fill('nadie-mas@bec.local');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByText('Ninguna decisión coincide con los filtros.')).toBeVisible();
  await expect(change).toHaveCount(0);
});

test("an editor changes a property's price; the detail's Historial says so with both prices", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, 'editor@bec.local');
  const created = await api(
    page,
    'POST',
    '/api/properties/add',
    // No position: it must not stand among the Data journey's nearest deptos in Ñuñoa.
    validProperty({
      name: `Historial E2E ${Date.now()}`,
      latitude: null,
      longitude: null,
      google_maps_url: null,
    }),
  );
  expect(created.status).toBe(201);
  const id = Number(created.body.data.id);

  await page.goto(`/properties/${id}`);
  const history = page.getByRole('region', { name: 'Historial', exact: true });
  await expect(history).toContainText('Elena Editora agregó la propiedad');

  await page.getByRole('link', { name: 'Editar propiedad' }).click();
  const price = page.getByRole('textbox', { name: 'Precio (CLP)', exact: true });
  await expect(price).toHaveValue('145.000.000');
  await price.fill('');
  await price.pressSequentially('199.500.000');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page).toHaveURL(new RegExp(`/properties/${id}$`));

  await expect(history).toContainText(
    'Elena Editora cambió el precio de CLP$ 145.000.000 a CLP$ 199.500.000',
  );
  const newest = history.locator('.mantine-Timeline-item').first();
  await expect(newest).toContainText('cambió el precio');
  await expect(newest.locator('time')).toHaveText('hace un momento');
});
