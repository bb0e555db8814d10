import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { missingBrowserReason } from '@bec/testkit/browser';
import { validProperty } from '@bec/testkit/property-fixture';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { api, signIn } from './support';

test.skip(missingBrowserReason !== undefined, missingBrowserReason);

/** Small PNGs of one colour each, to tell them apart. */
const COLOURS = { rojo: '#c0392b', verde: '#27ae60', azul: '#2980b9', gris: '#7f8c8d' } as const;
type Colour = keyof typeof COLOURS;
let folder = '';
const photoFile = (colour: Colour) => path.join(folder, `${colour}.png`);

test.beforeAll(async () => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'bec-e2e-edit-'));
  for (const [colour, background] of Object.entries(COLOURS)) {
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background } })
      .png()
      .toBuffer();
    writeFileSync(photoFile(colour as Colour), png);
  }
});

test.afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** Uploads `colours` as the add form does (signed URLs, then a PUT each); answers the paths. */
async function uploadPhotos(page: Page, colours: Colour[]) {
  const files = colours.map((colour) => {
    const body = readFileSync(photoFile(colour));
    return { name: `${colour}.png`, content_type: 'image/png', size: body.length, body };
  });
  const signed = await api(
    page,
    'POST',
    '/api/photos/upload_url',
    files.map(({ name, content_type, size }) => ({ name, content_type, size })),
  );
  expect(signed.status).toBe(200);
  const entries = signed.body.data as {
    url: string;
    path: string;
    headers: Record<string, string>;
  }[];
  for (const [index, entry] of entries.entries()) {
    const file = files[index];
    if (!file) throw new Error('more URLs than files');
    // The entry's headers are signed (S3 also wants If-None-Match: *): sent as given.
    const put = await page.request.put(entry.url, { headers: entry.headers, data: file.body });
    expect(put.ok()).toBe(true);
  }
  return entries.map((entry) => entry.path);
}

let added = 0;

/** Adds a property through the API as the signed-in page, with `colours` as photos; its id. */
async function addProperty(page: Page, name: string, colours: Colour[] = []) {
  const photos = colours.length > 0 ? await uploadPhotos(page, colours) : [];
  // Each at an address and a place of its own, so editing one never meets a duplicate warning.
  added += 1;
  const n = added + (Date.now() % 1000) * 10;
  const created = await api(
    page,
    'POST',
    '/api/properties/add',
    validProperty({
      name,
      photos,
      address: `Irarrázaval ${n}`,
      latitude: -33.4 - (n % 5000) * 0.001,
      longitude: -70.5975,
    }),
  );
  expect(created.status).toBe(201);
  const id = Number(created.body.data.id);
  expect(id).toBeGreaterThan(0);
  return id;
}

test('editor: deletes a property through the confirm dialog; the grid and its URL no longer have it', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, 'editor@bec.local');
  const stamp = Date.now();
  const keptId = await addProperty(page, `Se queda E2E ${stamp}`);
  const name = `Para borrar E2E ${stamp}`;
  const id = await addProperty(page, name);

  await page.goto(`/properties/${id}`);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await page.getByRole('button', { name: 'Eliminar propiedad' }).click();
  const dialog = page.getByRole('dialog', { name: 'Eliminar propiedad' });
  await expect(dialog).toContainText(
    `¿Eliminar ${name}? También se eliminan sus fotos. Esto no se puede deshacer.`,
  );
  await dialog.getByRole('button', { name: 'Eliminar', exact: true }).click();

  await expect(page.getByText('Propiedad eliminada')).toBeVisible();
  await expect(page).toHaveURL(/\/properties$/);
  // The grid has loaded (the other card is there) and the deleted one is gone.
  await expect(page.locator(`a[href="/properties/${keptId}"]`)).toBeVisible();
  await expect(page.locator(`a[href="/properties/${id}"]`)).toHaveCount(0);
  expect((await api(page, 'GET', `/api/properties/${id}`)).status).toBe(404);

  await page.goto(`/properties/${id}`);
  await expect(page.getByRole('heading', { name: 'Propiedad no encontrada' })).toBeVisible();
  await expect(page.getByText(`No se encontró la propiedad ${id}.`)).toBeVisible();
});

