import { expect, type Page, test } from '@playwright/test';
import { missingBrowserReason } from './browser';

test.skip(missingBrowserReason !== undefined, missingBrowserReason);

const accessDenied = (page: Page) => page.getByRole('heading', { name: 'Access Denied' });

test('a signed-out visitor lands on /home: the shell and the Access Denied card', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveTitle('BEC');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('link', { name: 'BEC', exact: true })).toHaveAttribute(
    'href',
    '/home',
  );
  await expect(accessDenied(page)).toBeVisible();
  await expect(page.getByText('Sign in with your Google account.')).toBeVisible();
  await expect(
    page.getByText('Request access to the project from the administrator.'),
  ).toBeVisible();
  // The sign-in service answered (GET /api/config, then its discovery): the button is there.
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('the sidebar starts collapsed and offers a signed-out visitor Home only', async ({ page }) => {
  await page.goto('/home');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  const toggle = page.getByRole('button', { name: 'Toggle navigation' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link')).toHaveText(['Home']);
  await nav.getByRole('button', { name: 'Close navigation' }).click();
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
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(accessDenied(page)).toBeVisible();
});

test('GET /readyz says the server is ready', async ({ request }) => {
  const response = await request.get('/readyz');
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: 'success', data: { status: 'ok' } });
});
