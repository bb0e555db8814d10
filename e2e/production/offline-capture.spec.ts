import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { missingBrowserReason } from '@bec/testkit/browser';
import type { BrowserContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { addBareProperty, api, signIn } from '../support';
import { PRODUCTION, productionSkipReason } from './settings';
import { expect, test } from './strict-test';

// Field mode's writes (ADR 047, 048): a visit with two photos, a stage move and a property quick-added
// with one photo, made on a phone with no network, wait on it, listed as pending, and are sent
// once the network is back, each exactly once, even when the first answer is lost after the
// server committed the write. The page sends
// its queue on the `online` event. The first journey lets the service worker in, to reload the app
// offline (ADR 046) with its queue still there; the second keeps it blocked (playwright.config.ts),
// since Playwright's routes do not see requests that pass through a worker. Each journey deletes
// its property (the journeys after this one count properties).
const skipReason = missingBrowserReason ?? productionSkipReason;
test.skip(skipReason !== undefined, skipReason);
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 390, height: 844 } });

let folder = '';
const photos = () => [path.join(folder, 'fachada.png'), path.join(folder, 'cocina.png')];

test.beforeAll(async () => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'bec-e2e-prod-offline-'));
  for (const [file, background] of [
    ['fachada.png', '#2980b9'],
    ['cocina.png', '#c0392b'],
  ] as const) {
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background } })
      .png()
      .toBuffer();
    writeFileSync(path.join(folder, file), png);
  }
});

