import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { missingBrowserReason } from '@bec/testkit/browser';
import type { Locator } from '@playwright/test';
import sharp from 'sharp';
import { TILES, tileRequests } from '../map-tiles';
import {
  api,
  box,
  fillRequired,
  sidebarLinks,
  signIn,
  tilesRequestedBy,
  WAITLISTED,
} from '../support';
import { PRODUCTION, productionSkipReason } from './settings';
import { expect, test } from './strict-test';

// The app as deployed: PostgreSQL, photos on S3, an external provider; the real CSP enforced.
// One story, in order: each journey starts where the one before left off.
const skipReason = missingBrowserReason ?? productionSkipReason;
test.skip(skipReason !== undefined, skipReason);
test.describe.configure({ mode: 'serial' });

const PHOTOS = { 'rojo.png': '#c0392b', 'azul.png': '#2980b9' } as const;
let folder = '';
const photoFile = (name: keyof typeof PHOTOS) => path.join(folder, name);

test.beforeAll(async () => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'bec-e2e-prod-photos-'));
  for (const [name, background] of Object.entries(PHOTOS)) {
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background } })
      .png()
      .toBuffer();
    writeFileSync(photoFile(name as keyof typeof PHOTOS), png);
  }
});

test.afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** The CSP's directives, by name. */
const directives = (csp: string) =>
  Object.fromEntries(
    csp.split(';').map((d) => {
      const [name = '', ...values] = d.trim().split(/\s+/);
      return [name, values];
    }),
  );

/** Waits until the image has loaded and answers its decoded width (0 while it has not). */
const loadedWidth = (image: Locator) =>
  expect
    .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);

const NAME = `Casa producción ${Date.now()}`;
let propertyId = 0;

test("the page's CSP allows the external provider, the bucket and the tile server, and no more", async ({
  page,
}) => {
  const response = await page.goto('/home');
  const csp = response?.headers()['content-security-policy'] ?? '';
  console.log(`CSP sent by the app: ${csp}`);
  const issuer = new URL(PRODUCTION.issuer).origin;
  expect(directives(csp)).toMatchObject({
    'default-src': ["'self'"],
    // The provider's discovery names its token and userinfo endpoints on the issuer's origin.
    'connect-src': ["'self'", issuer, PRODUCTION.s3Origin],
    // The photos' bucket and the map tiles' server (MAP_TILES_URL).
    'img-src': ["'self'", 'data:', 'blob:', PRODUCTION.s3Origin, TILES.origin],
    'form-action': ["'self'", issuer],
  });
});

