import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, it } from 'vitest';
import { appShellScrollbarClass } from './app-shell-scrollbar-class.ts';

const require = createRequire(import.meta.url);
const core = path.dirname(require.resolve('@mantine/core/styles.css'));
const transform = (code: string, id: string) => {
  const hook = appShellScrollbarClass().transform as (code: string, id: string) => unknown;
  return hook(code, id) as { code: string } | null;
};

it("gives every AppShell part RemoveScroll's class name without importing RemoveScroll", async () => {
  for (const part of ['AppShellHeader', 'AppShellFooter', 'AppShellAside']) {
    const file = path.join(core, 'esm/components/AppShell', part, `${part}.mjs`);
    const result = transform(readFileSync(file, 'utf8'), file);
    // A Mantine upgrade that changes the import would put the library back in the first load.
    expect(result, part).not.toBeNull();
    expect(result?.code).not.toContain('react-remove-scroll"');
    expect(result?.code).not.toContain('RemoveScroll.');
  }
  // The constant is the very class name RemoveScroll itself uses.
  const { RemoveScroll } = await import('react-remove-scroll');
  const { zeroRightClassName } = await import('react-remove-scroll-bar/constants');
  expect(zeroRightClassName).toBe(RemoveScroll.classNames.zeroRight);
});

it('leaves every other module alone', () => {
  expect(
    transform('import { RemoveScroll } from "react-remove-scroll";', '/x/Modal.mjs'),
  ).toBeNull();
});
