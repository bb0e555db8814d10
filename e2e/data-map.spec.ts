import { MAP_POINTS_ZOOM } from '@bec/contracts';
import { missingBrowserReason } from '@bec/testkit/browser';
import { validProperty } from '@bec/testkit/property-fixture';
import type { Page, Response } from '@playwright/test';
import { expect, test } from './fixtures';
import { TILES, tileRequests } from './map-tiles';
import { api, signIn, tilesRequestedBy } from './support';

test.skip(missingBrowserReason !== undefined, missingBrowserReason);

// The map on /data, over the demo's 32 properties, all with coordinates across Chile (other specs
// may add a few, with or without: figures are cross-checked with the API, not fixed). Its tiles
// come from the fake tile server (e2e/fake-tile-server.ts).

const main = (page: Page) => page.getByRole('main');
const filters = (page: Page) => page.getByRole('search', { name: 'Filtros de propiedades' });
const map = (page: Page) => main(page).getByRole('region', { name: 'Mapa de las propiedades' });
/** The map's markers: clusters (a button named "12 propiedades") and pins (the property's name). */
const markers = (page: Page) => map(page).locator('.leaflet-marker-icon');
/**
 * The names of the pins inside the map's frame (the server answers whole cells, so a pin may lie
 * just beyond the frame's edge, where nobody can click it).
 */
const visiblePins = (page: Page) =>
  map(page)
    .locator('.leaflet-marker-icon:not(:has(span))')
    .evaluateAll((icons) =>
      icons
        .filter((icon) => {
          const frame = icon.closest('section')?.getBoundingClientRect();
          const pin = icon.getBoundingClientRect();
          return (
            frame !== undefined &&
            pin.left >= frame.left &&
            pin.right <= frame.right &&
            pin.top >= frame.top &&
            pin.bottom <= frame.bottom
          );
        })
        .map((icon) => icon.getAttribute('aria-label') ?? ''),
    );
const located = (page: Page) => main(page).getByText(/^\d+ en el mapa$/);
const inView = (page: Page) => main(page).getByText(/^\d+ en esta vista$/);
const updating = (page: Page) => main(page).getByText('Actualizando el mapa');

const numberIn = async (text: Promise<string | null>) => Number((await text)?.split(' ')[0]);

/** What the map shows once it has settled: its markers' names, and what they add up to. */
async function settled(page: Page) {
  const names = await markers(page).evaluateAll((icons) =>
    icons.map((icon) => icon.getAttribute('aria-label') ?? ''),
  );
  // A cluster counts its properties, a pin one.
  const sum = names
    .map((name) => /^(\d+) propiedad(es)?$/.exec(name)?.[1] ?? '1')
    .reduce((total, count) => total + Number(count), 0);
  const shown = (await inView(page).count()) ? await numberIn(inView(page).textContent()) : -1;
  const busy = await updating(page).isVisible();
  return { key: [...names].sort().join('|'), names, sum, shown, busy };
}

/**
 * Waits until the markers add up to the "in this view" count, with nothing loading, on two reads
 * in a row: one read is several steps, and the map may change between them (a zoom's last frame).
 * Returns that settled view, not a later read.
 */
async function waitForMap(page: Page, unlike?: string) {
  let view: Awaited<ReturnType<typeof settled>> | undefined;
  let previous = '';
  await expect
    .poll(
      async () => {
        const now = await settled(page);
        const same = `${now.key}#${now.shown}` === previous;
        previous = `${now.key}#${now.shown}`;
        view = now;
        return same && now.sum === now.shown && !now.busy && now.key !== unlike && now.sum > 0;
      },
      // Each look reads the page a few times: slow on a busy machine.
      { timeout: 20_000 },
    )
    .toBe(true);
  if (!view) throw new Error('The map was never read');
  return view;
}

/** The count of the largest cluster among the markers' names (0 when none). */
const largestCount = (names: string[]) =>
  Math.max(0, ...names.map((name) => Number(/^(\d+) propiedades$/.exec(name)?.[1] ?? 0)));

/**
 * What a person could not click on the map: markers whose boxes overlap (the one drawn behind
 * loses the shared part), and markers whose centre, inside the map's frame, is covered by anything
 * but the map's own controls.
 */
const coveredMarkers = (page: Page) =>
  markers(page).evaluateAll((icons) => {
    const problems: string[] = [];
    const boxes = icons.map((icon) => ({
      icon,
      name: icon.getAttribute('aria-label') ?? '?',
      box: icon.getBoundingClientRect(),
    }));
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        const overlap =
          a.box.left < b.box.right &&
          b.box.left < a.box.right &&
          a.box.top < b.box.bottom &&
          b.box.top < a.box.bottom;
        if (overlap) problems.push(`«${a.name}» overlaps «${b.name}»`);
      }
    }
    // What a person sees of the map: its frame, within the window.
    const frame = icons[0]?.closest('section')?.getBoundingClientRect();
    const seen = frame && {
      left: Math.max(frame.left, 0),
      right: Math.min(frame.right, window.innerWidth),
      top: Math.max(frame.top, 0),
      bottom: Math.min(frame.bottom, window.innerHeight),
    };
    for (const { icon, name, box } of boxes) {
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (!seen || x < seen.left || x > seen.right || y < seen.top || y > seen.bottom) continue;
      const hit = document.elementFromPoint(x, y);
      if (hit?.closest('.leaflet-control-container')) continue;
      if (!hit || !icon.contains(hit)) {
        const by = hit?.getAttribute('aria-label') ?? hit?.className ?? 'nothing';
        problems.push(`«${name}» is covered at its centre by ${by}`);
      }
    }
    return problems;
  });

