import { missingBrowserReason } from '@bec/testkit/browser';
import sharp from 'sharp';
import { signIn } from '../support';
import { PRODUCTION, productionSkipReason } from './settings';
import { expect, test } from './strict-test';

// ADR 044: installable, and the shell from the service worker's cache, under
// the real CSP (any violation or page error fails the journey). Leaves nothing behind.
const skipReason = missingBrowserReason ?? productionSkipReason;
test.skip(skipReason !== undefined, skipReason);
// The other journeys block service workers (playwright.config.ts); this one is about them.
test.use({ serviceWorkers: 'allow' });

test('signed in, the app is installable, its worker takes over, and offline the shell still opens', async ({
  page,
  context,
}) => {
  // Signing in, then a worker that downloads the whole build: slow on a loaded 2-core machine.
  test.setTimeout(120_000);
  await signIn(page, PRODUCTION.admin);

  // The manifest: linked, fetched by the browser itself (manifest-src) and read without errors.
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/manifest.webmanifest',
  );
  const cdp = await context.newCDPSession(page);
  const { url, errors, data } = await cdp.send('Page.getAppManifest');
  // Detached at once: a second DevTools session left open undoes setOffline's navigator.onLine.
  await cdp.detach();
  expect(url).toBe(`${PRODUCTION.appOrigin}/manifest.webmanifest`);
  expect(errors).toEqual([]);
  expect(JSON.parse(data ?? '{}')).toMatchObject({
    name: 'BEC · Propiedades',
    short_name: 'BEC',
    lang: 'es-CL',
    start_url: '/home',
    display: 'standalone',
  });
  // Its icons, as an install prompt fetches them: PNGs of the sizes they claim.
  const { icons } = JSON.parse(data ?? '{}') as { icons: { src: string; sizes: string }[] };
  expect(icons.map((icon) => icon.sizes)).toEqual(['192x192', '512x512', '512x512']);
  for (const icon of icons) {
    const response = await page.request.get(icon.src);
    expect(response.status(), icon.src).toBe(200);
    const { format, width } = await sharp(await response.body()).metadata();
    expect(`${format} ${width}x${width}`, icon.src).toBe(`png ${icon.sizes}`);
  }

  // The worker, registered after the page's load, installs (every chunk precached) and activates.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(() =>
      page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state),
    )
    .toBe('activated');
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL))
    .toBe(`${PRODUCTION.appOrigin}/sw.js`);

  // No network: the shell comes from the cache, not the browser's offline page, and says why the
  // data does not load.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('banner').getByRole('link', { name: 'BEC' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Sin conexión' })).toBeVisible();
  // Another page, whose code this visit never loaded, comes from the cache too (its data, never
  // saved, needs the network: e2e/production/offline-reading.spec.ts reads saved data offline).
  await page.goto('/properties');
  await expect(page.getByRole('banner').getByRole('link', { name: 'BEC' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Sin conexión' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Algo salió mal' })).toHaveCount(0);

  // Back online, the notice goes.
  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: 'Sin conexión' })).toHaveCount(0);
});
