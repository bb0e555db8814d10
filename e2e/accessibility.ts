import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe's rules that fail anything a screen reader cannot name: controls (buttons, links, inputs,
 * selects, toggles, menus), dialogs, images and the page itself. An unknown rule id makes axe
 * throw, so a rule renamed by an upgrade fails loudly rather than checking less.
 */
const NAMING_RULES = [
  'area-alt',
  'aria-command-name',
  'aria-dialog-name',
  'aria-input-field-name',
  'aria-meter-name',
  'aria-progressbar-name',
  'aria-toggle-field-name',
  'aria-tooltip-name',
  'aria-treeitem-name',
  'button-name',
  'document-title',
  'frame-title',
  'image-alt',
  'input-button-name',
  'input-image-alt',
  'label',
  'link-name',
  'object-alt',
  'role-img-alt',
  'select-name',
  'summary-name',
  'svg-img-alt',
] as const;

/**
 * Fails when anything on the page as it is now has no accessible name: the screen, and whatever
 * is open over it (a dialog, a menu, a toast: they are in the same document). `what` says which
 * screen or dialog, for the failure's message.
 */
export async function expectNamedControls(page: Page, what = page.url()) {
  const { violations } = await new AxeBuilder({ page }).withRules([...NAMING_RULES]).analyze();
  const unnamed = violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id}: ${node.target.join(' ')} ${node.html.slice(0, 200)}`,
    ),
  );
  expect(unnamed, `controls without a name on ${what}`).toEqual([]);
}
