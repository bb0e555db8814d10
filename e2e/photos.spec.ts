import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { missingBrowserReason } from '@bec/testkit/browser';
import { portraitJpeg, scene, smallWebp } from '@bec/testkit/photo-fixtures';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { api, box, fillRequired, sidebarLinks, signIn } from './support';

test.skip(missingBrowserReason !== undefined, missingBrowserReason);

const PHOTOS = ['portrait.jpg', 'plano.png', 'living.webp'] as const;
let folder = '';
const photoFile = (name: string) => path.join(folder, name);

test.beforeAll(async () => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'bec-e2e-photos-'));
  const [jpeg, png, webp] = await Promise.all([
    portraitJpeg(),
    sharp(scene(1200, 900)).png().toBuffer(),
    smallWebp(),
  ]);
  writeFileSync(photoFile('portrait.jpg'), jpeg);
  writeFileSync(photoFile('plano.png'), png);
  writeFileSync(photoFile('living.webp'), webp);
  const meta = await sharp(jpeg).metadata();
  expect([meta.width, meta.height, meta.orientation]).toEqual([3264, 2448, 6]);
});

test.afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** The image's size as the browser decoded it (0×0 until it has loaded). */
const naturalSize = (image: Locator) =>
  image.evaluate((img: HTMLImageElement) => ({
    width: img.complete ? img.naturalWidth : 0,
    height: img.complete ? img.naturalHeight : 0,
  }));

/** Loads `url` as the page would (same cookies, no token: the links are signed). */
async function download(page: Page, url: string) {
  const response = await page.request.get(url);
  expect(response.status()).toBe(200);
  return { type: response.headers()['content-type'], body: await response.body() };
}

