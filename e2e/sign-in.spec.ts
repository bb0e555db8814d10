import { missingBrowserReason } from '@bec/testkit/browser';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { accessToken, sidebarLinks, signIn, WAITLISTED } from './support';

test.skip(missingBrowserReason !== undefined, missingBrowserReason);

/** Moves the stored access token's expiry to `seconds` from now (negative: expired). */
const expireAccessTokenIn = (page: Page, seconds: number) =>
  page.evaluate((s) => {
    for (const key of Object.keys(localStorage)) {
      if (!key.startsWith('oidc.user:')) continue;
      const stored = JSON.parse(localStorage.getItem(key) ?? '{}');
      localStorage.setItem(key, JSON.stringify({ ...stored, expires_at: Date.now() / 1000 + s }));
    }
  }, seconds);

const propertyCards = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('link')
    .filter({ has: page.getByRole('heading', { level: 3 }) });

const MEMBER_LINKS = ['Inicio', 'Propiedades', 'Tablero', 'Corredores', 'Datos'];
const ADMIN_LINKS = [...MEMBER_LINKS, 'Usuarios', 'Auditoría', 'Ajustes'];

for (const [email, role, roleName, links] of [
  ['admin@bec.local', 'admin', 'administrador', ADMIN_LINKS],
  ['editor@bec.local', 'editor', 'editor', MEMBER_LINKS],
  ['viewer@bec.local', 'viewer', 'lector', MEMBER_LINKS],
] as const) {
  test(`${role}: signs in through the development page and sees exactly its links`, async ({
    page,
  }) => {
    await signIn(page, email);
    await expect(page.getByRole('heading', { name: '¡Bienvenido a BEC!' })).toBeVisible();
    await expect(await sidebarLinks(page)).toHaveText([...links]);
    // The user menu names the account and its role (in Spanish).
    await page.getByRole('banner').getByRole('button', { name: /./ }).last().click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText(email)).toBeVisible();
    await expect(menu.getByText(roleName, { exact: true })).toBeVisible();
  });
}

test('a member chooses English in the user menu: the app follows at once and after a reload', async ({
  page,
}) => {
  await signIn(page, 'viewer@bec.local');
  await expect(page.getByRole('heading', { name: '¡Bienvenido a BEC!' })).toBeVisible();
  const userMenu = page.getByRole('banner').getByRole('button', { name: 'Víctor Viewer' });
  await userMenu.click();
  // The chosen language is marked (Mantine gives every item the role menuitem).
  const language = (name: string) => page.getByRole('menu').getByRole('menuitem', { name });
  await expect(language('Español (Chile)')).toHaveAttribute('aria-checked', 'true');
  await language('English').click();
  await expect(page.getByRole('heading', { name: 'Welcome to the BEC Project!' })).toBeVisible();
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link'),
  ).toHaveText(['Home', 'Properties', 'Board', 'Brokers', 'Data']);
  expect(await page.evaluate(() => localStorage.getItem('bec.locale'))).toBe('en');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome to the BEC Project!' })).toBeVisible();
  await userMenu.click();
  await expect(page.getByRole('menu').getByText('viewer', { exact: true })).toBeVisible();
  await expect(language('English')).toHaveAttribute('aria-checked', 'true');
});

test("the development sign-in page speaks Spanish like the app, and English once the app's language is English, sign-out included", async ({
  page,
}) => {
  const html = page.locator('html');
  await page.goto('/home');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  // Spanish by default, every control named in Spanish.
  await expect(page.getByRole('heading', { name: 'Inicia sesión en BEC' })).toBeVisible();
  await expect(html).toHaveAttribute('lang', 'es-CL');
  await expect(page).toHaveTitle('Inicio de sesión de desarrollo · BEC');
  await expect(page.getByText('reemplaza a Google')).toBeVisible();
  await expect(page.getByLabel('Correo electrónico')).toBeVisible();
  await expect(page.getByLabel('Nombre')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Iniciar sesión', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancelar' })).toBeVisible();
  await expect(page.getByRole('button', { name: /administrador: todo/ })).toBeVisible();
  // Its own link to the other language.
  await page
    .getByRole('navigation', { name: 'Idioma' })
    .getByRole('link', { name: 'Cambiar el idioma a English' })
    .click();
  await expect(page.getByRole('heading', { name: 'Sign in to BEC' })).toBeVisible();
  await expect(html).toHaveAttribute('lang', 'en');

  // The app switched to English (the header's button, signed out): its sign-in page follows.
  await page.goto('/home');
  await page.getByRole('button', { name: 'Cambiar el idioma a English' }).click();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to BEC' })).toBeVisible();
  await expect(html).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle('Development sign-in · BEC');
  await expect(page.getByText('stands in for Google')).toBeVisible();
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByLabel('Name')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(
    page
      .getByRole('navigation', { name: 'Language' })
      .getByRole('link', { name: 'Switch the language to Español (Chile)' }),
  ).toBeVisible();
  await page.getByLabel('Email').fill('viewer@bec.local');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);

  // Signing out confirms in English too.
  await page.getByRole('banner').getByRole('button', { name: 'Víctor Viewer' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign out of BEC?' })).toBeVisible();
  await expect(html).toHaveAttribute('lang', 'en');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('a non-member lands on the waitlist, and an admin then sees the request', async ({
  browser,
}) => {
  const guestPage = await (await browser.newContext()).newPage();
  await signIn(guestPage, 'guest@bec.local');
  await expect(guestPage.getByRole('heading', { name: 'Acceso denegado' })).toBeVisible();
  await expect(guestPage.getByText(WAITLISTED)).toBeVisible();
  await expect(await sidebarLinks(guestPage)).toHaveText(['Inicio']);

  const adminPage = await (await browser.newContext()).newPage();
  await signIn(adminPage, 'admin@bec.local');
  const token = await accessToken(adminPage);
  expect(token).toBeTruthy();
  const waitlist = await adminPage.request.get('/api/waitlist', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(waitlist.status()).toBe(200);
  expect((await waitlist.json()).data.items).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ email: 'guest@bec.local', name: 'Gabriel Guest' }),
    ]),
  );
});

