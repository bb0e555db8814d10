import { missingBrowserReason } from '@bec/testkit/browser';
import type { Browser } from '@playwright/test';
import { test } from './fixtures';
import { savedSearchJourney } from './saved-search-journey';

test.skip(missingBrowserReason !== undefined, missingBrowserReason);

/** A page in a browser context of its own: one account per context. */
async function freshPage(browser: Browser) {
  return (await browser.newContext()).newPage();
}

test('an editor saves a shared search; an admin adds a matching property; the editor hears of it and opens it', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await savedSearchJourney(page, () => freshPage(browser));
});