test('viewer: sees no delete icon on a property', async ({ page, browser }) => {
  await signIn(page, 'editor@bec.local');
  const name = `Solo lectura E2E ${Date.now()}`;
  const id = await addProperty(page, name);

  // The viewer in a browser of their own.
  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  try {
    await signIn(viewer, 'viewer@bec.local');
    await viewer.goto(`/properties/${id}`);
    await expect(viewer.getByRole('heading', { name })).toBeVisible();
    await expect(viewer.getByRole('button', { name: 'Eliminar propiedad' })).toHaveCount(0);
  } finally {
    await viewerContext.close();
  }
});

type StoredPhoto = { id: number; thumbnail_url: string };

const storedPhotos = async (page: Page, id: number) =>
  (await api(page, 'GET', `/api/properties/${id}`)).body.data.photo_urls as StoredPhoto[];

test('editor: edits the price, picks a new cover and adds a photo; card and gallery follow', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'editor@bec.local');
  const name = `Editar E2E ${Date.now()}`;
  const id = await addProperty(page, name, ['rojo', 'verde', 'azul']);
  const [rojo, verde, azul] = await storedPhotos(page, id);
  if (!rojo || !verde || !azul) throw new Error('the photos were not stored');

  await page.goto(`/properties/${id}`);
  await page.getByRole('link', { name: 'Editar propiedad' }).click();
  await expect(page).toHaveURL(new RegExp(`/properties/${id}/edit$`));
  const price = page.getByRole('textbox', { name: 'Precio (CLP)', exact: true });
  await expect(price).toHaveValue('145.000.000');
  await price.fill('');
  await price.pressSequentially('199.500.000');

  // Azul (third) becomes the cover; verde moves left, ahead of rojo; a new gris goes last.
  const tiles = page.getByRole('list', { name: 'Fotos en orden' }).getByRole('listitem');
  await tiles.nth(2).getByRole('button', { name: 'Usar como portada' }).click();
  await tiles.nth(2).getByRole('button', { name: 'Mover a la izquierda' }).click();
  await page.locator('input[type="file"]').setInputFiles([photoFile('gris')]);
  await expect(tiles).toHaveCount(4);
  await expect(tiles.nth(0).locator('img')).toHaveAttribute('src', azul.thumbnail_url);
  await expect(tiles.nth(1).locator('img')).toHaveAttribute('src', verde.thumbnail_url);
  await expect(tiles.nth(2).locator('img')).toHaveAttribute('src', rojo.thumbnail_url);

  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('¡Propiedad actualizada!')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/properties/${id}$`));

  const after = await storedPhotos(page, id);
  expect(after.map((photo) => photo.id).slice(0, 3)).toEqual([azul.id, verde.id, rojo.id]);
  expect(after).toHaveLength(4);
  // The gallery shows them in the new order, the cover first.
  const gallery = page.getByRole('region', { name: 'Fotos' }).locator('img');
  await expect(gallery).toHaveCount(4);
  for (const [index, photo] of after.entries()) {
    await expect(gallery.nth(index)).toHaveAttribute('src', photo.thumbnail_url);
  }
  await expect(page.getByText('CLP$ 199.500.000').first()).toBeVisible();

  // The card in the grid has the new cover and price.
  await page.goto('/properties');
  const card = page.locator(`a[href="/properties/${id}"]`);
  await expect(card.getByText('CLP$ 199.500.000')).toBeVisible();
  await expect(card.locator('img')).toHaveAttribute('src', azul.thumbnail_url);
});

/**
 * Drags tile `from` by its grip until the grip sits where tile `to`'s grip is, with the mouse and
 * in small steps as a hand would (dnd-kit starts a drag only after a few pixels of movement).
 */
async function dragPhoto(page: Page, tiles: Locator, from: number, to: number) {
  const grip = tiles
    .nth(from)
    .getByRole('button', { name: `Arrastra la foto ${from + 1} para reordenar` });
  const gripBox = await grip.boundingBox();
  const fromBox = await tiles.nth(from).boundingBox();
  const toBox = await tiles.nth(to).boundingBox();
  if (!gripBox || !fromBox || !toBox) throw new Error('the tiles are not laid out');
  const x = gripBox.x + gripBox.width / 2;
  const y = gripBox.y + gripBox.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 4, y + 8, { steps: 4 });
  await page.mouse.move(x + toBox.x - fromBox.x, y + toBox.y - fromBox.y, { steps: 20 });
  await page.mouse.up();
}

test('editor: drags photos by their grips into a new order; gallery and card follow', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'editor@bec.local');
  const name = `Arrastrar E2E ${Date.now()}`;
  const id = await addProperty(page, name, ['rojo', 'verde', 'azul']);
  const [rojo, verde, azul] = await storedPhotos(page, id);
  if (!rojo || !verde || !azul) throw new Error('the photos were not stored');

  await page.goto(`/properties/${id}/edit`);
  const tiles = page.getByRole('list', { name: 'Fotos en orden' }).getByRole('listitem');
  await expect(tiles).toHaveCount(3);
  const order = async (expected: StoredPhoto[]) => {
    for (const [index, photo] of expected.entries()) {
      await expect(tiles.nth(index).locator('img')).toHaveAttribute('src', photo.thumbnail_url);
    }
  };
  await order([rojo, verde, azul]);

  // A click on a grip is not a drag: nothing moves.
  await tiles.nth(1).getByRole('button', { name: 'Arrastra la foto 2 para reordenar' }).click();
  await order([rojo, verde, azul]);

  // Azul (third) is dragged onto the cover's place, then rojo (now second) to the end.
  await dragPhoto(page, tiles, 2, 0);
  await order([azul, rojo, verde]);
  await expect(tiles.nth(0)).toHaveAccessibleName('Foto 1 (portada)');
  await expect(tiles.nth(0).getByText('Portada', { exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'pasó a la' })).toHaveText(
    'La foto 3 pasó a la posición 1 (portada).',
  );
  await dragPhoto(page, tiles, 1, 2);
  await order([azul, verde, rojo]);

  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('¡Propiedad actualizada!')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/properties/${id}$`));

  const after = await storedPhotos(page, id);
  expect(after.map((photo) => photo.id)).toEqual([azul.id, verde.id, rojo.id]);
  const gallery = page.getByRole('region', { name: 'Fotos' }).locator('img');
  await expect(gallery).toHaveCount(3);
  for (const [index, photo] of after.entries()) {
    await expect(gallery.nth(index)).toHaveAttribute('src', photo.thumbnail_url);
  }

  await page.goto('/properties');
  const card = page.locator(`a[href="/properties/${id}"]`);
  await expect(card.locator('img')).toHaveAttribute('src', azul.thumbnail_url);
});

