import type { Page } from '@playwright/test';
import { expectNamedControls } from './accessibility';
import { expect } from './fixtures';
import { addBareProperty, api, filtersBar, sidebarLinks, signIn } from './support';

// ADR 053's saved searches, as a member meets them: an editor saves a shared search; another
// member adds a matching property; the first sees the bell at 1, opens the alert and lands on the
// property. One journey, run by the demo project (saved-searches.spec.ts) and the production one
// (production/saved-searches.spec.ts: PostgreSQL, the external provider, the real CSP).

/** The window regains focus: what TanStack Query refetches on (the bell's count among them). */
const focus = async (page: Page) => {
  await page.bringToFront();
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
};

/**
 * `page` signs in as the editor and saves the search; `newPage` opens another person's browser,
 * where the admin adds the property.
 */
export async function savedSearchJourney(page: Page, newPage: () => Promise<Page>) {
  // A word of its own: only the property this journey adds matches, whatever else is there.
  const word = `Alerta${Date.now().toString(36)}`;
  const searchName = `Deptos ${word}`;

  // The editor filters the grid and saves the filters as a shared search.
  await signIn(page, 'editor@bec.local');
  await page.goto('/properties');
  await filtersBar(page).getByRole('searchbox', { name: 'Buscar' }).fill(word);
  await expect(page).toHaveURL(new RegExp(`q=${word}`));
  await filtersBar(page).getByRole('button', { name: 'Guardar búsqueda' }).click();
  const dialog = page.getByRole('dialog', { name: 'Guardar búsqueda' });
  await dialog.getByRole('textbox', { name: 'Nombre' }).fill(searchName);
  const share = dialog.getByRole('switch', { name: /Compartir con el equipo/ });
  await share.check();
  await expect(share).toBeChecked();
  await expectNamedControls(page, 'the "Guardar búsqueda" dialog');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(`Búsqueda «${searchName}» guardada`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // It is in the sidebar, marked shared.
  await sidebarLinks(page);
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  const saved = nav.getByRole('region', { name: 'Búsquedas guardadas' });
  const link = saved.getByRole('link', { name: new RegExp(`^${searchName}`) });
  await expect(link).toContainText('Compartida');
  await expectNamedControls(page, 'the sidebar with a saved search');
  const searches = await api(page, 'GET', '/api/saved-searches');
  expect(searches.body.data).toContainEqual(
    expect.objectContaining({ name: searchName, scope: 'shared', filters: { q: word } }),
  );
  await expect(page.getByRole('button', { name: 'Alertas', exact: true })).toBeVisible();

  // An admin, in a browser of their own, adds a property the search matches.
  const admin = await newPage();
  await signIn(admin, 'admin@bec.local');
  const propertyName = `Depto ${word} en Ñuñoa`;
  const id = await addBareProperty(admin, propertyName);
  await admin.context().close();

  // The alert is made after the admin's write, off its request: the editor's count reaches 1.
  await expect
    .poll(async () => (await api(page, 'GET', '/api/alerts/unread')).body.data.unread, {
      timeout: 20_000,
    })
    .toBe(1);
  await focus(page);
  const bell = page.getByRole('button', { name: 'Alertas, 1 sin leer' });
  await expect(bell).toBeVisible();

  // The bell's list: the property, the search, who; following it opens the property.
  await bell.click();
  const alerts = page.getByRole('dialog', { name: 'Alertas' });
  const alert = alerts.getByRole('link', { name: new RegExp(propertyName) });
  await expect(alert).toContainText(`Nueva en «${searchName}» · Ana Admin`);
  await expectNamedControls(page, 'the alerts list');
  await alert.click();
  await expect(page).toHaveURL(new RegExp(`/properties/${id}$`));
  await expect(page.getByRole('heading', { name: propertyName })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Alertas', exact: true })).toBeVisible();

  // Nothing left behind for the journeys after this one.
  expect((await api(page, 'DELETE', `/api/properties/${id}`)).status).toBe(200);
}