test('sign-out returns to the access-denied card, and stays signed out after a reload', async ({
  page,
}) => {
  await signIn(page, 'viewer@bec.local');
  await page.getByRole('banner').getByRole('button', { name: 'Víctor Viewer' }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  // The provider asks to confirm, as it ends its own session too (in the app's language).
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Acceso denegado' })).toBeVisible();
  await expect(page.getByText(WAITLISTED)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(await sidebarLinks(page)).toHaveText(['Inicio']);
  expect(await accessToken(page)).toBeNull();
});

test('signing in again after sign-out shows the account chooser, so another account can be used', async ({
  page,
}) => {
  await signIn(page, 'editor@bec.local');
  await page.getByRole('banner').getByRole('button', { name: 'Elena Editora' }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await signIn(page, 'admin@bec.local');
  await expect(await sidebarLinks(page)).toHaveText(ADMIN_LINKS);
});

test('a network error while renewing the sign-in keeps the session; the page recovers once the provider answers', async ({
  page,
}) => {
  await signIn(page, 'editor@bec.local');
  const tokenBefore = await accessToken(page);
  // The provider's token endpoint drops off the network.
  let refused = 0;
  const isTokenCall = (url: URL) => url.pathname.endsWith('/token');
  await page.route(isTokenCall, (route) => {
    refused += 1;
    return route.abort('internetdisconnected');
  });
  // The access token is about to expire, so the next API call renews it first.
  await expireAccessTokenIn(page, 5);
  await (await sidebarLinks(page)).filter({ hasText: 'Propiedades' }).click();
  await expect.poll(() => refused).toBeGreaterThan(0);
  // Still signed in: the session was kept, not removed.
  await expect(
    page.getByRole('banner').getByRole('button', { name: 'Elena Editora' }),
  ).toBeVisible();
  expect(await accessToken(page)).toBe(tokenBefore);
  // The provider is back: the list's retry renews the token and the grid loads.
  await page.unroute(isTokenCall);
  await expect(page.getByRole('heading', { name: 'Propiedades', level: 2 })).toBeVisible();
  await expect(propertyCards(page)).toHaveCount(24, { timeout: 15_000 });
  expect(await accessToken(page)).not.toBe(tokenBefore);
});

test('opening the app with an expired token while the provider is down keeps the page and the session; Reintentar signs in', async ({
  page,
}) => {
  await signIn(page, 'editor@bec.local');
  await (await sidebarLinks(page)).filter({ hasText: 'Propiedades' }).click();
  await expect(page).toHaveURL(/\/properties$/);
  // Back the next day: the access token expired, and the provider's token endpoint is down.
  await expireAccessTokenIn(page, -60);
  const isTokenCall = (url: URL) => url.pathname.endsWith('/token');
  await page.route(isTokenCall, (route) => route.abort('internetdisconnected'));
  await page.reload();

  // Retried for about 4 s, then said plainly; the page stays where it was.
  await expect(page.getByRole('banner').getByRole('alert')).toHaveText(
    'El servicio de inicio de sesión no responde.',
    { timeout: 15_000 },
  );
  await expect(page.getByText(/Esta página requiere que inicies sesión/)).toBeVisible();
  await expect(page).toHaveURL(/\/properties$/);
  expect(await accessToken(page)).not.toBeNull();

  await page.unroute(isTokenCall);
  await page.getByRole('banner').getByRole('button', { name: 'Reintentar' }).click();
  await expect(
    page.getByRole('banner').getByRole('button', { name: 'Elena Editora' }),
  ).toBeVisible();
  await expect(propertyCards(page)).toHaveCount(24, { timeout: 15_000 });
});
