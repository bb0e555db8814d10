import { missingBrowserReason } from '@bec/testkit/browser';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { api, signIn } from './support';

test.skip(missingBrowserReason !== undefined, missingBrowserReason);

// The server starts on a fresh data dir with the 32 demo properties; other specs may add a few
// more, so counts are checked as "at least" and filters by what every card shows.
const DEMO_COUNT = 32;
const PAGE_SIZE = 24;
/** A card's price as entered: pesos, or UF (a quarter of the demo is priced in UF). */
const PRICE = /^(CLP\$ \d{1,3}(\.\d{3})*|UF \d{1,3}(\.\d{3})*(,\d{1,2})?)$/;

const main = (page: Page) => page.getByRole('main');
const cards = (page: Page) => main(page).getByRole('heading', { level: 3 });
const countLine = (page: Page) => main(page).getByText(/^\d+ propiedad(es)?/);
const filters = (page: Page) => page.getByRole('search', { name: 'Filtros de propiedades' });

/** Picks `option` in the filters bar's select `label`, typing to narrow a long list. */
async function choose(page: Page, label: string, option: string, type?: string) {
  const select = filters(page).getByRole('combobox', { name: label });
  await select.click();
  if (type) await select.fill(type);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The value shown for `label` in the detail page's lists. */
const detailValue = (page: Page, label: string) =>
  main(page)
    .locator('dl > div')
    .filter({ has: page.getByRole('term').getByText(label, { exact: true }) })
    .getByRole('definition');

/** The day of an ISO timestamp as the app writes it: dd-mm-yyyy in Chile. */
const chileanDay = (iso: string) =>
  new Intl.DateTimeFormat('es-CL', { dateStyle: 'medium', timeZone: 'America/Santiago' }).format(
    new Date(iso),
  );

test('viewer: the grid shows CLP prices and comuna badges, no Add Property, and loads more on scroll', async ({
  page,
}) => {
  await signIn(page, 'viewer@bec.local');
  await page.goto('/properties');
  await expect(page.getByRole('heading', { name: 'Propiedades', level: 2 })).toBeVisible();
  await expect(cards(page)).toHaveCount(PAGE_SIZE);
  await expect(countLine(page)).toHaveText(/^\d+ propiedades · mostrando 24$/);
  const total = Number((await countLine(page).textContent())?.split(' ')[0]);
  expect(total).toBeGreaterThanOrEqual(DEMO_COUNT);
  await expect(main(page).getByRole('link', { name: 'Agregar propiedad' })).toHaveCount(0);

  // Every card: a link to its detail, a price and a "comuna, region" badge.
  const firstCard = main(page)
    .getByRole('link')
    .filter({ has: page.getByRole('heading', { level: 3 }) })
    .first();
  await expect(firstCard).toHaveAttribute('href', /^\/properties\/\d+$/);
  await expect(firstCard.getByText(PRICE)).toBeVisible();
  const newest = (await api(page, 'GET', '/api/properties?limit=1')).body.data.props[0];
  await expect(firstCard.getByRole('heading')).toHaveText(newest.name);
  await expect(
    firstCard.getByText(`${newest.city_name}, ${newest.region_name}`, { exact: true }),
  ).toBeVisible();

  // Scrolling to the end of the grid loads the next page, without clicking; scrolling on loads
  // every page, to the last (the other journeys' properties come before the demo's).
  const more = main(page).getByRole('button', { name: 'Cargar más' });
  await more.scrollIntoViewIfNeeded();
  await expect.poll(() => cards(page).count()).toBeGreaterThan(PAGE_SIZE);
  await expect(async () => {
    if (await more.isVisible()) await more.scrollIntoViewIfNeeded();
    expect(await cards(page).count()).toBe(total);
  }).toPass();
  await expect(more).toHaveCount(0);

  // The oldest demo property is the last card, formatted the Chilean way.
  const providencia = main(page)
    .getByRole('link')
    .filter({ hasText: 'Departamento luminoso en Providencia' });
  // Priced in UF: UF first, then pesos at the demo's UF (39.643,59), marked as converted.
  await expect(providencia.getByText('UF 4.670', { exact: true })).toBeVisible();
  await expect(
    providencia.getByText(
      /^≈ CLP\$ 185\.135\.565, convertido con la UF del \d{2}-\d{2}-\d{4} \(CLP\$ [\d.]+,\d{2}\)$/,
    ),
  ).toBeVisible();
  await expect(providencia.getByText('Providencia, Metropolitana de Santiago')).toBeVisible();
  await expect(providencia.getByText(/^\d{2}-\d{2}-\d{4}$/)).toBeVisible();
});

test('editor: sees the Add Property button, which leads to /addProperty', async ({ page }) => {
  await signIn(page, 'editor@bec.local');
  await page.goto('/properties');
  const add = main(page).getByRole('link', { name: 'Agregar propiedad' });
  await expect(add).toHaveAttribute('href', '/addProperty');
  await add.click();
  await expect(page).toHaveURL(/\/addProperty$/);
});

test('filtering by region and comuna updates the URL and the cards, and survives a reload', async ({
  page,
}) => {
  await signIn(page, 'viewer@bec.local');
  await page.goto('/properties');
  await expect(cards(page)).toHaveCount(PAGE_SIZE);

  await choose(page, 'Región', 'Valparaíso', 'Valpa');
  await expect(page).toHaveURL(/\/properties\?region_id=5$/);
  await expect(countLine(page)).toHaveText(/^\d+ propiedad(es)?$/);
  const badges = main(page).getByText(/^[^,]+, Valparaíso$/);
  const shown = await cards(page).count();
  expect(shown).toBeGreaterThanOrEqual(7);
  expect(shown).toBeLessThan(PAGE_SIZE);
  await expect(badges).toHaveCount(shown);

  // A shared or reloaded link shows the same filtered view.
  await page.reload();
  await expect(page).toHaveURL(/\/properties\?region_id=5$/);
  await expect(filters(page).getByRole('combobox', { name: 'Región' })).toHaveValue('Valparaíso');
  await expect(cards(page)).toHaveCount(shown);
  await expect(badges).toHaveCount(shown);

  // The comuna select offers the region's comunas.
  await choose(page, 'Comuna', 'Viña del Mar', 'Viña');
  await expect(page).toHaveURL(/\/properties\?region_id=5&city_id=5109$/);
  await expect(
    main(page).getByRole('heading', { name: 'Departamento con vista al mar en Viña del Mar' }),
  ).toBeVisible();
  // The region's other comunas leave (the heading is in both lists, so wait for them to go),
  // and every card left is in Viña del Mar.
  await expect(main(page).getByText(/^(?!Viña del Mar,)[^,]+, Valparaíso$/)).toHaveCount(0);
  await expect(main(page).getByText('Viña del Mar, Valparaíso', { exact: true })).toHaveCount(
    await cards(page).count(),
  );

  await filters(page).getByRole('button', { name: 'Limpiar filtros' }).click();
  await expect(page).toHaveURL(/\/properties$/);
  await expect(cards(page)).toHaveCount(PAGE_SIZE);
});

test('the search text and the visited filter reach the URL and the list', async ({ page }) => {
  await signIn(page, 'viewer@bec.local');
  await page.goto('/properties');
  await expect(cards(page)).toHaveCount(PAGE_SIZE);

  await filters(page).getByRole('searchbox', { name: 'Buscar' }).fill('Pucón');
  await expect(page).toHaveURL(/\?q=Puc%C3%B3n$/);
  await expect(cards(page)).toHaveText(['Cabaña junto al lago en Pucón']);

  await choose(page, 'Visitada', 'No');
  await expect(page).toHaveURL(/\?q=Puc%C3%B3n&visited=false$/);
  await expect(main(page).getByText('No se encontraron propiedades.')).toBeVisible();
});

test('price per m² shows on cards and the detail (land area for lots), and sorts the grid', async ({
  page,
}) => {
  await signIn(page, 'viewer@bec.local');
  await page.goto('/properties?q=Chicureo');
  const lot = main(page).getByRole('link').filter({ hasText: 'Terreno en Chicureo' });
  // CLP$ 295.000.000 over 1.200 m² of land.
  // In UF/m² as Chileans quote it, pesos beside it.
  await expect(lot.getByText('UF 6,2/m² · CLP$ 245.833/m² de terreno')).toBeVisible();
  await lot.click();
  await expect(detailValue(page, 'Precio por m²')).toHaveText(
    'UF 6,2/m² · CLP$ 245.833/m² de terreno',
  );

  await page.goto('/properties');
  await expect(cards(page)).toHaveCount(PAGE_SIZE);
  await choose(page, 'Ordenar por', 'Precio por m²: de mayor a menor');
  await expect(page).toHaveURL(/\?sort=price_per_sqm_desc$/);
  const perSqm = main(page).getByText(
    /^(UF [\d.,]+\/m² · )?CLP\$ [\d.]+\/m² (construido|de terreno)$/,
  );
  // Scroll until every page is in: the order holds across pages (keyset on the same key).
  const { total } = (await api(page, 'GET', '/api/properties?limit=1')).body.data;
  const loadMore = main(page).getByRole('button', { name: 'Cargar más' });
  await expect
    .poll(async () => {
      // Short: the button goes away once the last page is in, and a scroll waiting for it would
      // hold the poll past its own timeout (seen in CI: every card in, the count never re-read).
      if (await loadMore.isVisible())
        await loadMore.scrollIntoViewIfNeeded({ timeout: 1_000 }).catch(() => {});
      return cards(page).count();
    })
    .toBe(total);
  const values = (await perSqm.allTextContents()).map((t) =>
    Number(
      t
        .replace(/^.*CLP\$ /, '')
        .replace(/\/m².*$/, '')
        .replaceAll('.', ''),
    ),
  );
  expect(values.length).toBeGreaterThanOrEqual(DEMO_COUNT);
  expect(values).toEqual([...values].sort((a, b) => b - a));
  const dearest = (await api(page, 'GET', '/api/properties?sort=price_per_sqm_desc&limit=1')).body
    .data.props[0];
  await expect(cards(page).first()).toHaveText(dearest.name);
});

test('opening a card shows the property detail with every field', async ({ page }) => {
  await signIn(page, 'viewer@bec.local');
  await page.goto('/properties?q=Las+Condes');
  await main(page).getByRole('link').filter({ hasText: 'Casa con jardín en Las Condes' }).click();
  await expect(page).toHaveURL(/\/properties\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').at(-1));
  const { status, body } = await api(page, 'GET', `/api/properties/${id}`);
  expect(status).toBe(200);
  const p = body.data;

  await expect(page.getByRole('heading', { name: 'Casa con jardín en Las Condes' })).toBeVisible();
  await expect(detailValue(page, 'Dirección')).toHaveText(
    'Camino El Alba 9420, Las Condes, Metropolitana de Santiago',
  );
  await expect(detailValue(page, 'Precio')).toHaveText(
    /^UF 17\.400≈ CLP\$ 689\.798\.466, convertido con la UF del \d{2}-\d{2}-\d{4} \(CLP\$ [\d.]+,\d{2}\)$/,
  );
  await expect(detailValue(page, 'Tipo de propiedad')).toHaveText('Casa');
  await expect(detailValue(page, 'Superficie construida')).toHaveText('240 m²');
  await expect(detailValue(page, 'Superficie del terreno')).toHaveText('620 m²');
  await expect(detailValue(page, 'Estacionamiento')).toHaveText('36 m²');
  await expect(detailValue(page, 'Subterráneo')).toHaveText('40 m²');
  // Not set on this property, so not shown.
  await expect(detailValue(page, 'Superficie adicional')).toHaveCount(0);
  await expect(detailValue(page, 'Dormitorios')).toHaveText('5');
  await expect(detailValue(page, 'Visitada')).toHaveText('Sí');
  await expect(detailValue(page, 'Corredor')).toHaveText(p.broker_name ?? 'Sin corredor');
  await expect(detailValue(page, 'Creada por')).toHaveText(p.created_by_name ?? 'Sin registro');
  await expect(detailValue(page, 'Actualizada por')).toHaveText(
    p.updated_by_name ?? 'Sin registro',
  );
  await expect(detailValue(page, 'Creada')).toContainText(chileanDay(p.created_at));
  await expect(detailValue(page, 'Actualizada')).toContainText(chileanDay(p.updated_at));
  await expect(
    main(page).getByText('Piscina y quincho; revisar filtraciones en el subterráneo.'),
  ).toBeVisible();
  const maps = main(page).getByRole('link', { name: 'Abrir en Google Maps' });
  await expect(maps).toHaveAttribute('href', p.google_maps_url);
  await expect(maps).toHaveAttribute('target', '_blank');
  await expect(maps).toHaveAttribute('rel', /noopener/);
  await expect(main(page).getByText('No hay imágenes de esta propiedad.')).toBeVisible();
  // A viewer can neither edit nor delete it: the page's only buttons zoom its position's map,
  // which is drawn once scrolled to.
  await expect(main(page).getByRole('link', { name: 'Editar propiedad' })).toHaveCount(0);
  await main(page).getByRole('region', { name: 'Ubicación', exact: true }).scrollIntoViewIfNeeded();
  await expect(main(page).getByRole('button')).toHaveText(['+', '−']);
  await expect(
    main(page)
      .getByRole('region', { name: `Mapa de dónde está ${p.name}` })
      .getByRole('button'),
  ).toHaveCount(2);

  await main(page).getByRole('link', { name: '← Volver a propiedades' }).click();
  await expect(page).toHaveURL(/\/properties$/);
});

test('a non-numeric id says the ID is missing; an unknown id is not found', async ({ page }) => {
  await signIn(page, 'viewer@bec.local');
  await page.goto('/properties/abc');
  await expect(main(page).getByText('Falta el ID de la propiedad')).toBeVisible();

  await page.goto('/properties/999999');
  await expect(main(page).getByText('No se encontró la propiedad 999999.')).toBeVisible();
  await main(page).getByRole('link', { name: '← Volver a propiedades' }).click();
  await expect(page).toHaveURL(/\/properties$/);
  await expect(cards(page)).toHaveCount(PAGE_SIZE);
});

test('signed out: /properties ends on /home (via /), and a property detail on /home', async ({
  page,
}) => {
  await page.goto('/properties');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Acceso denegado' })).toBeVisible();
  await page.goto('/properties/1');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Acceso denegado' })).toBeVisible();
});

test('on a phone the filters fold to search and sort, so the first card shows; "Más filtros" opens the rest', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'viewer@bec.local');
  await page.goto('/properties?region_id=13&visited=true');
  await expect(cards(page).first()).toBeInViewport();
  await expect(filters(page).getByRole('searchbox', { name: 'Buscar' })).toBeVisible();
  await expect(filters(page).getByRole('combobox', { name: 'Ordenar por' })).toBeVisible();
  const region = filters(page).getByRole('combobox', { name: 'Región' });
  await expect(region).toBeHidden();

  const more = filters(page).getByRole('button', { name: 'Más filtros (2)' });
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await more.click();
  await expect(region).toHaveValue('Metropolitana de Santiago');
  await choose(page, 'Tipo de propiedad', 'Terreno');
  await expect(page).toHaveURL(/property_type_id=\d+/);
  await filters(page).getByRole('button', { name: 'Menos filtros' }).click();
  await expect(region).toBeHidden();
  await expect(filters(page).getByRole('button', { name: 'Más filtros (3)' })).toBeVisible();
  await expect(cards(page).first()).toBeInViewport();

  // Wide again: every filter shows and the toggle does not.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(region).toBeVisible();
  await expect(filters(page).getByRole('button', { name: /filtros \(/ })).toBeHidden();
});
