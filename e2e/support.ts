import { validProperty } from '@bec/testkit/property-fixture';
import { expect, type Page } from '@playwright/test';
import { tileRequests } from './map-tiles';

// The app speaks Spanish by default (the browser's language is es-CL, playwright.config.ts), so
// the journeys read its Spanish texts (the es-CL catalogues); the development provider's sign-in
// page follows the app's language (its own catalogues, apps/api/src/plugins/app/dev-identity).

export const WAITLISTED =
  'Tu solicitud de acceso quedó registrada: un administrador debe aprobarla antes de que puedas usar BEC.';

/** Signs in through the development provider's page, as a person would, and waits for /home. */
export async function signIn(page: Page, email: string) {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByText('reemplaza a Google')).toBeVisible();
  await page.getByRole('button', { name: new RegExp(email.replace('.', '\\.')) }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/** Opens the sidebar if needed and answers its links. */
export async function sidebarLinks(page: Page) {
  const toggle = page.getByRole('button', { name: 'Abrir o cerrar el menú' });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  return page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link');
}

/** The access token the SPA holds, read the way any script on the page could. */
export const accessToken = (page: Page) =>
  page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith('oidc.user:')) {
        return JSON.parse(localStorage.getItem(key) ?? '{}').access_token as string;
      }
    }
    return null;
  });

/** Calls the API as the signed-in page would (for setup and cross-checks, not for the journey). */
export async function api(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  data?: unknown,
) {
  const token = await accessToken(page);
  const response = await page.request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(data === undefined ? {} : { data }),
  });
  return { status: response.status(), body: await response.json() };
}

/**
 * A property named `name`, added through the API (setup, not the journey): unvisited, with no
 * broker, photos or position (so it never stands among the Data journey's nearest deptos in
 * Ñuñoa). Answers its id.
 */
export async function addBareProperty(
  page: Page,
  name: string,
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const added = await api(
    page,
    'POST',
    '/api/properties/add',
    validProperty({
      name,
      visited: false,
      broker_id: null,
      photos: [],
      latitude: null,
      longitude: null,
      google_maps_url: null,
      ...overrides,
    }),
  );
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return added.body.data.id as number;
}

/** A form's text box or select by its exact label. */
export const box = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
export const select = (page: Page, name: string) =>
  page.getByRole('combobox', { name, exact: true });

/** Fills the add form's required fields as a person types them (a house in Ñuñoa). */
export async function fillRequired(page: Page, name: string) {
  await box(page, 'Nombre').fill(name);
  // A number of its own, so no two journeys' houses are the same address (a duplicate warning).
  await box(page, 'Dirección').fill(`Avenida Italia ${10_000 + (Date.now() % 90_000)}`);
  const comuna = select(page, 'Comuna');
  await expect(comuna).toBeEnabled();
  await comuna.click();
  await comuna.pressSequentially('Ñuño');
  await page.getByRole('option', { name: 'Ñuñoa', exact: true }).click();
  await select(page, 'Tipo de propiedad').click();
  await page.getByRole('option', { name: 'Casa', exact: true }).click();
  await box(page, 'Precio (CLP)').pressSequentially('245.000.000');
  await box(page, 'Superficie construida (m²)').pressSequentially('140');
  await box(page, 'Superficie del terreno (m²)').pressSequentially('300');
}

/**
 * The tile requests since `before` (a count from tileRequests) sent by the page of `origin`: at
 * least one. Other projects' pages, on origins of their own, may load tiles from the same server
 * meanwhile, so each request must carry an origin (OSM's tile policy asks for one, and no more
 * than one: no path) and some must carry this page's.
 */
export async function tilesRequestedBy(origin: string, before: number) {
  const seen = (await tileRequests()).slice(before);
  for (const request of seen) expect(request.referer).toMatch(/^https?:\/\/[^/]+\/$/);
  const ours = seen.filter((request) => request.referer === `${origin}/`);
  expect(ours.length).toBeGreaterThan(0);
  return ours;
}

/** The filters bar of the grid, the board and the Data section. */
export const filtersBar = (page: Page) =>
  page.getByRole('search', { name: 'Filtros de propiedades' });

/** Picks `option` in the filters bar's select `label` ("Dormitorios mín.", "3+"). */
export async function chooseFilter(page: Page, label: string, option: string) {
  await filtersBar(page).getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The value shown for `label` in the detail page's lists. */
export const detailValue = (page: Page, label: string) =>
  page
    .getByRole('main')
    .locator('dl > div')
    .filter({ has: page.getByRole('term').getByText(label, { exact: true }) })
    .getByRole('definition');