/** The centre of the marker in sight that holds the most properties (a pin holds one). */
const largestInSight = (page: Page) =>
  markers(page).evaluateAll((icons) => {
    const frame = icons[0]?.closest('section')?.getBoundingClientRect();
    const inSight = icons
      .map((icon) => {
        const box = icon.getBoundingClientRect();
        const count = Number(
          /^(\d+) propiedades$/.exec(icon.getAttribute('aria-label') ?? '')?.[1] ?? 1,
        );
        return { x: box.left + box.width / 2, y: box.top + box.height / 2, count };
      })
      .filter(
        ({ x, y }) =>
          frame &&
          x > frame.left &&
          x < frame.right &&
          y > frame.top &&
          y < Math.min(frame.bottom, window.innerHeight),
      )
      .sort((a, b) => b.count - a.count);
    if (!inSight[0]) throw new Error('No marker in sight');
    return inSight[0];
  });

/** The total of matching properties the grid's API counts for `query`. */
async function total(page: Page, query: string) {
  const { status, body } = await api(page, 'GET', `/api/properties?${query}`);
  expect(status).toBe(200);
  return body.data.total as number;
}

/** Picks `option` in the filters bar's select `label`, typing to narrow a long list. */
async function choose(page: Page, label: string, option: string, type?: string) {
  const select = filters(page).getByRole('combobox', { name: label });
  await select.click();
  if (type) await select.fill(type);
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('the map of Chile: its clusters and pins add up to the matches with a location, from the tile server, and those without one are listed apart', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, 'editor@bec.local');
  const name = `Casa sin ubicación ${Date.now()}`;
  const added = await api(
    page,
    'POST',
    '/api/properties/add',
    validProperty({ name, latitude: null, longitude: null, google_maps_url: null }),
  );
  expect(added.status).toBe(201);
  const tilesBefore = (await tileRequests()).length;

  await page.goto('/data');
  const withLocation = await total(page, 'located=true');
  const without = await total(page, 'located=false');
  expect(without).toBeGreaterThanOrEqual(1);
  await expect(located(page)).toHaveText(`${withLocation} en el mapa`);
  // All of continental Chile is in view: what the markers add up to is every located match.
  const chile = await waitForMap(page);
  expect(chile.sum).toBe(withLocation);
  expect(chile.shown).toBe(withLocation);
  expect(chile.names.some((n) => /^\d+ propiedades$/.test(n))).toBe(true);

  // The tiles come from the configured server, with the page's origin as Referer (OSM's tile
  // policy), and the map credits them.
  await expect(map(page).locator('img.leaflet-tile-loaded').first()).toBeVisible();
  await tilesRequestedBy(new URL(page.url()).origin, tilesBefore);
  const tile = await map(page).locator('img.leaflet-tile').first().getAttribute('src');
  expect(tile?.startsWith(`${TILES.origin}/`)).toBe(true);
  await expect(map(page).getByRole('link', { name: 'OpenStreetMap contributors' })).toHaveAttribute(
    'href',
    'https://www.openstreetmap.org/copyright',
  );

  // Those without coordinates: the grid lists them apart, its filter bar showing the filter.
  await main(page)
    .getByRole('link', { name: `${without} sin ubicación` })
    .click();
  await expect(page).toHaveURL(/\/properties\?located=false$/);
  await expect(filters(page).getByText('Solo sin ubicación')).toBeVisible();
  await expect(main(page).getByRole('heading', { level: 3, name })).toBeVisible();
  await expect(main(page).getByText(/^\d+ propiedad(es)?/)).toHaveText(
    new RegExp(`^${without} propiedad(es)?`),
  );
  // Its page has no map to show.
  await main(page).getByRole('heading', { level: 3, name }).click();
  await expect(main(page).getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(main(page).getByRole('region', { name: 'Ubicación', exact: true })).toHaveCount(0);
  await page.goBack();
  await filters(page)
    .getByRole('button', { name: 'Quitar el filtro «Solo sin ubicación»' })
    .click();
  await expect(page).toHaveURL(/\/properties$/);
  await expect(filters(page).getByText('Solo sin ubicación')).toHaveCount(0);
});

