import { expect, test } from '@playwright/test';
import { missingBrowserReason } from './browser';

test.skip(missingBrowserReason !== undefined, missingBrowserReason);

test('the home page shows BEC and that the API is ready', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('BEC');
  await expect(page.getByRole('heading', { level: 1, name: 'BEC' })).toBeVisible();
  await expect(
    page.getByText('Back-office for real-estate properties in Chile — the app is being built.'),
  ).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('API ready');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a client-side route is answered with the SPA', async ({ page }) => {
  const response = await page.goto('/properties');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-type']).toContain('text/html');
  await expect(page).toHaveURL(/\/properties$/);
  await expect(page.getByRole('heading', { level: 1, name: 'BEC' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('API ready');
});

test('GET /readyz says the server is ready', async ({ request }) => {
  const response = await request.get('/readyz');
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: 'success', data: { status: 'ok' } });
});
