import { missingBrowserReason } from '@bec/testkit/browser';
import { validProperty } from '@bec/testkit/property-fixture';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { api, signIn } from './support';

test.skip(missingBrowserReason !== undefined, missingBrowserReason);

// Lighthouse's mobile profile: a mid-range phone.
test.use({
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
});

/** Lighthouse's bound for the first screen (ADR 013). */
const MAX_LAYOUT_SHIFT = 0.02;

/** A 4000×3000 photo from a camera: sky, a hillside and a house. */
const cameraJpeg = () =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000">
      <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5b8cc4"/><stop offset="1" stop-color="#dfe9f3"/></linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#sky)"/>
      <path d="M0 2100 Q 1200 1500 2400 2040 T 4000 1800 V 3000 H 0 Z" fill="#4f7d3a"/>
      <rect x="1200" y="1350" width="1200" height="900" fill="#c9a27e"/>
    </svg>`),
  )
    .jpeg({ quality: 90 })
    .toBuffer();

/** Adds a property through the API as the signed-in page, with `photos` JPEGs; its id. */
async function addProperty(page: Page, name: string, photos: Buffer[]) {
  const signed = await api(
    page,
    'POST',
    '/api/photos/upload_url',
    photos.map((body, index) => ({
      name: `foto-${index}.jpg`,
      content_type: 'image/jpeg',
      size: body.length,
    })),
  );
  const entries = (signed.body.data ?? []) as {
    url: string;
    path: string;
    headers: Record<string, string>;
  }[];
  for (const [index, entry] of entries.entries()) {
    const put = await page.request.put(entry.url, { headers: entry.headers, data: photos[index] });
    expect(put.ok()).toBe(true);
  }
  const payload = validProperty({ name, photos: entries.map((entry) => entry.path) });
  const created = await api(page, 'POST', '/api/properties/add', payload);
  expect(created.status).toBe(201);
  return Number(created.body.data.id);
}

/** Sums the page's layout shifts from its start but those right after input: at least its CLS. */
const recordLayoutShifts = (page: Page) =>
  page.addInitScript(() => {
    const shifts = { total: 0 };
    (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) shifts.total += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });

const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        // Two frames on, so the last shift has been reported.
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            resolve((window as unknown as { layoutShifts: { total: number } }).layoutShifts.total),
          ),
        ),
      ),
  );

/** Holds every photo's download until the answer's `release()`: the page lays out without them. */
async function holdPhotos(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const requested: string[] = [];
  await page.route(
    (url) => url.pathname.startsWith('/photos/'),
    async (route) => {
      requested.push(new URL(route.request().url()).pathname);
      await released;
      await route.continue();
    },
  );
  return { release, requested };
}

const box = async (locator: Locator) => {
  const rect = await locator.boundingBox();
  if (!rect) throw new Error('not rendered');
  return rect;
};

/** The image's decoded size (0×0 until it has loaded). */
const naturalSize = (image: Locator) =>
  image.evaluate((img: HTMLImageElement) => ({
    width: img.complete ? img.naturalWidth : 0,
    height: img.complete ? img.naturalHeight : 0,
  }));

test('phone: the grid keeps its layout as the card photos arrive; the first card loads its 480 px copy at once', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'editor@bec.local');
  const stamp = Date.now();
  // Newest first: the card with a photo leads the grid, the one without comes second.
  const withoutId = await addProperty(page, `Sin foto E2E ${stamp}`, []);
  const withId = await addProperty(page, `Con foto E2E ${stamp}`, [await cameraJpeg()]);

  await recordLayoutShifts(page);
  const photos = await holdPhotos(page);
  await page.goto('/properties');
  const first = page.locator('a[href^="/properties/"]').first();
  await expect(first).toHaveAttribute('href', `/properties/${withId}`);
  const cover = first.locator('img');
  // The likely largest paint: the card copy, fetched at once and ahead of other images.
  await expect(cover).toHaveAttribute('src', /^\/photos\/uploads\/.+\/card\?/);
  await expect(cover).toHaveAttribute('loading', 'eager');
  await expect(cover).toHaveAttribute('fetchpriority', 'high');
  const coverPath = new URL((await cover.getAttribute('src')) ?? '', page.url()).pathname;
  await expect.poll(() => photos.requested).toContain(coverPath);

  // Laid out while the photo is on its way: its area and everything after it already in place.
  const cardBefore = await box(first);
  const coverBefore = await box(cover);
  const secondCard = page.locator(`a[href="/properties/${withoutId}"]`);
  const secondBefore = await box(secondCard);
  expect(await naturalSize(cover)).toEqual({ width: 0, height: 0 });
  expect(coverBefore.width).toBeGreaterThan(300);
  // A card without a photo keeps the same area.
  const placeholder = secondCard.getByText('Aún sin foto').locator('..');
  expect((await box(placeholder)).height).toBe(coverBefore.height);

  photos.release();
  await expect.poll(async () => (await naturalSize(cover)).width).toBe(480);
  expect(await box(cover)).toEqual(coverBefore);
  expect(await box(first)).toEqual(cardBefore);
  expect(await box(secondCard)).toEqual(secondBefore);
  expect(await layoutShift(page)).toBeLessThanOrEqual(MAX_LAYOUT_SHIFT);
});

test('phone: the gallery keeps its layout as the photos arrive, each tile shaped as its photo', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'editor@bec.local');
  const landscape = await cameraJpeg();
  const portrait = await sharp(landscape).rotate(90).jpeg({ quality: 90 }).toBuffer();
  const id = await addProperty(page, `Galería E2E ${Date.now()}`, [landscape, portrait]);

  await recordLayoutShifts(page);
  const photos = await holdPhotos(page);
  await page.goto(`/properties/${id}`);
  const gallery = page.getByRole('main').getByRole('region', { name: 'Fotos' });
  const images = gallery.getByRole('img');
  await expect(images).toHaveCount(2);
  // Below the first screen: the photos wait until they near it.
  for (const image of await images.all()) await expect(image).toHaveAttribute('loading', 'lazy');
  await gallery.scrollIntoViewIfNeeded();
  await expect.poll(() => photos.requested.length).toBe(2);

  const tiles = gallery.getByRole('button');
  const before = await Promise.all((await tiles.all()).map(box));
  // Each tile has its photo's shape before the photo is there: 4:3, then 3:4.
  const shapes = before.map((rect) => rect.width / rect.height);
  expect(shapes[0]).toBeCloseTo(4 / 3, 2);
  expect(shapes[1]).toBeCloseTo(3 / 4, 2);

  photos.release();
  for (const image of await images.all()) {
    await expect.poll(async () => (await naturalSize(image)).width).toBe(480);
  }
  expect(await Promise.all((await tiles.all()).map(box))).toEqual(before);
  expect(await layoutShift(page)).toBeLessThanOrEqual(MAX_LAYOUT_SHIFT);
});
