import { missingBrowserReason } from '@bec/testkit/browser';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { api, signIn } from './support';

test.skip(missingBrowserReason !== undefined, missingBrowserReason);

// The statistics on /data and the comparables on a property's page, over the demo's 32
// properties (other specs may add a few: figures are cross-checked with the API, not fixed).

const main = (page: Page) => page.getByRole('main');
const filters = (page: Page) => page.getByRole('search', { name: 'Filtros de propiedades' });
const stats = (page: Page) => main(page).getByRole('region', { name: 'Estadísticas' });
/** The statistics table's row names (its row headers), in the order shown. */
const rowNames = (page: Page) => stats(page).getByRole('table').getByRole('rowheader');
const cards = (page: Page) => main(page).getByRole('heading', { level: 3 });

/** Picks `option` in the filters bar's select `label`, typing to narrow a long list. */
async function choose(page: Page, label: string, option: string, type?: string) {
  const select = filters(page).getByRole('combobox', { name: label });
  await select.click();
  if (type) await select.fill(type);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * The statistics the API answers for a query string (a cross-check of what the table shows): the
 * new figures when a write of another spec made them be computed again (ADR 051), as the page
 * asks again until it has them.
 */
async function statsFor(page: Page, query: string) {
  for (;;) {
    const { status, body } = await api(page, 'GET', `/api/market/stats?${query}`);
    expect(status).toBe(200);
    const data = body.data as {
      rows: { id: number; name: string; count: number }[];
      updating: boolean;
    };
    if (!data.updating) return data;
    await page.waitForTimeout(200);
  }
}

test('the statistics follow the filters bar, group by región, and a row opens the grid filtered to it', async ({
  page,
}) => {
  await signIn(page, 'viewer@bec.local');
  await page.goto('/data');

  // Grouped by comuna: a row for each comuna with properties, as the API counts them.
  const all = await statsFor(page, 'group=comuna');
  await expect(rowNames(page)).toHaveCount(all.rows.length);
  await expect(stats(page).getByRole('rowheader', { name: 'Providencia' })).toBeVisible();
  await expect(stats(page).getByText(/^En total, \d+ propiedades, \d+ visitadas/)).toBeVisible();
  // The charts stand beside the table, which is their text equivalent.
  await expect(
    stats(page).getByRole('figure', { name: /^Gráfico de barras: Mediana de UF\/m² por comuna/ }),
  ).toBeVisible();
  await expect(stats(page).getByRole('figure', { name: /^Histograma/ })).toBeVisible();

  // Changing a filter in the bar changes the figures: only Valparaíso's comunas are left.
  await choose(page, 'Región', 'Valparaíso', 'Valpa');
  await expect(page).toHaveURL(/\/data\?region_id=5$/);
  const valparaiso = await statsFor(page, 'region_id=5&group=comuna');
  await expect(rowNames(page)).toHaveCount(valparaiso.rows.length);
  expect((await rowNames(page).allTextContents()).sort()).toEqual(
    valparaiso.rows.map((row) => row.name).sort(),
  );
  await expect(stats(page).getByRole('rowheader', { name: 'Providencia' })).toHaveCount(0);

  // Grouped by región, kept in the URL beside the filters (and through a reload).
  await stats(page)
    .getByRole('radiogroup', { name: 'Agrupar por' })
    .getByText('Región', { exact: true })
    .click();
  await expect(page).toHaveURL(/\/data\?region_id=5&group=region$/);
  await expect(rowNames(page)).toHaveText(['Valparaíso']);
  await page.reload();
  await expect(rowNames(page)).toHaveText(['Valparaíso']);
  // A filter changed afterwards keeps the grouping.
  await filters(page).getByRole('button', { name: 'Limpiar filtros' }).click();
  await expect(page).toHaveURL(/\/data\?group=region$/);
  await expect(
    stats(page).getByRole('rowheader', { name: 'Metropolitana de Santiago' }),
  ).toBeVisible();

  // Back to comunas in Valparaíso; Viña del Mar's name opens the grid filtered to it.
  await stats(page)
    .getByRole('radiogroup', { name: 'Agrupar por' })
    .getByText('Comuna', { exact: true })
    .click();
  await choose(page, 'Región', 'Valparaíso', 'Valpa');
  await expect(page).toHaveURL(/\/data\?region_id=5$/);
  // The figures of Valparaíso, not the previous ones still shown while they load (their links
  // carry the previous filters).
  await expect(rowNames(page)).toHaveCount(valparaiso.rows.length);
  await expect(stats(page).getByRole('rowheader', { name: 'Providencia' })).toHaveCount(0);
  await stats(page).getByRole('link', { name: 'Viña del Mar', exact: true }).click();
  await expect(page).toHaveURL(/\/properties\?region_id=5&city_id=5109$/);
  const vina = valparaiso.rows.find((row) => row.name === 'Viña del Mar');
  await expect(cards(page)).toHaveCount(vina?.count ?? -1);
  await expect(main(page).getByText('Viña del Mar, Valparaíso', { exact: true })).toHaveCount(
    vina?.count ?? -1,
  );
});

test("a bar of the median UF/m² chart opens the grid filtered to that bar's comuna", async ({
  page,
}) => {
  await signIn(page, 'viewer@bec.local');
  await page.goto('/data?region_id=5');
  const chart = stats(page).getByRole('figure', { name: /^Gráfico de barras/ });
  const bars = chart.locator('.recharts-bar-rectangle');
  await expect(bars.first()).toBeVisible();
  await bars.first().click();
  await expect(page).toHaveURL(/\/properties\?region_id=5&city_id=\d+$/);
  const cityId = Number(new URL(page.url()).searchParams.get('city_id'));
  const { rows } = await statsFor(page, 'region_id=5&group=comuna');
  const comuna = rows.find((row) => row.id === cityId);
  expect(comuna).toBeDefined();
  await expect(cards(page)).toHaveCount(comuna?.count ?? -1);
  await expect(main(page).getByText(`${comuna?.name}, Valparaíso`, { exact: true })).toHaveCount(
    comuna?.count ?? -1,
  );
});

test("the detail page places a property's UF/m² among its peers and lists the nearest", async ({
  page,
}) => {
  await signIn(page, 'editor@bec.local');
  const [regions, types, found] = await Promise.all([
    api(page, 'GET', '/api/regions'),
    api(page, 'GET', '/api/property-types'),
    api(
      page,
      'GET',
      `/api/properties?q=${encodeURIComponent('Departamento cerca de Plaza Ñuñoa')}`,
    ),
  ]);
  const nunoa = (regions.body.data as { comunas: { id: number; name: string }[] }[])
    .flatMap((region) => region.comunas)
    .find((comuna) => comuna.name === 'Ñuñoa');
  const depto = (types.body.data as { id: number; name: string }[]).find(
    (type) => type.name === 'Departamento',
  );
  const property = found.body.data.props[0] as { id: number; name: string };
  expect(nunoa && depto && property).toBeTruthy();
  const comparables = async () =>
    (await api(page, 'GET', `/api/market/comparables/${property.id}`)).body.data as {
      uf_per_sqm: number;
      peers: { count: number; percentile: number | null };
      nearest: { name: string; distance_m: number }[];
    };
  const section = main(page).getByRole('region', { name: 'Comparables' });

  // The demo has one depto in Ñuñoa: too few peers for a percentile.
  const before = await comparables();
  await page.goto(`/properties/${property.id}`);
  await expect(main(page).getByRole('heading', { name: property.name })).toBeVisible();
  if (before.peers.count < 5) {
    await expect(
      section.getByText(
        `No hay datos suficientes (${before.peers.count} comparable${before.peers.count === 1 ? '' : 's'}; se necesitan 5)`,
      ),
    ).toBeVisible();
  }

  // Five more deptos in Ñuñoa, a block or so away, at UF 50 to 80 per m².
  const tag = `Comparable ${Date.now()}`;
  const created: number[] = [];
  try {
    for (const [index, perSqm] of [50, 55, 60, 70, 80].entries()) {
      const { status, body } = await api(page, 'POST', '/api/properties/add', {
        name: `${tag} ${index + 1}`,
        address: `Jorge Washington ${300 + index}`,
        city_id: nunoa?.id,
        property_type_id: depto?.id,
        price_unit: 'UF',
        price: perSqm * 60,
        building_sqmts: 60,
        land_sqmts: 60,
        latitude: -33.4561 + 0.001 * (index + 1),
        longitude: -70.5977,
      });
      expect(status).toBe(201);
      created.push(body.data.id);
    }

    const after = await comparables();
    expect(after.peers.count).toBe(before.peers.count + 5);
    expect(after.peers.percentile).not.toBeNull();
    const percentile = after.peers.percentile ?? 0;
    const dearer = percentile >= 50;
    const shown = Math.round(dearer ? percentile : 100 - percentile);
    await page.reload();
    await expect(
      section.getByText(
        new RegExp(
          `^Por m², esta propiedad es más ${dearer ? 'cara' : 'barata'} que el ${shown}\\s?% de las ${after.peers.count} propiedades de tipo Departamento en Ñuñoa\\.$`,
        ),
      ),
    ).toBeVisible();
    await expect(section.getByText('Esta propiedad', { exact: true })).toBeVisible();

    // The nearest deptos, nearest first, each with its price, UF/m² and distance.
    const nearest = section.getByRole('table', { name: 'Las más cercanas de tipo Departamento' });
    const rows = nearest.getByRole('row');
    await expect(rows).toHaveCount(after.nearest.length + 1);
    expect(after.nearest.slice(0, 5).map((n) => n.name)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `${tag} ${n}`),
    );
    for (const [index, expected] of after.nearest.entries()) {
      const cells = rows.nth(index + 1).getByRole('cell');
      await expect(cells.nth(0)).toHaveText(expected.name);
      await expect(cells.nth(1)).toHaveText('Ñuñoa');
      await expect(cells.nth(2)).toContainText(/^UF \d/);
      await expect(cells.nth(3)).toHaveText(/^UF \d+(,\d+)?\/m²$/);
      await expect(cells.nth(4)).toHaveText(/^\d+ m$/);
    }
    // The first one is about 111 m away (0,001° of latitude), and its link opens it.
    await expect(rows.nth(1).getByRole('cell').nth(4)).toHaveText(/^11\d m$/);
    await rows
      .nth(1)
      .getByRole('link', { name: `${tag} 1` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/properties/${created[0]}$`));
  } finally {
    for (const id of created) await api(page, 'DELETE', `/api/properties/${id}`);
  }
});
