import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { missingBrowserReason } from '@bec/testkit/browser';
import type { BrowserContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { addBareProperty, api, signIn } from '../support';
import { PRODUCTION, productionSkipReason } from './settings';
import { expect, test } from './strict-test';

// Issue 33, point 3 (ADR 047): a visit with two photos and a stage move made on a phone with no
// network wait on it, listed as pending, and are sent once the network is back, each exactly
// once, even when the first answer is lost after the server committed the write. The page sends
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
    test.setTimeout(150_000);
    await signIn(page, PRODUCTION.admin);
    const name = `Casa sin señal ${Date.now()}`;
    const id = await addBareProperty(page, name);
    try {
      await page.goto(`/properties/${id}`);
      // The worker in control: offline, the reload below is answered from its cache.
      await expect
        .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
          timeout: 60_000,
        })
        .toBe(true);
      await captureOffline(page, context, name);
      await page.keyboard.press('Escape');

      // Still offline, the app opened again: signed in, the two writes still waiting.
      await page.reload();
      await expect(page.getByText(/^Sin conexión/)).toBeVisible();
      const pending = page.getByRole('button', { name: 'Pendiente de sincronizar (2)' });
      await expect(pending).toBeVisible();
      await pending.click();
      const list = page.getByRole('dialog', { name: 'Guardado en el teléfono' });
      const visit = list.getByRole('listitem', { name: `Visita: ${name}` });
      const stage = list.getByRole('listitem', { name: `Etapa: ${name} → En negociación` });
      await expect(visit).toContainText('Pendiente');
      await expect(stage).toContainText('Pendiente');

      await context.setOffline(false);
      await expect(visit).toContainText('Sincronizado');
      await expect(stage).toContainText('Sincronizado');
      await page.keyboard.press('Escape');
      await expect(list).toBeHidden();
      await expect(page.getByRole('button', { name: /^Pendiente de sincronizar/ })).toBeHidden();
      // The page loads again what the sync changed: the visit is listed, the stage the server's.
      const visits = page.getByRole('region', { name: 'Visitas' });
      await expect(visits.getByRole('listitem')).toHaveCount(1);
      await expect(visits.getByRole('listitem')).toContainText('Luminosa, sin humedad');
      await expect(page.getByTestId('property-stage')).toHaveText('En negociación');
      await expectSyncedOnce(page, id);
    } finally {
      await context.setOffline(false);
      expect((await api(page, 'DELETE', `/api/properties/${id}`)).status).toBe(200);
    }
  });
});

test('an answer lost after the server committed the write: the queue sends it again with its key, and it still happens once', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signIn(page, PRODUCTION.admin);
  const name = `Casa con corte ${Date.now()}`;
  const id = await addBareProperty(page, name);
  try {
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
  }
});
