import { expect, type Page } from '@playwright/test';

export const WAITLISTED =
  'Your access request has been recorded: an administrator has to approve it before you can use BEC.';

/** Signs in through the development provider's page, as a person would, and waits for /home. */
export async function signIn(page: Page, email: string) {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('stands in for Google')).toBeVisible();
  await page.getByRole('button', { name: new RegExp(email.replace('.', '\\.')) }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/** Opens the sidebar if needed and answers its links. */
export async function sidebarLinks(page: Page) {
  const toggle = page.getByRole('button', { name: 'Toggle navigation' });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  return page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link');
}

/** The access token the SPA holds, read the way any script on the page could. */
export const accessToken = (page: Page) =>
  page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith('oidc.user:')) {
        return JSON.parse(localStorage.getItem(key) ?? '{}').access_token as string;
      }
    }
    return null;
  });

/** Calls the API as the signed-in page would (for setup and cross-checks, not for the journey). */
export async function api(
  page: Page,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  data?: unknown,
) {
  const token = await accessToken(page);
  const response = await page.request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(data === undefined ? {} : { data }),
  });
  return { status: response.status(), body: await response.json() };
}
