import { missingBrowserReason } from '@bec/testkit/browser';
import { expect, test } from './fixtures';
import { api, box, select, signIn } from './support';

test.skip(missingBrowserReason !== undefined, missingBrowserReason);

// ADR 018: a near-copy of a listing the team already has is flagged before it is saved.
test('editor: a near-copy of a demo listing gets the "Posible duplicado" warning linking to it, and saves anyway', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const name = `Depto copiado E2E ${Date.now()}`;
  await signIn(page, 'editor@bec.local');
  const original = (
    await api(page, 'GET', `/api/properties?q=${encodeURIComponent('Departamento luminoso')}`)
  ).body.data.props[0] as { id: number; name: string };
  expect(original.name).toBe('Departamento luminoso en Providencia');

  await page.goto('/addProperty');
  await box(page, 'Nombre').fill(name);
  // The demo's is "Av. Pedro de Valdivia 1850, depto 702": spelt out, another flat.
  await box(page, 'Dirección').fill('Avenida Pedro de Valdivia 1850, Depto. 1101');
  const comuna = select(page, 'Comuna');
  await expect(comuna).toBeEnabled();
  await comuna.click();
  await comuna.pressSequentially('Providen');
  await page.getByRole('option', { name: 'Providencia', exact: true }).click();
  await select(page, 'Tipo de propiedad').click();
  await page.getByRole('option', { name: 'Departamento', exact: true }).click();
  await box(page, 'Precio (CLP)').pressSequentially('189.000.000');
  await box(page, 'Superficie construida (m²)').pressSequentially('80');
  await box(page, 'Superficie del terreno (m²)').pressSequentially('80');

  const adds: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/properties/add') adds.push(request.method());
  });
  await page.getByRole('button', { name: 'Agregar propiedad' }).click();

  const warning = page.getByRole('alert').filter({ hasText: 'Posible duplicado' });
  await expect(warning).toBeVisible();
  const link = warning.getByRole('link', { name: original.name });
  await expect(link).toHaveAttribute('href', `/properties/${original.id}`);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(warning).toContainText('misma dirección en Providencia');
  expect(adds).toEqual([]);

  // The link opens the original in a new tab; the form stays as typed.
  const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await expect(tab.getByRole('heading', { name: original.name })).toBeVisible();
  await tab.close();
  await expect(box(page, 'Nombre')).toHaveValue(name);

  // "Revisar" goes back to the form with nothing lost.
  await warning.getByRole('button', { name: 'Revisar' }).click();
  await expect(warning).toHaveCount(0);
  await expect(box(page, 'Dirección')).toHaveValue('Avenida Pedro de Valdivia 1850, Depto. 1101');
  expect(adds).toEqual([]);

  // Submitted again, it warns again; "Guardar de todos modos" saves it.
  await page.getByRole('button', { name: 'Agregar propiedad' }).click();
  await warning.getByRole('button', { name: 'Guardar de todos modos' }).click();
  await expect(page.getByText('¡Propiedad agregada!')).toBeVisible();
  expect(adds).toEqual(['POST']);
  const listed = await api(page, 'GET', `/api/properties?q=${encodeURIComponent(name)}`);
  expect(listed.body.data.props.map((p: { name: string }) => p.name)).toEqual([name]);
});
