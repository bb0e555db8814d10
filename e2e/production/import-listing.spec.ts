import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { missingBrowserReason } from '@bec/testkit/browser';
import { portraitJpeg, smallWebp } from '@bec/testkit/photo-fixtures';
import type { Locator } from '@playwright/test';
import { api, box, select, signIn } from '../support';
import { PRODUCTION, productionSkipReason } from './settings';
import { expect, test } from './strict-test';

// "Importar aviso" from a link, on the app as deployed: the API fetches a listing page this test
// serves on 127.0.0.1 (allowed by IMPORT_ALLOW_HOSTS in playwright.config.ts, reachable only
// from this machine), proposes its JSON-LD's fields and photos, and the chosen photos reach the
// bucket as uploads; the real CSP is enforced throughout (strict-test.ts).
const skipReason = missingBrowserReason ?? productionSkipReason;
test.skip(skipReason !== undefined, skipReason);

const RUN = Date.now();
const NAME = `Depto enlace ${RUN}`;
const STREET = `Av. Providencia ${10_000 + (RUN % 90_000)}`;

let server: Server | undefined;
let origin = '';

/** A portal's listing page: schema.org JSON-LD, OpenGraph, and its two photos beside it. */
const listingPage = (base: string) => `<!doctype html>
<html lang="es-CL">
<head>
  <meta charset="utf-8">
  <title>${NAME} | Portal de prueba</title>
  <meta property="og:image" content="${base}/fotos/fachada.jpg">
  <script type="application/ld+json">
  {
    "@context": "https://schema.org",
    "@type": "RealEstateListing",
    "name": "${NAME}",
    "image": ["${base}/fotos/fachada.jpg", "${base}/fotos/living.webp"],
    "offers": {
      "@type": "Offer",
      "price": 4200,
      "priceCurrency": "CLF",
      "itemOffered": {
        "@type": "Apartment",
        "floorSize": { "@type": "QuantitativeValue", "value": 64, "unitCode": "MTK" },
        "numberOfRooms": 2,
        "numberOfBathroomsTotal": 2,
        "address": {
          "@type": "PostalAddress",
          "streetAddress": "${STREET}",
          "addressLocality": "Providencia"
        },
        "geo": { "@type": "GeoCoordinates", "latitude": -33.4311, "longitude": -70.6093 }
      }
    }
  }
  </script>
</head>
<body><main><h1>Departamento 2D 2B en Providencia</h1><p>UF 4.200</p></main></body>
</html>`;

test.beforeAll(async () => {
  const photos: Record<string, { type: string; body: Buffer }> = {
    '/fotos/fachada.jpg': { type: 'image/jpeg', body: await portraitJpeg() },
    '/fotos/living.webp': { type: 'image/webp', body: await smallWebp() },
  };
  server = createServer((request, response) => {
    const photo = photos[request.url ?? ''];
    if (photo) {
      response.writeHead(200, { 'content-type': photo.type }).end(photo.body);
    } else if (request.url === '/aviso') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(listingPage(origin));
    } else {
      response.writeHead(404).end();
    }
  });
  // Loopback only: the app's server on this machine reaches it, nothing else does.
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

/** Waits until the image has loaded and answers its decoded width (0 while it has not). */
const loadedWidth = (image: Locator) =>
  expect
    .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);