test('the first screen: sign-in settings in the page, the discovery preloaded once, the code compressed', async ({
  page,
}) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  const encodings = new Map<string, string | undefined>();
  page.on('response', (response) =>
    encodings.set(new URL(response.url()).pathname, response.headers()['content-encoding']),
  );

  await page.goto('/home');
  await expect(page.getByRole('heading', { name: 'Acceso denegado' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeEnabled();

  const settings = JSON.parse((await page.locator('#bec-config').textContent()) ?? '{}');
  expect(settings.oidc).toMatchObject({
    issuer: PRODUCTION.issuer,
    client_id: PRODUCTION.clientId,
    audience: PRODUCTION.audience,
  });
  const discovery = `${PRODUCTION.issuer}/.well-known/openid-configuration`;
  await expect(page.locator(`link[rel="preload"][href="${discovery}"]`)).toHaveCount(1);
  // The page asked neither for its settings nor twice for the discovery (the preload was used).
  expect(requested.filter((url) => new URL(url).pathname === '/api/config')).toEqual([]);
  expect(requested.filter((url) => url === discovery)).toHaveLength(1);
  // The entry chunk comes compressed (over plain http Chromium offers gzip, not br).
  const entry = await page.locator('script[type="module"][src^="/assets/"]').getAttribute('src');
  expect(encodings.get(entry ?? '')).toMatch(/^(br|gzip)$/);
});

test('a new account lands on the waitlist; the admin (ADMIN_EMAILS) approves it as editor', async ({
  page,
  newPage,
}) => {
  // The provider's page, on its own origin; then back to the app, waitlisted.
  await signIn(page, 'editor@bec.local');
  await expect(page.getByRole('heading', { name: 'Acceso denegado' })).toBeVisible();
  await expect(page.getByText(WAITLISTED)).toBeVisible();

  const admin = await newPage();
  await signIn(admin, PRODUCTION.admin);
  await (await sidebarLinks(admin)).filter({ hasText: 'Usuarios' }).click();
  await admin.getByRole('link', { name: 'Lista de espera' }).click();
  const row = admin.getByRole('row', { name: /editor@bec\.local/ });
  const role = row.getByRole('combobox', { name: 'Rol para Elena Editora' });
  await role.click();
  await admin.getByRole('option', { name: 'editor', exact: true }).click();
  await row.getByRole('button', { name: 'Agregar', exact: true }).click();
  await expect(admin.getByText('Elena Editora ya puede iniciar sesión como editor')).toBeVisible();

  // Signing in afresh, the account is a member.
  const member = await newPage();
  await signIn(member, 'editor@bec.local');
  await expect(await sidebarLinks(member)).toHaveText([
    'Inicio',
    'Propiedades',
    'Tablero',
    'Corredores',
    'Datos',
  ]);
});

test('the editor adds a property with photos, PUT straight to the bucket; card and gallery show them', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, 'editor@bec.local');
  const puts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT') puts.push(new URL(request.url()).origin);
  });

  await page.goto('/addProperty');
  await fillRequired(page, NAME);
  await page
    .locator('input[type="file"]')
    .setInputFiles([photoFile('rojo.png'), photoFile('azul.png')]);
  await page.getByRole('button', { name: 'Agregar propiedad' }).click();
  await expect(page.getByText('¡Propiedad agregada!')).toBeVisible({ timeout: 30_000 });
  expect(puts).toEqual([PRODUCTION.s3Origin, PRODUCTION.s3Origin]);

  const href = await page.getByRole('link', { name: 'Ver la propiedad' }).getAttribute('href');
  propertyId = Number(href?.match(/^\/properties\/(\d+)$/)?.[1]);
  expect(propertyId).toBeGreaterThan(0);

  // The card's cover and the gallery come from the bucket (the app redirects to it).
  await (await sidebarLinks(page)).filter({ hasText: 'Propiedades' }).click();
  const card = page.locator(`a[href="/properties/${propertyId}"]`);
  await card.locator('img').scrollIntoViewIfNeeded();
  await loadedWidth(card.locator('img'));
  await card.click();
  const gallery = page.getByRole('main').getByRole('region', { name: 'Fotos' }).getByRole('img');
  await expect(gallery).toHaveCount(2);
  for (const image of await gallery.all()) {
    await image.scrollIntoViewIfNeeded();
    await loadedWidth(image);
  }
  const src = await gallery.first().getAttribute('src');
  const photo = await page.request.get(new URL(src ?? '', page.url()).href, { maxRedirects: 0 });
  expect(photo.headers().location).toMatch(new RegExp(`^${PRODUCTION.s3Origin}/`));
});

test("the Data page's statistics show the new property, their charts drawn under the real CSP", async ({
  page,
}) => {
  await signIn(page, PRODUCTION.admin);
  // A UF value (UF_SOURCE is none here), so the new property has a UF/m² and the charts bars.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(
    new Date(),
  );
  expect((await api(page, 'PUT', `/api/uf/values/${today}`, { value: 39643.59 })).status).toBe(200);

  await (await sidebarLinks(page)).filter({ hasText: 'Datos' }).click();
  await expect(page).toHaveURL(/\/data$/);
  const stats = page.getByRole('main').getByRole('region', { name: 'Estadísticas' });
  const row = stats.getByRole('row', { name: /Ñuñoa/ });
  await expect(row.getByRole('cell').first()).toHaveText('1');
  await expect(row.getByText(/^UF \d+(,\d+)?\/m²$/)).toBeVisible();
  // recharts draws SVG and sets style attributes through the DOM: the strict fixture fails the
  // test on any CSP violation.
  const bars = stats.getByRole('figure', { name: /^Gráfico de barras/ });
  await expect(bars.locator('.recharts-bar-rectangle')).toHaveCount(1);
  await expect(stats.getByRole('figure', { name: /^Histograma/ })).toBeVisible();
});

