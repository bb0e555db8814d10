import { missingBrowserReason } from '@bec/testkit/browser';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

test.skip(missingBrowserReason !== undefined, missingBrowserReason);

const accessDenied = (page: Page) => page.getByRole('heading', { name: 'Acceso denegado' });

test('a signed-out visitor lands on /home: the shell and the access-denied card, in Spanish', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page).toHaveTitle('Inicio · BEC');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-CL');
  await expect(page.getByRole('link', { name: 'BEC', exact: true })).toHaveAttribute(
    'href',
    '/home',
  );
  await expect(accessDenied(page)).toBeVisible();
  await expect(page.getByText('Inicia sesión con tu cuenta de Google.')).toBeVisible();
  await expect(page.getByText('Pide acceso al proyecto al administrador.')).toBeVisible();
  // The sign-in service answered (its settings are in the page, then its discovery): the button
  // is there.
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeEnabled();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('the sidebar starts collapsed and offers a signed-out visitor Home only', async ({ page }) => {
  await page.goto('/home');
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  const toggle = page.getByRole('button', { name: 'Abrir o cerrar el menú' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  await expect(nav.getByRole('link')).toHaveText(['Inicio']);
  await nav.getByRole('button', { name: 'Cerrar el menú' }).click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
});

test('a signed-out visitor of /properties is sent to / and on to /home', async ({ page }) => {
  const response = await page.goto('/properties');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-type']).toContain('text/html');
  await expect(page).toHaveURL(/\/home$/);
  await expect(accessDenied(page)).toBeVisible();
});

test('an unknown address shows a not-found page linking home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  await page.getByRole('link', { name: 'Ir al inicio' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(accessDenied(page)).toBeVisible();
});

test('a signed-out visitor switches to English with the header button; the choice is remembered', async ({
  page,
}) => {
  await page.goto('/home');
  await expect(accessDenied(page)).toBeVisible();
  // The button offers the other language, named in that language.
  await page.getByRole('button', { name: 'Cambiar el idioma a English' }).click();
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle('Home · BEC');
  expect(await page.evaluate(() => localStorage.getItem('bec.locale'))).toBe('en');

  // Chosen, it wins over the browser's Spanish, after a reload too; and it can be switched back.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await page.getByRole('button', { name: 'Switch the language to Español (Chile)' }).click();
  await expect(accessDenied(page)).toBeVisible();
  await page.reload();
  await expect(accessDenied(page)).toBeVisible();
});

test('GET /readyz says the server is ready', async ({ request }) => {
  const response = await request.get('/readyz');
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: 'success', data: { status: 'ok' } });
});