test("zooming into Santiago splits its cluster down to pins; a pin's card leads to the property, whose page shows where it is", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'viewer@bec.local');
  await page.goto('/data');
  let view = await waitForMap(page);
  const first = view;

  // Santiago holds most of the demo: its cluster is the largest. Each click zooms in on it, until
  // single pins show (at least one zoom: all of Chile may show a lone pin already).
  for (
    let step = 0;
    step < 8 && (step === 0 || (await visiblePins(page)).length === 0);
    step += 1
  ) {
    const largest = `${largestCount(view.names)} propiedades`;
    await map(page).getByRole('button', { name: largest, exact: true }).first().click();
    view = await waitForMap(page, view.key);
    // Split, and still adding up to what is in view.
    expect(view.names.length).toBeGreaterThan(1);
    expect(view.sum).toBe(view.shown);
  }
  // Santiago's cluster has split: no group is as large as it was.
  expect(largestCount(view.names)).toBeLessThan(largestCount(first.names));
  const [name = ''] = await visiblePins(page);
  expect(name).not.toBe('');

  // A pin opens the property's card; its name links to the property's page.
  await map(page).getByRole('button', { name, exact: true }).click();
  const card = map(page).locator('.leaflet-popup');
  const link = card.getByRole('link', { name });
  await expect(link).toBeVisible();
  await expect(card.getByText(/^(CLP\$|UF) [\d.,]+$/).first()).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/properties\/\d+$/);
  await expect(main(page).getByRole('heading', { level: 2, name })).toBeVisible();

  // Its page shows where it is: one pin on a small map, its tiles loaded.
  const position = main(page).getByRole('region', { name: 'Ubicación', exact: true });
  const small = position.getByRole('region', { name: `Mapa de dónde está ${name}` });
  await expect(small).toBeVisible();
  await expect(small.locator('.leaflet-marker-icon')).toHaveCount(1);
  await expect(small.locator('img.leaflet-tile-loaded').first()).toBeVisible();
  const src = await small.locator('img.leaflet-tile').first().getAttribute('src');
  expect(src).toMatch(new RegExp(`^${TILES.origin}/15/\\d+/\\d+\\.png$`));
});

test('zooming into Santiago a step at a time: at every zoom no marker covers another, each can be clicked, and they add up', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'viewer@bec.local');
  // A taller window, so the whole map is in sight.
  await page.setViewportSize({ width: 1280, height: 1000 });
  /** The map's answer for a view at `zoom` (any zoom when not given). */
  const answer = (zoom?: number) =>
    page.waitForResponse((r) => {
      const url = new URL(r.url());
      return (
        url.pathname === '/api/market/map' &&
        r.ok() &&
        (zoom === undefined || url.searchParams.get('zoom') === String(zoom))
      );
    });
  const zoomOf = (response: Response) => Number(new URL(response.url()).searchParams.get('zoom'));
  const first = answer();
  await page.goto('/data');
  let zoom = zoomOf(await first);
  let view = await waitForMap(page);
  await map(page).scrollIntoViewIfNeeded();
  const checked: number[] = [];
  // Santiago's group is the largest: clicks zoom in on it two levels at a time up to zoom 8, then
  // the mouse wheel over the largest marker in sight one level at a time, up to single pins. Zoom
  // 8 and 9 are where the groups of Providencia, Las Condes and their neighbours overlapped.
  while (zoom < MAP_POINTS_ZOOM) {
    expect(await coveredMarkers(page), `at zoom ${zoom}`).toEqual([]);
    expect(view.sum).toBe(view.shown);
    checked.push(zoom);
    if (zoom + 2 <= 8) {
      const next = answer(zoom + 2);
      const largest = `${largestCount(view.names)} propiedades`;
      await map(page).getByRole('button', { name: largest, exact: true }).first().click();
      zoom = zoomOf(await next);
    } else {
      // One notch (Leaflet zooms one level for up to ~55 px of wheel), around the marker.
      const next = answer(zoom + 1);
      const { x, y } = await largestInSight(page);
      await page.mouse.move(x, y);
      await page.mouse.wheel(0, -50);
      zoom = zoomOf(await next);
    }
    view = await waitForMap(page);
  }
  expect(checked).toEqual(expect.arrayContaining([8, 9, 10, 11, 12, 13, 14, 15]));
});

test("changing a filter updates the map's counts and markers", async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, 'viewer@bec.local');
  await page.goto('/data');
  const all = await waitForMap(page);

  await choose(page, 'Tipo de propiedad', 'Casa');
  await expect(page).toHaveURL(/\/data\?property_type_id=\d+$/);
  const type = new URL(page.url()).searchParams.get('property_type_id');
  const houses = await total(page, `property_type_id=${type}&located=true`);
  expect(houses).toBeLessThan(all.shown);
  await expect(located(page)).toHaveText(`${houses} en el mapa`);
  const onlyHouses = await waitForMap(page, all.key);
  expect(onlyHouses.sum).toBe(houses);

  await choose(page, 'Región', 'Valparaíso', 'Valpa');
  await expect(page).toHaveURL(/property_type_id=\d+/);
  await expect(page).toHaveURL(/region_id=5/);
  const valparaiso = await total(page, `region_id=5&property_type_id=${type}&located=true`);
  await expect(located(page)).toHaveText(`${valparaiso} en el mapa`);
  const there = await waitForMap(page, onlyHouses.key);
  expect(there.sum).toBe(valparaiso);
});