test("the Data page's map loads its tiles from the tile server under the real CSP, and counts the new property as without a location", async ({
  page,
}) => {
  await signIn(page, PRODUCTION.admin);
  const tilesBefore = (await tileRequests()).length;
  await (await sidebarLinks(page)).filter({ hasText: 'Datos' }).click();
  await expect(page).toHaveURL(/\/data$/);
  const main = page.getByRole('main');
  const map = main.getByRole('region', { name: 'Mapa de las propiedades' });
  // The tiles are images from another origin: the strict fixture fails the test on any CSP
  // violation, and each must have loaded.
  const tiles = map.locator('img.leaflet-tile');
  await expect(tiles.first()).toBeVisible();
  await expect(map.locator('img.leaflet-tile-loaded').first()).toBeVisible();
  for (const tile of await tiles.all()) {
    expect(await tile.getAttribute('src')).toMatch(
      new RegExp(`^${TILES.origin}/\\d+/\\d+/\\d+\\.png$`),
    );
  }
  // The page sends no Referer (helmet), but the tiles carry its origin, as OSM's policy asks.
  await tilesRequestedBy(PRODUCTION.appOrigin, tilesBefore);
  // The property added above has no coordinates: counted apart, a link to the grid of those.
  await expect(main.getByText('0 en el mapa')).toBeVisible();
  await expect(main.getByRole('link', { name: '1 sin ubicación' })).toHaveAttribute(
    'href',
    '/properties?located=false',
  );
});

test('the editor edits the price, then deletes the property; it is not fetched again', async ({
  page,
}) => {
  await signIn(page, 'editor@bec.local');
  await page.goto(`/properties/${propertyId}`);
  await page.getByRole('link', { name: 'Editar propiedad' }).click();
  const price = box(page, 'Precio (CLP)');
  await expect(price).toHaveValue('245.000.000');
  await price.fill('');
  await price.pressSequentially('199.500.000');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('¡Propiedad actualizada!')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/properties/${propertyId}$`));
  await expect(page.getByText('CLP$ 199.500.000').first()).toBeVisible();

  const detailGets: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && request.url().endsWith(`/api/properties/${propertyId}`)) {
      detailGets.push(request.url());
    }
  });
  await page.getByRole('button', { name: 'Eliminar propiedad' }).click();
  const dialog = page.getByRole('dialog', { name: 'Eliminar propiedad' });
  await dialog.getByRole('button', { name: 'Eliminar', exact: true }).click();
  await expect(page.getByText('Propiedad eliminada')).toBeVisible();
  await expect(page).toHaveURL(/\/properties$/);
  await expect(page.getByText('No se encontraron propiedades')).toBeVisible();
  expect(detailGets).toEqual([]);
  expect((await api(page, 'GET', `/api/properties/${propertyId}`)).status).toBe(404);
});

test("sign-out goes through the provider's end-session page and back, signed out", async ({
  page,
}) => {
  await signIn(page, 'editor@bec.local');
  await page.getByRole('banner').getByRole('button', { name: 'Elena Editora' }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  // The provider, on its own origin (in the app's language, asked by ui_locales), asks to confirm.
  await expect(page).toHaveURL(new RegExp(`^${new URL(PRODUCTION.issuer).origin}/`));
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-CL');
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(`${PRODUCTION.appOrigin}/home`);
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
});