test('two tabs edit the same property: the second save gets the conflict message', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await signIn(page, 'editor@bec.local');
  const name = `Conflicto E2E ${Date.now()}`;
  const id = await addProperty(page, name);
  const second = await context.newPage();

  const price = (tab: Page) => tab.getByRole('textbox', { name: 'Precio (CLP)', exact: true });
  for (const tab of [page, second]) {
    await tab.goto(`/properties/${id}/edit`);
    await expect(price(tab)).toHaveValue('145.000.000');
  }

  await price(page).fill('');
  await price(page).pressSequentially('150.000.000');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('¡Propiedad actualizada!')).toBeVisible();

  await second.bringToFront();
  await price(second).fill('');
  await price(second).pressSequentially('160.000.000');
  await second.getByRole('button', { name: 'Guardar cambios' }).click();
  const alert = second.getByRole('alert').filter({ hasText: 'No se guardó' });
  // Who changed it, in Spanish (the API's reason and its values, worded by the web app).
  await expect(alert).toContainText(
    'Elena Editora cambió esta propiedad después de que la abriste. Recárgala para ver los cambios y vuelve a editarla.',
  );
  await expect(second).toHaveURL(new RegExp(`/properties/${id}/edit$`));

  // Reload fills the form with the saved version.
  await alert.getByRole('button', { name: 'Recargar' }).click();
  await expect(price(second)).toHaveValue('150.000.000');
  await expect(alert).toHaveCount(0);
  expect((await api(page, 'GET', `/api/properties/${id}`)).body.data.price).toBe(150_000_000);
});
