import { missingBrowserReason } from '@bec/testkit/browser';
import type { Page } from '@playwright/test';
import { expectNamedControls } from './accessibility';
import { expect, test } from './fixtures';
import { api, box, fillRequired, select, sidebarLinks, signIn } from './support';

test.skip(missingBrowserReason !== undefined, missingBrowserReason);

const main = (page: Page) => page.getByRole('main');
const detailValue = (page: Page, label: string) =>
  main(page)
    .locator('dl > div')
    .filter({ has: page.getByRole('term').getByText(label, { exact: true }) })
    .getByRole('definition');

test('editor: creates a broker from inside the property form, then finds, refuses to delete and archives it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const brokerName = `Corredora E2E ${stamp}`;
  const propertyName = `Casa con corredora ${stamp}`;
  await signIn(page, 'editor@bec.local');

  // Agregar propiedad → Nuevo corredor, without leaving the form.
  await page.goto('/properties');
  await page.getByRole('link', { name: 'Agregar propiedad' }).click();
  await expect(page).toHaveURL(/\/addProperty$/);
  await fillRequired(page, propertyName);
  await page.getByRole('button', { name: 'Nuevo corredor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo corredor' });
  await expect(dialog).toBeVisible();
  await expectNamedControls(page, 'the new broker dialog');
  // A phone that is not Chilean is refused in place, in Spanish.
  await dialog.getByRole('textbox', { name: 'Nombre' }).fill(brokerName);
  await dialog.getByRole('textbox', { name: /^Teléfono/ }).fill('12345');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(
    dialog.getByText(
      'El teléfono debe ser un número chileno: +56 y 9 dígitos, por ejemplo +56 9 1234 5678',
    ),
  ).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Teléfono/ }).fill('9 8765 4321');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  // The form is still there, filled, with the new broker chosen.
  await expect(box(page, 'Nombre')).toHaveValue(propertyName);
  await expect(select(page, 'Corredor')).toHaveValue(brokerName);

  await page.getByRole('button', { name: 'Agregar propiedad' }).click();
  await expect(page.getByText('¡Propiedad agregada!')).toBeVisible();
  await page.getByRole('link', { name: 'Ver la propiedad' }).click();
  await expect(page.getByRole('heading', { name: propertyName })).toBeVisible();
  await expect(detailValue(page, 'Corredor')).toHaveText(brokerName);

  // Corredores: listed with its phone as people read it, and one property.
  await (await sidebarLinks(page)).filter({ hasText: 'Corredores' }).click();
  await expect(page).toHaveURL(/\/brokers$/);
  await page.getByRole('searchbox', { name: 'Buscar corredores' }).fill(`e2e ${stamp}`);
  await expect(page).toHaveURL(new RegExp(`[?&]q=e2e\\+${stamp}`));
  const row = page.getByRole('row').filter({ hasText: brokerName });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('link', { name: '+56 9 8765 4321' })).toHaveAttribute(
    'href',
    'tel:+56987654321',
  );
  await expect(row.getByRole('cell').nth(4)).toHaveText('1');

  // Its page lists the property.
  await row.getByRole('link', { name: brokerName }).click();
  await expect(page).toHaveURL(/\/brokers\/\d+$/);
  const brokerId = Number(page.url().match(/\/brokers\/(\d+)$/)?.[1]);
  await expect(page.getByRole('heading', { name: brokerName })).toBeVisible();
  await expect(main(page).getByRole('link', { name: '+56 9 8765 4321' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Propiedades (1)' })).toBeVisible();
  await expect(main(page).getByText(propertyName)).toBeVisible();

  // Delete is refused while the property names the broker; archiving is offered and works.
  await page.getByRole('button', { name: `Eliminar a ${brokerName}` }).click();
  await page
    .getByRole('dialog', { name: `¿Eliminar a ${brokerName}?` })
    .getByRole('button', { name: 'Eliminar' })
    .click();
  const inUse = page.getByRole('dialog', { name: `${brokerName} tiene propiedades` });
  await expect(
    inUse.getByText('1 propiedad tiene este corredor: archívalo en vez de eliminarlo.'),
  ).toBeVisible();
  await expectNamedControls(page, 'the "tiene propiedades" dialog');
  await inUse.getByRole('button', { name: 'Archivar' }).click();
  await expect(main(page).getByText('Archivado', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `Restaurar a ${brokerName}` })).toBeVisible();

  // Hidden from the property form's choices, still on its property.
  const choices = await api(page, 'GET', '/api/brokers');
  expect(choices.body.data.map((b: { id: number }) => b.id)).not.toContain(brokerId);
  await expect(main(page).getByText(propertyName)).toBeVisible();
  const broker = await api(page, 'GET', `/api/brokers/${brokerId}`);
  expect(broker.body.data).toMatchObject({ phone: '+56987654321', property_count: 1 });
});

test('viewer: sees the brokers but no button to manage them', async ({ page }) => {
  await signIn(page, 'viewer@bec.local');
  await page.goto('/brokers');
  await expect(page.getByRole('heading', { name: 'Corredores' })).toBeVisible();
  // The demo's sample brokers.
  await expect(page.getByRole('link', { name: 'Patricia Soto' })).toBeVisible();
  await expect(page.getByRole('link', { name: '+56 9 8123 4567' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nuevo corredor' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Eliminar a / })).toHaveCount(0);
});
