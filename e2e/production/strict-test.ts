import type { BrowserContext, Page } from '@playwright/test';
import { test as base, expect } from '../fixtures';

/** What a page reports when its CSP blocks something (Chromium's console wording). */
const CSP_MESSAGE = /Content Security Policy|Refused to/;

/**
 * Records every CSP violation and uncaught error of the context's pages: the console's CSP
 * messages, the `securitypolicyviolation` events (reported through a binding) and page errors.
 */
async function watch(context: BrowserContext, problems: string[]) {
  await context.exposeBinding('__reportCspViolation', ({ page }, text: string) => {
    problems.push(`${page.url()}: securitypolicyviolation ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation?: (text: string) => void })
        .__reportCspViolation;
      report?.(`${event.effectiveDirective} blocked ${event.blockedURI}`);
    });
  });
  context.on('console', (message) => {
    if (CSP_MESSAGE.test(message.text())) {
      problems.push(`${message.page()?.url()}: console ${message.type()}: ${message.text()}`);
    }
  });
  context.on('weberror', (error) => {
    problems.push(`${error.page()?.url()}: page error: ${error.error().message}`);
  });
}

/**
 * The production journeys' `test`: any CSP violation or page error, in the test's page or in a
 * page of `newPage` (another person's browser), fails the test once it has run.
 */
export const test = base.extend<{ problems: string[]; newPage: () => Promise<Page> }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies so.
  problems: async ({}, use) => {
    const problems: string[] = [];
    await use(problems);
    expect(problems, 'CSP violations and page errors').toEqual([]);
  },
  context: async ({ context, problems }, use) => {
    await watch(context, problems);
    await use(context);
  },
  newPage: async ({ browser, problems }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async () => {
      const context = await browser.newContext();
      contexts.push(context);
      await watch(context, problems);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },
});

export { expect };
