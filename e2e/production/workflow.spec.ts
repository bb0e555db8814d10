import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { missingBrowserReason } from '@bec/testkit/browser';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNamedControls } from '../accessibility';
import { api, box, fillRequired, select, sidebarLinks, signIn } from '../support';
import { PRODUCTION, productionSkipReason } from './settings';
import { expect, test } from './strict-test';

// The team's workflow as deployed (ADR 018): PostgreSQL, photos on S3, the external provider,
// the real CSP. Runs after journeys.spec.ts (file order), which leaves no property behind.
const skipReason = missingBrowserReason ?? productionSkipReason;
test.skip(skipReason !== undefined, skipReason);
test.describe.configure({ mode: 'serial' });

let folder = '';
const photo = () => path.join(folder, 'verde.png');

test.beforeAll(async () => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'bec-e2e-prod-workflow-'));
  const png = await sharp({
    create: { width: 800, height: 600, channels: 3, background: '#27ae60' },
  })
    .png()
    .toBuffer();
  writeFileSync(photo(), png);
});

test.afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const STAMP = Date.now();
const NAME = `Casa del flujo ${STAMP}`;
const BROKER = `Corredor producción ${STAMP}`;
let propertyId = 0;
let address = '';

/** A `datetime-local` value for tomorrow at 11:30, in the browser's own time. */
const tomorrowAt = (page: Page) =>
  page.evaluate(() => {
    const at = new Date(Date.now() + 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T11:30`;
  });

/** The origins of the page's PUT requests (uploads go straight to the bucket). */
function watchPuts(page: Page) {
  const puts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT') puts.push(new URL(request.url()).origin);
  });
  return puts;
}

test('the admin creates a broker inside the property form and adds the property with a photo on S3', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, PRODUCTION.admin);
  const puts = watchPuts(page);
  await page.goto('/addProperty');
  await fillRequired(page, NAME);
  address = await box(page, 'Dirección').inputValue();
  // A decimal comma, shown as it will be saved before saving (ADR 026).
  const building = box(page, 'Superficie construida (m²)');
  await building.fill('85,5');
  await expect(building).toHaveAccessibleDescription('Se guardará: 85,5 m²');
  await page.getByRole('button', { name: 'Nuevo corredor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo corredor' });
  await expect(dialog).toBeVisible();
  await expectNamedControls(page, 'the new broker dialog');
  await dialog.getByRole('textbox', { name: 'Nombre' }).fill(BROKER);
  await dialog.getByRole('textbox', { name: /^Teléfono/ }).fill('+56 2 2345 6789');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  await expect(select(page, 'Corredor')).toHaveValue(BROKER);
  await page.locator('input[type="file"]').setInputFiles([photo()]);
  await page.getByRole('button', { name: 'Agregar propiedad' }).click();
  await expect(page.getByText('¡Propiedad agregada!')).toBeVisible({ timeout: 30_000 });
  expect(puts).toEqual([PRODUCTION.s3Origin]);
  const href = await page.getByRole('link', { name: 'Ver la propiedad' }).getAttribute('href');
  propertyId = Number(href?.match(/^\/properties\/(\d+)$/)?.[1]);
  expect(propertyId).toBeGreaterThan(0);
  const stored = await api(page, 'GET', `/api/properties/${propertyId}`);
  expect(stored.body.data.building_sqmts).toBe(85.5);

  // Corredores lists it with its Santiago landline as people read it.
  await (await sidebarLinks(page)).filter({ hasText: 'Corredores' }).click();
  const row = page.getByRole('row').filter({ hasText: BROKER });
  await expect(row.getByRole('link', { name: '+56 2 2345 6789' })).toHaveAttribute(
    'href',
    'tel:+56223456789',
  );
});

test('a near-copy with the same photo gets the duplicate warning, read from the bucket', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, PRODUCTION.admin);
  await page.goto('/addProperty');
  await fillRequired(page, `${NAME} (copia)`);
  // The same street and number, written another way, with a unit number.
  await box(page, 'Dirección').fill(`${address.replace('Avenida', 'Av.')}, depto 12`);
  await page.locator('input[type="file"]').setInputFiles([photo()]);
  await page.getByRole('button', { name: 'Agregar propiedad' }).click();
  const warning = page.getByRole('alert').filter({ hasText: 'Posible duplicado' });
  await expect(warning).toBeVisible({ timeout: 30_000 });
  const original = warning.getByRole('link', { name: new RegExp(NAME) });
  await expect(original).toHaveAttribute('href', `/properties/${propertyId}`);
  // The uploaded file was hashed from S3 and matched the stored photo, as was the address.
  await expect(warning).toContainText('misma foto');
  await expect(warning).toContainText('misma dirección en Ñuñoa');
  await warning.getByRole('button', { name: 'Revisar' }).click();
  await expect(warning).toBeHidden();
  await expect(box(page, 'Nombre')).toHaveValue(`${NAME} (copia)`);
});

test('the board moves the property to Por visitar; a visit tomorrow with a photo shows on Home and in the history', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, PRODUCTION.admin);
  await (await sidebarLinks(page)).filter({ hasText: 'Tablero' }).click();
  await expect(page).toHaveURL(/\/board$/);
  await page.getByRole('button', { name: `Mover ${NAME} a otra etapa` }).click();
  await page.getByRole('menuitem', { name: 'Por visitar' }).click();
  await expect(page.getByText(`${NAME} pasó a Por visitar.`)).toBeVisible();

  await page.goto(`/properties/${propertyId}`);
  await expect(page.getByRole('main').getByText('Por visitar').first()).toBeVisible();
  const puts = watchPuts(page);
  await page.getByRole('button', { name: 'Registrar visita' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrar visita' });
  await expect(dialog).toBeVisible();
  await expectNamedControls(page, 'the visit dialog');
  await dialog.getByLabel('Fecha y hora').fill(await tomorrowAt(page));
  await dialog.getByRole('textbox', { name: 'Notas' }).fill('Revisar la techumbre');
  await dialog.locator('input[type="file"]').setInputFiles([photo()]);
  await dialog.getByRole('button', { name: 'Guardar visita' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  expect(puts).toEqual([PRODUCTION.s3Origin]);
  const visit = page.getByRole('region', { name: 'Visitas' }).getByRole('listitem').first();
  await expect(visit).toContainText('Revisar la techumbre');
  const thumbnail = visit.getByRole('img').first();
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

  const history = page.getByRole('region', { name: 'Historial', exact: true });
  await expect(history).toContainText('movió la propiedad de Nueva a Por visitar');
  await expect(history).toContainText('registró una visita');

  await (await sidebarLinks(page)).filter({ hasText: 'Inicio' }).click();
  const upcoming = page.getByRole('region', { name: 'Tus próximas visitas' });
  await expect(upcoming.getByRole('link', { name: NAME })).toBeVisible();
});

test("Auditoría shows the first admin granted by ADMIN_EMAILS at the provider's sign-in", async ({
  page,
}) => {
  await signIn(page, PRODUCTION.admin);
  await (await sidebarLinks(page)).filter({ hasText: 'Auditoría' }).click();
  await expect(page).toHaveURL(/\/audit$/);
  const granted = page
    .getByRole('row')
    .filter({ hasText: PRODUCTION.admin })
    .filter({ hasText: 'Primer administrador' });
  await expect(granted).toHaveCount(1);
});