test("an admin imports a listing from its link: the JSON-LD's fields and both photos, saved into the bucket", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, PRODUCTION.admin);
  await page.goto('/addProperty');
  await expect(page.getByRole('heading', { name: 'Agregar propiedad' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(select(page, 'Comuna')).toBeEnabled();

  await page.getByRole('button', { name: 'Importar aviso' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar aviso' });
  await dialog.getByRole('textbox', { name: 'Texto o enlace del aviso' }).fill(`${origin}/aviso`);
  await dialog.getByRole('button', { name: 'Leer aviso' }).click();

  // The page's JSON-LD, each value with its words.
  await expect(dialog.getByRole('heading', { name: 'Revisa los datos del aviso' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(dialog.getByRole('textbox', { name: 'Nombre' })).toHaveValue(NAME);
  await expect(dialog.getByRole('textbox', { name: 'Precio (UF)' })).toHaveValue('4.200');
  await expect(dialog.getByRole('textbox', { name: 'Dormitorios' })).toHaveValue('2');
  await expect(dialog.getByRole('textbox', { name: 'Baños' })).toHaveValue('2');
  await expect(dialog.getByRole('textbox', { name: 'Superficie construida (m²)' })).toHaveValue(
    '64',
  );
  await expect(dialog.getByRole('textbox', { name: 'Dirección' })).toHaveValue(STREET);
  await expect(dialog.getByRole('combobox', { name: 'Comuna' })).toHaveValue('Providencia');
  await expect(dialog.getByRole('checkbox', { name: 'Usar Comuna' })).toHaveAccessibleDescription(
    /addressLocality: Providencia/,
  );
  await expect(dialog.getByRole('textbox', { name: 'Latitud' })).toHaveValue('-33.4311');
  // Both photos offered, ticked, by name…
  const photos = dialog.getByRole('group', { name: 'Fotos del aviso' }).getByRole('checkbox');
  await expect(photos).toHaveCount(2);
  await expect(dialog.getByRole('checkbox', { name: 'Foto 1: fachada.jpg' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Foto 2: living.webp' })).toBeChecked();
  // …and seen: each the thumbnail the API made of it, drawn from a blob under the strict CSP
  // (no image of another site is ever loaded by the page).
  for (const n of [1, 2]) {
    const thumbnail = dialog.getByRole('img', { name: `Foto ${n} del aviso` });
    await expect(thumbnail).toBeVisible({ timeout: 20_000 });
    await expect(thumbnail).toHaveAttribute('src', /^blob:/);
    await loadedWidth(thumbnail);
  }
  await dialog.getByRole('button', { name: 'Usar estos datos' }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });

  // In the form: the values, and the two photos among the chosen ones, stored already.
  await expect(box(page, 'Nombre')).toHaveValue(NAME);
  await expect(box(page, 'Precio (UF)')).toHaveValue('4.200');
  await expect(select(page, 'Comuna')).toHaveValue('Providencia');
  const chosen = page.getByRole('list', { name: 'Fotos elegidas' }).getByRole('listitem');
  await expect(chosen).toHaveCount(2);
  // What the page did not say, by hand.
  await select(page, 'Tipo de propiedad').click();
  await page.getByRole('option', { name: 'Departamento', exact: true }).click();
  await box(page, 'Superficie del terreno (m²)').fill('64');
  await page.getByRole('button', { name: 'Agregar propiedad' }).click();
  await expect(page.getByText('¡Propiedad agregada!')).toBeVisible({ timeout: 30_000 });

  // The detail's gallery: both photos, from the bucket.
  await page.getByRole('link', { name: 'Ver la propiedad' }).click();
  await expect(page.getByRole('heading', { name: NAME })).toBeVisible();
  await expect(page.getByRole('main').getByText('UF 4.200').first()).toBeVisible();
  const gallery = page.getByRole('main').getByRole('region', { name: 'Fotos' }).getByRole('img');
  await expect(gallery).toHaveCount(2);
  for (const image of await gallery.all()) {
    await image.scrollIntoViewIfNeeded();
    await loadedWidth(image);
  }
  const src = await gallery.first().getAttribute('src');
  const photo = await page.request.get(new URL(src ?? '', page.url()).href, { maxRedirects: 0 });
  expect(photo.headers().location).toMatch(new RegExp(`^${PRODUCTION.s3Origin}/`));

  // Deleted again: the story of journeys.spec.ts counts the properties it adds to this database.
  const id = page.url().match(/\/properties\/(\d+)$/)?.[1];
  expect((await api(page, 'DELETE', `/api/properties/${id}`)).status).toBe(200);
});
