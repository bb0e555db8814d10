import { missingBrowserReason } from '@bec/testkit/browser';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { api, sidebarLinks, signIn, WAITLISTED } from './support';

test.skip(missingBrowserReason !== undefined, missingBrowserReason);

const LAST_ADMIN =
  'BEC necesita al menos un administrador: nombra administrador a otro miembro antes de quitarle el rol o eliminar al último.';
const MEMBER_LINKS = ['Inicio', 'Propiedades', 'Tablero', 'Corredores', 'Datos'];

/** A page in a browser context of its own: one account per context. */
async function freshPage(browser: Browser) {
  return (await browser.newContext()).newPage();
}

/**
 * Signs in through the development page as any account (its "…o con cualquier cuenta" form, in
 * Spanish like the app).
 */
async function signInAs(page: Page, email: string, name: string) {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByText('reemplaza a Google')).toBeVisible();
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Nombre').fill(name);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/** Signs in as the seeded admin and opens Users through the sidebar. */
async function openUsersAsAdmin(page: Page) {
  await signIn(page, 'admin@bec.local');
  await (await sidebarLinks(page)).filter({ hasText: 'Usuarios' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { name: 'Lista de usuarios' })).toBeVisible();
}

async function pickOption(page: Page, select: ReturnType<Page['getByRole']>, option: string) {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test("admin changes the viewer's role in the table, and it survives a reload", async ({ page }) => {
  await openUsersAsAdmin(page);
  const role = page.getByRole('combobox', { name: 'Rol de Víctor Viewer' });
  await expect(role).toHaveValue('lector');

  await pickOption(page, role, 'editor');
  await expect(page.getByText('Víctor Viewer ahora es editor')).toBeVisible();
  await expect(role).toBeEnabled();
  await expect(role).toHaveValue('editor');

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Rol de Víctor Viewer' })).toHaveValue('editor');
  const users = await api(page, 'GET', '/api/users');
  expect(users.body.data.items).toContainEqual(
    expect.objectContaining({ email: 'viewer@bec.local', role: 'editor' }),
  );

  // Put it back, the same way.
  await pickOption(page, page.getByRole('combobox', { name: 'Rol de Víctor Viewer' }), 'lector');
  await expect(page.getByText('Víctor Viewer ahora es lector')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Rol de Víctor Viewer' })).toHaveValue('lector');
});

test('the only admin cannot demote itself: the reason is shown and the select stays admin', async ({
  page,
}) => {
  await openUsersAsAdmin(page);
  const users = await api(page, 'GET', '/api/users');
  const admins = users.body.data.items.filter((u: { role: string }) => u.role === 'admin');
  expect(admins.map((u: { email: string }) => u.email)).toEqual(['admin@bec.local']);

  const own = page.getByRole('row', { name: /admin@bec\.local/ });
  await expect(own).toContainText('(tú)');
  const role = page.getByRole('combobox', { name: 'Rol de Ana Admin' });
  await pickOption(page, role, 'lector');
  await expect(page.getByText(LAST_ADMIN)).toBeVisible();
  await expect(role).toBeEnabled();
  await expect(role).toHaveValue('administrador');

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Rol de Ana Admin' })).toHaveValue(
    'administrador',
  );
});

test('a new account lands on the waitlist; the admin grants it viewer; it then sees Properties', async ({
  browser,
}) => {
  const newcomer = await freshPage(browser);
  await signInAs(newcomer, 'nueva@bec.local', 'Nora Nueva');
  await expect(newcomer.getByRole('heading', { name: 'Acceso denegado' })).toBeVisible();
  await expect(newcomer.getByText(WAITLISTED)).toBeVisible();

  const admin = await freshPage(browser);
  await openUsersAsAdmin(admin);
  await admin.getByRole('link', { name: 'Lista de espera' }).click();
  await expect(admin).toHaveURL(/\/waitlist$/);
  const row = admin.getByRole('row', { name: /nueva@bec\.local/ });
  await expect(row).toContainText('Nora Nueva');
  await expect(row.getByRole('combobox', { name: 'Rol para Nora Nueva' })).toHaveValue('lector');
  await row.getByRole('button', { name: 'Agregar', exact: true }).click();
  await expect(admin.getByText('Nora Nueva ya puede iniciar sesión como lector')).toBeVisible();
  await expect(row).toHaveCount(0);

  // The users list has the new member, with the granted role.
  await admin.getByRole('link', { name: 'Lista de usuarios' }).click();
  await expect(admin.getByRole('combobox', { name: 'Rol de Nora Nueva' })).toHaveValue('lector');

  // The account, signing in afresh, is now a member.
  const member = await freshPage(browser);
  await signInAs(member, 'nueva@bec.local', 'Nora Nueva');
  await expect(member.getByRole('heading', { name: '¡Bienvenido a BEC!' })).toBeVisible();
  await expect(await sidebarLinks(member)).toHaveText(MEMBER_LINKS);
});

test('admin deletes a waitlist entry, after confirming', async ({ browser }) => {
  const refused = await freshPage(browser);
  await signInAs(refused, 'borrar@bec.local', 'Bruno Borrar');
  await expect(refused.getByText(WAITLISTED)).toBeVisible();

  const admin = await freshPage(browser);
  await signIn(admin, 'admin@bec.local');
  await admin.goto('/waitlist');
  const row = admin.getByRole('row', { name: /borrar@bec\.local/ });
  await expect(row).toBeVisible();

  // Cancelling keeps it.
  await row.getByRole('button', { name: 'Eliminar a Bruno Borrar' }).click();
  let dialog = admin.getByRole('dialog', { name: '¿Eliminar la solicitud de Bruno Borrar?' });
  await expect(dialog).toContainText('borrar@bec.local');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Eliminar a Bruno Borrar' }).click();
  dialog = admin.getByRole('dialog', { name: '¿Eliminar la solicitud de Bruno Borrar?' });
  await dialog.getByRole('button', { name: 'Eliminar', exact: true }).click();
  await expect(admin.getByText('Se eliminó la solicitud de acceso de Bruno Borrar.')).toBeVisible();
  await expect(row).toHaveCount(0);

  const waitlist = await api(admin, 'GET', '/api/waitlist');
  expect(waitlist.body.data.items).not.toContainEqual(
    expect.objectContaining({ email: 'borrar@bec.local' }),
  );
  await admin.reload();
  await expect(admin.getByRole('heading', { name: 'Lista de espera' })).toBeVisible();
  await expect(admin.getByRole('row', { name: /borrar@bec\.local/ })).toHaveCount(0);
});

test('a viewer has no Users link and cannot reach /users or /waitlist', async ({ page }) => {
  await signIn(page, 'viewer@bec.local');
  await expect(await sidebarLinks(page)).toHaveText(MEMBER_LINKS);
  for (const path of ['/users', '/waitlist']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { name: '¡Bienvenido a BEC!' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Lista de usuarios' })).toHaveCount(0);
  }
});

test('signed out, /users, /waitlist and /settings go to /home', async ({ page }) => {
  for (const path of ['/users', '/waitlist', '/settings']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { name: 'Acceso denegado' })).toBeVisible();
  }
});