test('editor: adds a property with three photos, sees them upload, the cover on its card and the gallery upright', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const name = `Casa con fotos ${Date.now()}`;
  await signIn(page, 'editor@bec.local');
  await page.goto('/addProperty');
  await fillRequired(page, name);

  // The dropzone's (hidden) file input, as "click to choose" would fill it.
  await page.locator('input[type="file"]').setInputFiles(PHOTOS.map(photoFile));
  const chosen = page.getByRole('list', { name: 'Fotos elegidas' });
  await expect(chosen.getByRole('listitem')).toHaveCount(3);
  for (const file of PHOTOS) {
    const tile = chosen.getByRole('listitem', { name: file });
    await expect(tile.getByRole('button', { name: `Quitar ${file}` })).toBeVisible();
    await expect(tile.getByText(/^\d+(,\d)? (KB|MB)$/)).toBeVisible();
    // The preview is drawn from the file itself.
    await expect
      .poll(async () => (await naturalSize(tile.locator('img'))).width)
      .toBeGreaterThan(0);
  }

  // Uploads to local storage are near instant: hold each PUT a moment so the progress shows.
  // The request goes on unchanged.
  const puts: { type: string | undefined; authorization: string | undefined }[] = [];
  await page.route(
    (url) => url.pathname.startsWith('/storage/'),
    async (route) => {
      const request = route.request();
      puts.push({
        type: request.headers()['content-type'],
        authorization: request.headers().authorization,
      });
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    },
  );

  await page.getByRole('button', { name: 'Agregar propiedad' }).click();
  await expect(page.getByRole('button', { name: /^Subiendo fotos \d\/3…$/ })).toBeDisabled();
  for (const file of PHOTOS) {
    await expect(page.getByRole('progressbar', { name: `Subiendo ${file}` })).toBeVisible();
  }
  await expect(page.getByText('¡Propiedad agregada!')).toBeVisible({ timeout: 30_000 });
  expect(puts.map((put) => put.type).sort()).toEqual(['image/jpeg', 'image/png', 'image/webp']);
  expect(puts.every((put) => put.authorization === undefined)).toBe(true);
  // The form and its photos are empty again.
  await expect(box(page, 'Nombre')).toHaveValue('');
  await expect(chosen).toHaveCount(0);

  const href = await page.getByRole('link', { name: 'Ver la propiedad' }).getAttribute('href');
  const id = Number(href?.match(/^\/properties\/(\d+)$/)?.[1]);
  expect(id).toBeGreaterThan(0);

  // Stored in the order picked, the portrait with its upright size.
  const stored = (await api(page, 'GET', `/api/properties/${id}`)).body.data;
  expect(stored.photo_urls).toHaveLength(3);
  expect(stored.photo_urls[0]).toMatchObject({ width: 2448, height: 3264 });

  // The grid, without a reload: the card shows the cover, small.
  await (await sidebarLinks(page)).filter({ hasText: 'Propiedades' }).click();
  await expect(page).toHaveURL(/\/properties$/);
  const card = page.locator(`a[href="/properties/${id}"]`);
  await expect(card).toBeVisible();
  const cover = card.locator('img');
  await expect(cover).toHaveAttribute('src', /\/photos\/.+\/card(\?|$)/);
  await cover.scrollIntoViewIfNeeded();
  await expect.poll(async () => (await naturalSize(cover)).width).toBeGreaterThan(0);
  const coverSrc = await cover.getAttribute('src');
  const coverImage = await download(page, new URL(coverSrc ?? '', page.url()).href);
  expect(coverImage.type).toBe('image/webp');
  expect(coverImage.body.length).toBeLessThanOrEqual(40 * 1024);
  const coverMeta = await sharp(coverImage.body).metadata();
  expect(coverMeta.height).toBeGreaterThan(coverMeta.width ?? 0);

  // The detail page: three photos in the gallery, the portrait upright.
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/properties/${id}$`));
  const gallery = page.getByRole('main').getByRole('region', { name: 'Fotos' });
  const images = gallery.getByRole('img');
  await expect(images).toHaveCount(3);
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect.poll(async () => (await naturalSize(image)).width).toBeGreaterThan(0);
  }
  const first = await naturalSize(images.first());
  expect(first.height).toBeGreaterThan(first.width);

  // The gallery-size copy of the 8-megapixel original is at most 400 KB, and upright too.
  const galleryImage = await download(page, new URL(stored.photo_urls[0].url, page.url()).href);
  expect(galleryImage.type).toBe('image/webp');
  expect(galleryImage.body.length).toBeLessThanOrEqual(400 * 1024);
  const galleryMeta = await sharp(galleryImage.body).metadata();
  expect(galleryMeta.height).toBeGreaterThan(galleryMeta.width ?? 0);
});

test('editor: a photo that fails to upload stops the property from being added', async ({
  page,
}) => {
  const name = `Casa sin fotos ${Date.now()}`;
  await signIn(page, 'editor@bec.local');
  await page.goto('/addProperty');
  await fillRequired(page, name);
  await page.locator('input[type="file"]').setInputFiles([photoFile('plano.png')]);

  // Storage refuses the file as a too-large body would be.
  await page.route(
    (url) => url.pathname.startsWith('/storage/'),
    (route) =>
      route.fulfill({
        status: 413,
        contentType: 'application/json',
        body: JSON.stringify({ status: 'error', message: 'Too large', data: null }),
      }),
  );
  const adds: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/properties/add') adds.push(request.url());
  });

  await page.getByRole('button', { name: 'Agregar propiedad' }).click();
  await expect(
    page.getByText(/^Error al subir algunas fotos\. Detalle: plano\.png: Falló la subida: 413/),
  ).toBeVisible();
  const tile = page.getByRole('list', { name: 'Fotos elegidas' }).getByRole('listitem');
  await expect(tile.getByText(/^Falló la subida: 413/)).toBeVisible();
  expect(adds).toEqual([]);
  // Everything is kept for another try.
  await expect(box(page, 'Nombre')).toHaveValue(name);
  await expect(page.getByRole('button', { name: 'Agregar propiedad' })).toBeEnabled();
  const listed = await api(page, 'GET', `/api/properties?q=${encodeURIComponent(name)}`);
  expect(listed.body.data.props).toEqual([]);
});
