import { missingBrowserReason } from '@bec/testkit/browser';
import { validProperty } from '@bec/testkit/property-fixture';
import type { Locator, Page } from '@playwright/test';
import { expectNamedControls } from './accessibility';
import { expect, test } from './fixtures';
import { api, sidebarLinks, signIn } from './support';

test.skip(missingBrowserReason !== undefined, missingBrowserReason);

/** Adds a new property through the API (setup, not the journey); answers its id. */
async function addProperty(page: Page, name: string, street: number) {
  const added = await api(page, 'POST', '/api/properties/add', {
    // No position: it must not stand among the Data journey's nearest deptos in Ñuñoa.
    ...validProperty({
      name,
      address: `Pasaje Tablero ${street}`,
      broker_id: null,
      latitude: null,
      longitude: null,
      google_maps_url: null,
    }),
    visited: false,
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return added.body.data.id as number;
}

const column = (page: Page, stage: string) =>
  page.getByRole('region', { name: stage, exact: true });
const card = (where: Locator, name: string) =>
  where.getByTestId('board-card').filter({ hasText: name });

/** Drags with the mouse as a person would: press on the handle, move in steps, release. */
async function dragWithMouse(page: Page, handle: Locator, target: Locator) {
  // The columns sit side by side below the filters bar: with the handle in view, so is the top of
  // the column it is dropped on.
  await handle.scrollIntoViewIfNeeded();
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('nothing to drag, or nowhere to drop');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + 60, { steps: 15 });
  await page.mouse.up();
}

test('an editor moves cards across the board (mouse, keyboard, menu) and sees the stage on the detail and in the history', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, 'editor@bec.local');
  const tag = `T${Date.now() % 1_000_000}`;
  const dragged = `Casa tablero ${tag} A`;
  const keyed = `Casa tablero ${tag} B`;
  const draggedId = await addProperty(page, dragged, 100 + (Date.now() % 800));
  const keyedId = await addProperty(page, keyed, 1000 + (Date.now() % 800));

  await (await sidebarLinks(page)).filter({ hasText: 'Tablero' }).click();
  await expect(page).toHaveURL(/\/board/);
  await expect(page.getByRole('heading', { name: 'Tablero', level: 2 })).toBeVisible();
  // The grid's filters apply to every column: only this journey's two cards.
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(tag);
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  const nueva = column(page, 'Nueva');
  await expect(card(nueva, dragged)).toBeVisible();
  await expect(card(nueva, keyed)).toBeVisible();
  await expect(nueva.getByTestId('column-count')).toHaveText('2 propiedades');

  // The mouse: its handle, over to "Por visitar".
  const porVisitar = column(page, 'Por visitar');
  await dragWithMouse(page, page.getByRole('button', { name: `Arrastrar ${dragged}` }), porVisitar);
  await expect(card(porVisitar, dragged)).toBeVisible();
  await expect(page.getByText(`${dragged} pasó a Por visitar.`)).toBeVisible();
  await expect(card(nueva, dragged)).toHaveCount(0);
  await expect(porVisitar.getByTestId('column-count')).toHaveText('1 propiedad');

  // The keyboard: space picks it up, two columns to the right, space drops it in "Visitada".
  const handle = page.getByRole('button', { name: `Arrastrar ${keyed}` });
  await handle.focus();
  // Each step is announced (in Spanish) before the next key, as a screen-reader user hears it.
  const announced = (text: string) => expect(page.getByText(text)).toBeAttached();
  await page.keyboard.press('Space');
  await announced(`Tomaste ${keyed}, en la columna Nueva.`);
  await page.keyboard.press('ArrowRight');
  await announced(`${keyed} está sobre la columna Por visitar.`);
  await page.keyboard.press('ArrowRight');
  await announced(`${keyed} está sobre la columna Visitada.`);
  await page.keyboard.press('Space');
  const visitada = column(page, 'Visitada');
  await expect(card(visitada, keyed)).toBeVisible();
  await expect(page.getByText(`${keyed} pasó a Visitada.`)).toBeVisible();
  await announced(`Soltaste ${keyed} en la columna Visitada.`);

  // "Mover a…": to Descartada, which asks why.
  await card(visitada, keyed)
    .getByRole('button', { name: `Mover ${keyed} a otra etapa` })
    .click();
  await page.getByRole('menuitem', { name: 'Descartada' }).click();
  const dialog = page.getByRole('dialog', { name: `Descartar ${keyed}` });
  await expect(dialog).toBeVisible();
  await expectNamedControls(page, 'the discard reason dialog');
  await dialog.getByRole('textbox', { name: /Motivo del descarte/ }).fill('Muy oscura');
  await dialog.getByRole('button', { name: 'Descartar' }).click();
  await expect(card(column(page, 'Descartada'), keyed)).toBeVisible();

  // The dragged property's page shows its stage, read back from the database.
  await card(porVisitar, dragged).getByRole('link', { name: dragged }).click();
  await expect(page).toHaveURL(new RegExp(`/properties/${draggedId}$`));
  await expect(page.getByTestId('property-stage')).toHaveText('Por visitar');
  const detail = await api(page, 'GET', `/api/properties/${draggedId}`);
  expect(detail.body.data).toMatchObject({ stage: 'to_visit', visited: false });
  const history = await api(page, 'GET', `/api/properties/${draggedId}/history`);
  expect(history.status).toBe(200);
  expect(history.body.data.entries).toContainEqual(
    expect.objectContaining({
      actor: expect.objectContaining({ name: 'Elena Editora' }),
      changes: { kind: 'stage', from: 'new', to: 'to_visit', reason: null },
    }),
  );
  // And the page's own timeline says it, in Spanish.
  await expect(page.getByRole('region', { name: 'Historial', exact: true })).toContainText(
    'Elena Editora movió la propiedad de Nueva a Por visitar',
  );

  // The discarded one: stage, reason, and "Visitada: No" (no visit took place).
  await page.goto(`/properties/${keyedId}`);
  await expect(page.getByTestId('property-stage')).toHaveText('Descartada');
  // The reason shows in its row (and in the history's timeline below).
  await expect(page.getByText('Muy oscura', { exact: true })).toBeVisible();
  const keyedHistory = await api(page, 'GET', `/api/properties/${keyedId}/history`);
  expect(
    keyedHistory.body.data.entries
      .filter((entry: { changes: { kind: string } }) => entry.changes.kind === 'stage')
      .map((entry: { changes: { to: string } }) => entry.changes.to)
      .sort(),
  ).toEqual(['discarded', 'visited']);
});
