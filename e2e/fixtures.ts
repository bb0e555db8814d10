import { test as base, expect } from '@playwright/test';
import { expectNamedControls } from './accessibility';

/**
 * The journeys' `test`: besides what each journey checks (and the screens and dialogs it checks
 * for names on the way, accessibility.ts), the screen it ends on must name every control.
 */
export const test = base.extend({
  page: async ({ page }, use, testInfo) => {
    await use(page);
    if (testInfo.status === 'passed' && !page.isClosed() && page.url().startsWith('http')) {
      await expectNamedControls(page, `the last screen, ${page.url()}`);
    }
  },
});

export { expect };
