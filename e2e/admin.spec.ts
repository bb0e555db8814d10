import { type Browser, expect, type Page, test } from '@playwright/test';
import { missingBrowserReason } from './browser';
import { api, sidebarLinks, signIn, WAITLISTED } from './support';

test.skip(missingBrowserReason !== undefined, missingBrowserReason);

const LAST_ADMIN =
  'BEC needs at least one admin: make another member admin before demoting or removing the last one.';

/** A page in a browser context of its own: one account per context. */
async function freshPage(browser: Browser) {
  return (await browser.newContext()).newPage();
}

/** Signs in through the development page as any account (the "…or as any account" form). */
async function signInAs(page: Page, email: string, name: string) {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('stands in for Google')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/** Signs in as the seeded admin and opens Users through the sidebar. */
async function openUsersAsAdmin(page: Page) {
  await signIn(page, 'admin@bec.local');
  await (await sidebarLinks(page)).filter({ hasText: 'Users' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { name: 'Users List' })).toBeVisible();
}

async function pickOption(page: Page, select: ReturnType<Page['getByRole']>, option: string) {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test("admin changes the viewer's role in the table, and it survives a reload", async ({ page }) => {
  await openUsersAsAdmin(page);
  const role = page.getByRole('combobox', { name: 'Role of Víctor Viewer' });
  await expect(role).toHaveValue('viewer');

  await pickOption(page, role, 'editor');
  await expect(page.getByText('Víctor Viewer is now editor')).toBeVisible();
  await expect(role).toBeEnabled();
  await expect(role).toHaveValue('editor');

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Role of Víctor Viewer' })).toHaveValue('editor');
  const users = await api(page, 'GET', '/api/users');
  expect(users.body.data.items).toContainEqual(
    expect.objectContaining({ email: 'viewer@bec.local', role: 'editor' }),
  );

  // Put it back, the same way.
  await pickOption(page, page.getByRole('combobox', { name: 'Role of Víctor Viewer' }), 'viewer');
  await expect(page.getByText('Víctor Viewer is now viewer')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Role of Víctor Viewer' })).toHaveValue('viewer');
});

test('the only admin cannot demote itself: the reason is shown and the select stays admin', async ({
  page,
}) => {
  await openUsersAsAdmin(page);
  const users = await api(page, 'GET', '/api/users');
  const admins = users.body.data.items.filter((u: { role: string }) => u.role === 'admin');
  expect(admins.map((u: { email: string }) => u.email)).toEqual(['admin@bec.local']);

  const own = page.getByRole('row', { name: /admin@bec\.local/ });
  await expect(own).toContainText('(you)');
  const role = page.getByRole('combobox', { name: 'Role of Ana Admin' });
  await pickOption(page, role, 'viewer');
  await expect(page.getByText(LAST_ADMIN)).toBeVisible();
  await expect(role).toBeEnabled();
  await expect(role).toHaveValue('admin');

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Role of Ana Admin' })).toHaveValue('admin');
});

test('a new account lands on the waitlist; the admin grants it viewer; it then sees Properties', async ({
  browser,
}) => {
  const newcomer = await freshPage(browser);
  await signInAs(newcomer, 'nueva@bec.local', 'Nora Nueva');
  await expect(newcomer.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(newcomer.getByText(WAITLISTED)).toBeVisible();

  const admin = await freshPage(browser);
  await openUsersAsAdmin(admin);
  await admin.getByRole('link', { name: 'Waitlist' }).click();
  await expect(admin).toHaveURL(/\/waitlist$/);
  const row = admin.getByRole('row', { name: /nueva@bec\.local/ });
  await expect(row).toContainText('Nora Nueva');
  await expect(row.getByRole('combobox', { name: 'Role for Nora Nueva' })).toHaveValue('viewer');
  await row.getByRole('button', { name: 'Add' }).click();
  await expect(admin.getByText('Nora Nueva can now sign in as viewer')).toBeVisible();
  await expect(row).toHaveCount(0);

  // The users list has the new member, with the granted role.
  await admin.getByRole('link', { name: 'Users List' }).click();
  await expect(admin.getByRole('combobox', { name: 'Role of Nora Nueva' })).toHaveValue('viewer');

  // The account, signing in afresh, is now a member.
  const member = await freshPage(browser);
  await signInAs(member, 'nueva@bec.local', 'Nora Nueva');
  await expect(member.getByRole('heading', { name: 'Welcome to the BEC Project!' })).toBeVisible();
  await expect(await sidebarLinks(member)).toHaveText(['Home', 'Properties', 'Data']);
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
  await row.getByRole('button', { name: 'Delete Bruno Borrar' }).click();
  let dialog = admin.getByRole('dialog', { name: 'Delete the request of Bruno Borrar?' });
  await expect(dialog).toContainText('borrar@bec.local');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Delete Bruno Borrar' }).click();
  dialog = admin.getByRole('dialog', { name: 'Delete the request of Bruno Borrar?' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(admin.getByText('The access request of Bruno Borrar was deleted.')).toBeVisible();
  await expect(row).toHaveCount(0);

  const waitlist = await api(admin, 'GET', '/api/waitlist');
  expect(waitlist.body.data.items).not.toContainEqual(
    expect.objectContaining({ email: 'borrar@bec.local' }),
  );
  await admin.reload();
  await expect(admin.getByRole('heading', { name: 'Waitlist' })).toBeVisible();
  await expect(admin.getByRole('row', { name: /borrar@bec\.local/ })).toHaveCount(0);
});

test('a viewer has no Users link and cannot reach /users or /waitlist', async ({ page }) => {
  await signIn(page, 'viewer@bec.local');
  await expect(await sidebarLinks(page)).toHaveText(['Home', 'Properties', 'Data']);
  for (const path of ['/users', '/waitlist']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { name: 'Welcome to the BEC Project!' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Users List' })).toHaveCount(0);
  }
});

test('signed out, /users and /waitlist go to /home', async ({ page }) => {
  for (const path of ['/users', '/waitlist']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  }
});
