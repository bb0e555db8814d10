import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { missingBrowserReason } from '@bec/testkit/browser';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNamedControls } from './accessibility';
import { expect, test } from './fixtures';
import { addBareProperty, api, signIn } from './support';

test.skip(missingBrowserReason !== undefined, missingBrowserReason);

let folder = '';
const photoPath = () => path.join(folder, 'fachada.png');

test.beforeAll(async () => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'bec-e2e-visits-'));
  const png = await sharp({
    create: { width: 640, height: 480, channels: 3, background: '#2980b9' },
  })
    .png()
    .toBuffer();
  writeFileSync(photoPath(), png);
});

test.afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** A `datetime-local` value `days` from now at `hour`:30, in the browser's own time. */
const localDateTime = (page: Page, days: number, hour: number) =>
  page.evaluate(
    ([d, h]) => {
      const at = new Date(Date.now() + d * 86_400_000);
      at.setHours(h, 30, 0, 0);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(h)}:30`;
    },
    [days, hour] as const,
  );

/** Opens "Registrar visita", fills it, and saves; the dialog closes once the visit is logged. */
async function logVisit(
  page: Page,
  { when, notes, rating, photo }: { when: string; notes: string; rating?: number; photo?: string },
) {
  await page.getByRole('button', { name: 'Registrar visita' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrar visita' });
  await expect(dialog).toBeVisible();
  await expectNamedControls(page, 'the visit dialog');
  await dialog.getByLabel('Fecha y hora').fill(when);
  // The signed-in editor is the visitor unless someone else is chosen.
  await expect(dialog.getByRole('combobox', { name: /^Quién visita/ })).toHaveValue(
    'Elena Editora',
  );
  await dialog.getByRole('textbox', { name: 'Notas' }).fill(notes);
  // Space picks a star (Enter would also submit the form, before the photo is chosen).
  if (rating) await dialog.getByRole('radio', { name: `${rating} de 5` }).press('Space');
  if (photo) await dialog.locator('input[type="file"]').setInputFiles([photo]);
  await dialog.getByRole('button', { name: 'Guardar visita' }).click();
  await expect(dialog).toBeHidden();
}

test('editor: logs a visit for tomorrow (Home lists it), then a past one rated 4 with a photo; the property is Visitada', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'editor@bec.local');
  const name = `Casa para visitar ${Date.now()}`;
  const id = await addBareProperty(page, name);

  await page.goto(`/properties/${id}`);
  const visits = page.getByRole('region', { name: 'Visitas' });
  await expect(visits.getByText('Aún no hay visitas registradas.')).toBeVisible();
  await logVisit(page, { when: await localDateTime(page, 1, 10), notes: 'Llevar huincha' });
  const upcoming = visits.getByRole('listitem');
  await expect(upcoming).toHaveCount(1);
  await expect(upcoming.first()).toContainText('Visitó: Elena Editora');
  await expect(upcoming.first()).toContainText('Próxima');
  await expect(upcoming.first()).toContainText('Llevar huincha');

  // Home: "Tus próximas visitas" names it, with its address and comuna, and links to it.
  await page.goto('/home');
  const home = page.getByRole('region', { name: 'Tus próximas visitas' });
  await expect(home).toBeVisible();
  const link = home.getByRole('link', { name });
  await expect(link).toBeVisible();
  await expect(home).toContainText('Irarrázaval 3400, depto 1204, Ñuñoa');
  // The demo's own visits for the editor are there too (seeded with the demo listings).
  await expect(home.getByRole('link', { name: 'Oficina en El Golf' })).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/properties/${id}$`));

  // A visit that took place, rated 4, with a photo straight to storage.
  await logVisit(page, {
    when: await localDateTime(page, -1, 16),
    notes: 'Fachada en buen estado',
    rating: 4,
    photo: photoPath(),
  });
  const items = visits.getByRole('listitem');
  await expect(items).toHaveCount(2);
  // Newest first: tomorrow's, then yesterday's.
  const done = items.nth(1);
  await expect(done).toContainText('Fachada en buen estado');
  await expect(done.getByLabel('Nota: 4 de 5')).toBeVisible();
  const thumbnail = done.getByRole('img', { name: /^Foto 1 de la visita del / });
  await expect(thumbnail).toBeVisible();
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

  // The visit moved the property on to visited.
  await expect(page.getByText('Visitada', { exact: true }).first()).toBeVisible();
  const detail = await api(page, 'GET', `/api/properties/${id}`);
  expect(detail.body.data).toMatchObject({ stage: 'visited', visited: true });
  // The timeline: both visits, and the stage moves they made (tomorrow's: to visit; yesterday's:
  // visited).
  const timeline = page.getByRole('region', { name: 'Historial', exact: true });
  await expect(timeline.getByText(/^Elena Editora registró una visita del /)).toHaveCount(2);
  await expect(timeline).toContainText('Elena Editora movió la propiedad de Nueva a Por visitar');
  await expect(timeline).toContainText(
    'Elena Editora movió la propiedad de Por visitar a Visitada',
  );
});