test.afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** Yesterday at 16:00 as a `datetime-local` value, in the browser's own time. */
const yesterdayAt4 = (page: Page) =>
  page.evaluate(() => {
    const at = new Date(Date.now() - 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T16:00`;
  });

/**
 * Offline on the property's page: logs a visit with two photos and moves the stage to
 * "En negociación"; both show at once, and the pending list names them. Answers the list's dialog.
 */
async function captureOffline(page: Page, context: BrowserContext, name: string) {
  await expect(page.getByTestId('property-stage')).toHaveText('Nueva');
  await context.setOffline(true);
  await expect(page.getByText(/^Sin conexión/)).toBeVisible();

  await page.getByRole('button', { name: 'Registrar visita' }).click();
  const form = page.getByRole('dialog', { name: 'Registrar visita' });
  await form.getByLabel('Fecha y hora').fill(await yesterdayAt4(page));
  await form.getByRole('textbox', { name: 'Notas' }).fill('Luminosa, sin humedad');
  await form.getByRole('radio', { name: '4 de 5' }).press('Space');
  await form.locator('input[type="file"]').setInputFiles(photos());
  await form.getByRole('button', { name: 'Guardar visita' }).click();
  await expect(form).toBeHidden();
  await expect(
    page.getByText('Guardado en el teléfono: se enviará cuando vuelva la conexión.').first(),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Cambiar etapa' }).click();
  await page.getByRole('menuitem', { name: 'En negociación' }).click();
  await expect(page.getByTestId('property-stage')).toHaveText('En negociación');

  await page.getByRole('button', { name: 'Pendiente de sincronizar (2)' }).click();
  const list = page.getByRole('dialog', { name: 'Guardado en el teléfono' });
  const visit = list.getByRole('listitem', { name: `Visita: ${name}` });
  const stage = list.getByRole('listitem', { name: `Etapa: ${name} → En negociación` });
  await expect(visit).toContainText('Pendiente');
  await expect(visit).toContainText('Fotos: 2');
  await expect(stage).toContainText('Pendiente');
  return { list, visit, stage };
}

/** Where the phone is for the quick add: beside the journey's property (a Ñuñoa address). */
const NEAR_THE_PROPERTY = { latitude: -33.4548, longitude: -70.5971 };
const PROPERTY_AT = { latitude: -33.4545, longitude: -70.5975 };

/**
 * On /quickAdd with no network: the phone's position suggests the comuna of the property beside
 * it; a departamento at UF 5.450 with one photo is saved on the phone.
 */
async function quickAddOffline(page: Page, name: string) {
  await page.getByRole('button', { name: 'Usar mi ubicación' }).click();
  await expect(page.getByText(/Comuna sugerida: Ñuñoa/)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Comuna', exact: true })).toHaveValue('Ñuñoa');
  await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill(name);
  await page.getByRole('combobox', { name: 'Tipo de propiedad', exact: true }).click();
  await page.getByRole('option', { name: 'Departamento', exact: true }).click();
  await page.getByRole('radiogroup', { name: 'Moneda del precio' }).getByText('UF').click();
  await page.getByRole('textbox', { name: 'Precio (UF)', exact: true }).fill('5.450');
  await page.getByLabel('Fotos').setInputFiles(photos()[0] ?? '');
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Nombre', exact: true })).toHaveValue('');
}

/** Whether a query (its key as JSON) is saved on the phone for offline reading (ADR 046). */
const savedOnPhone = (page: Page, queryKey: string) =>
  page.evaluate(
    (key) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('bec-offline', 1);
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const request = open.result.transaction('saved').objectStore('saved').getAll();
          request.onsuccess = () => {
            open.result.close();
            resolve(JSON.stringify(request.result).includes(key));
          };
          request.onerror = () => resolve(false);
        };
      }),
    queryKey,
  );

/** The quick add arrived once, with its one photo, its position and what it left unknown. */
async function expectQuickAddedOnce(page: Page, name: string): Promise<number> {
  const list = await api(page, 'GET', '/api/properties?sort=newest&limit=50');
  const matches = list.body.data.props.filter((p: { name: string }) => p.name === name);
  expect(matches, JSON.stringify(matches)).toHaveLength(1);
  const detail = await api(page, 'GET', `/api/properties/${matches[0].id}`);
  expect(detail.body.data).toMatchObject({
    price_amount: 5450,
    price_unit: 'UF',
    city_name: 'Ñuñoa',
    property_type_name: 'Departamento',
    address: null,
    building_sqmts: null,
    latitude: NEAR_THE_PROPERTY.latitude,
    longitude: NEAR_THE_PROPERTY.longitude,
  });
  expect(detail.body.data.photo_urls).toHaveLength(1);
  return matches[0].id as number;
}

/** Exactly one visit with its two photos, and the move to negotiating once in the history. */
async function expectSyncedOnce(page: Page, id: number) {
  const visits = await api(page, 'GET', `/api/properties/${id}/visits`);
  expect(visits.status).toBe(200);
  expect(visits.body.data.visits).toHaveLength(1);
  expect(visits.body.data.visits[0]).toMatchObject({ notes: 'Luminosa, sin humedad', rating: 4 });
  expect(visits.body.data.visits[0].photos).toHaveLength(2);

  const history = await api(page, 'GET', `/api/properties/${id}/history`);
  const moves = history.body.data.entries
    .filter((entry: { changes: { kind: string } }) => entry.changes.kind === 'stage')
    .map((entry: { changes: { from: string; to: string } }) => entry.changes);
  // The visit moved it on to visited by itself; the person's move, once.
  expect(moves.filter((move: { to: string }) => move.to === 'negotiating')).toHaveLength(1);
  const detail = await api(page, 'GET', `/api/properties/${id}`);
  expect(detail.body.data).toMatchObject({ stage: 'negotiating', visited: true });
}

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('offline on a phone: a visit with two photos and a stage move wait on it, survive a reload, then sync once each', async ({
    page,
    context,
  }) => {
    test.setTimeout(240_000);
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(NEAR_THE_PROPERTY);
    await signIn(page, PRODUCTION.admin);
    const name = `Casa sin señal ${Date.now()}`;
    const quickName = `Depto visto en la calle ${Date.now()}`;
    const id = await addBareProperty(page, name, PROPERTY_AT);
    let quickId: number | null = null;
    try {
      // Online once on the quick add: its comunas and types are then kept for offline (ADR 046).
      await page.goto('/quickAdd');
      await expect(page.getByRole('combobox', { name: 'Comuna', exact: true })).toBeEnabled();
      await expect
        .poll(() => savedOnPhone(page, '["reference","regions"]'), { timeout: 15_000 })
        .toBe(true);
      await page.goto(`/properties/${id}`);
      // The worker in control: offline, the reload below is answered from its cache (its first
      // install precaches every file, which a loaded CI machine takes its time over).
      await expect
        .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
          timeout: 90_000,
        })
        .toBe(true);
      // This page saved too, for the comuna the quick add suggests.
      await expect
        .poll(() => savedOnPhone(page, `["properties","detail",${id}]`), { timeout: 15_000 })
        .toBe(true);
      // The team a visit can name, saved with the working set a few seconds after the page opened.
      await expect
        .poll(() => savedOnPhone(page, '["visits","visitors"]'), { timeout: 30_000 })
        .toBe(true);
      const visitors = await api(page, 'GET', '/api/visits/visitors');
      const team = visitors.body.data.items.map((visitor: { name: string }) => visitor.name);
      expect(team).toContain('Ana Admin');
      await captureOffline(page, context, name);
      await page.keyboard.press('Escape');

      // Still offline, the app opens the quick add from the worker's cache.
      await page.goto('/quickAdd');
      await expect(page.getByText(/^Sin conexión/)).toBeVisible();
      await quickAddOffline(page, quickName);
      await expect(
        page.getByRole('button', { name: 'Pendiente de sincronizar (3)' }),
      ).toBeVisible();

      // Still offline, the app opened again: signed in, the three writes still waiting.
      await page.goto(`/properties/${id}`);
      await expect(page.getByText(/^Sin conexión/)).toBeVisible();
      const pending = page.getByRole('button', { name: 'Pendiente de sincronizar (3)' });
      await expect(pending).toBeVisible();
      // Opened again offline, the visit form offers the team saved on the phone, the member
      // signed in chosen (ADR 060).
      await page.getByRole('button', { name: 'Registrar visita' }).click();
      const form = page.getByRole('dialog', { name: 'Registrar visita' });
      const visitor = form.getByRole('combobox', { name: 'Quién visita' });
      await expect(visitor).toHaveValue('Ana Admin');
      await visitor.click();
      await expect(page.getByRole('option')).toHaveText(team);
      await form.getByRole('button', { name: 'Cancelar' }).click();
      await expect(form).toBeHidden();
      await pending.click();
      const list = page.getByRole('dialog', { name: 'Guardado en el teléfono' });
      const visit = list.getByRole('listitem', { name: `Visita: ${name}` });
      const stage = list.getByRole('listitem', { name: `Etapa: ${name} → En negociación` });
      const added = list.getByRole('listitem', { name: `Propiedad nueva: ${quickName}` });
      await expect(visit).toContainText('Pendiente');
      await expect(stage).toContainText('Pendiente');
      await expect(added).toContainText('Pendiente');
      await expect(added).toContainText('Fotos: 1');

      await context.setOffline(false);
      await expect(visit).toContainText('Sincronizado');
      await expect(stage).toContainText('Sincronizado');
      await expect(added).toContainText('Sincronizado');
      await page.keyboard.press('Escape');
      await expect(list).toBeHidden();
      await expect(page.getByRole('button', { name: /^Pendiente de sincronizar/ })).toBeHidden();
      // The page loads again what the sync changed: the visit is listed, the stage the server's.
      const visits = page.getByRole('region', { name: 'Visitas' });
      await expect(visits.getByRole('listitem')).toHaveCount(1);
      await expect(visits.getByRole('listitem')).toContainText('Luminosa, sin humedad');
      await expect(page.getByTestId('property-stage')).toHaveText('En negociación');
      await expectSyncedOnce(page, id);
      quickId = await expectQuickAddedOnce(page, quickName);
      // It shows as one to complete at the desk.
      await page.goto(`/properties/${quickId}`);
      await expect(page.getByText('Falta completar')).toBeVisible();
    } finally {
      await context.setOffline(false);
      expect((await api(page, 'DELETE', `/api/properties/${id}`)).status).toBe(200);
      if (quickId !== null)
        expect((await api(page, 'DELETE', `/api/properties/${quickId}`)).status).toBe(200);
    }
  });
});

test('an answer lost after the server committed the write: the queue sends it again with its key, and it still happens once', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation(NEAR_THE_PROPERTY);
  await signIn(page, PRODUCTION.admin);
  const name = `Casa con corte ${Date.now()}`;
  const quickName = `Depto con corte ${Date.now()}`;
  const id = await addBareProperty(page, name, PROPERTY_AT);
  let quickId: number | null = null;
  try {
    // The quick add first, on its own page (without the worker, a page not loaded before the
    // network went away cannot open offline). Its first committed answer is cut too.
    await page.goto(`/properties/${id}`);
    await expect(page.getByTestId('property-stage')).toHaveText('Nueva');
    // Saved on the phone, so the quick add knows where it is (the comuna it suggests).
    await expect
      .poll(() => savedOnPhone(page, `["properties","detail",${id}]`), { timeout: 15_000 })
      .toBe(true);
    await page.goto('/quickAdd');
    await expect(page.getByRole('combobox', { name: 'Comuna', exact: true })).toBeEnabled();
    const adds: { key: string | null; status: number | 'cut' }[] = [];
    await page.route('**/api/properties/add', async (route) => {
      const key = (await route.request().allHeaders())['idempotency-key'] ?? null;
      const response = await route.fetch();
      if (response.ok() && adds.length === 0) {
        adds.push({ key, status: 'cut' });
        return route.abort('connectionreset');
      }
      adds.push({ key, status: response.status() });
      return route.fulfill({ response });
    });
    await context.setOffline(true);
    await quickAddOffline(page, quickName);
    await page.getByRole('button', { name: 'Pendiente de sincronizar (1)' }).click();
    const added = page
      .getByRole('dialog', { name: 'Guardado en el teléfono' })
      .getByRole('listitem', { name: `Propiedad nueva: ${quickName}` });
    await expect(added).toContainText('Pendiente');
    await context.setOffline(false);
    await expect(added).toContainText('Sincronizado', { timeout: 30_000 });
    await page.keyboard.press('Escape');
    quickId = await expectQuickAddedOnce(page, quickName);
    expect(adds, JSON.stringify(adds)).toEqual([
      { key: expect.any(String), status: 'cut' },
      { key: adds[0]?.key, status: 201 },
    ]);

    await page.goto(`/properties/${id}`);
    const { visit, stage } = await captureOffline(page, context, name);

    // The first committed answer of each write is cut on its way back, as a dropped connection
    // would; every try's key is recorded.
    const tries: { path: string; key: string | null; status: number | 'cut' }[] = [];
    const cut = new Set<string>();
    await page.route(
      (url) => /\/api\/properties\/\d+\/(visits|stage)$/.test(url.pathname),
      async (route) => {
        const request = route.request();
        if (request.method() === 'GET') return route.fallback();
        const pathname = new URL(request.url()).pathname;
        const key = (await request.allHeaders())['idempotency-key'] ?? null;
        const response = await route.fetch();
        if (response.ok() && !cut.has(pathname)) {
          cut.add(pathname);
          tries.push({ path: pathname, key, status: 'cut' });
          return route.abort('connectionreset');
        }
        tries.push({ path: pathname, key, status: response.status() });
        return route.fulfill({ response });
      },
    );

    await context.setOffline(false);
    await expect(visit).toContainText('Sincronizado', { timeout: 30_000 });
    await expect(stage).toContainText('Sincronizado', { timeout: 30_000 });
    await expectSyncedOnce(page, id);

    // Each write's lost answer was followed by a try with the same key (the server replayed it).
    for (const write of ['visits', 'stage']) {
      const ofWrite = tries.filter((t) => t.path.endsWith(`/${write}`));
      const lost = ofWrite.findIndex((t) => t.status === 'cut');
      expect(lost, JSON.stringify(tries)).toBeGreaterThanOrEqual(0);
      expect(ofWrite[lost + 1], JSON.stringify(tries)).toMatchObject({
        key: ofWrite[lost]?.key,
        status: write === 'visits' ? 201 : 200,
      });
    }
  } finally {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.setOffline(false);
    expect((await api(page, 'DELETE', `/api/properties/${id}`)).status).toBe(200);
    if (quickId !== null)
      expect((await api(page, 'DELETE', `/api/properties/${quickId}`)).status).toBe(200);
  }
});
