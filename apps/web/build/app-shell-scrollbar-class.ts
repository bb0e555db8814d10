import type { Plugin } from 'vite';

/** Mantine's AppShell header, footer and aside modules. */
const APP_SHELL_PART = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/].*\.mjs$/;
const IMPORT = 'import { RemoveScroll } from "react-remove-scroll";';

/**
 * Mantine's AppShell header, footer and aside import react-remove-scroll (10 kB minified, with
 * its helpers) only to read one class name, `RemoveScroll.classNames.zeroRight`. The shell is on
 * every first screen, so that import put the whole library in the first load, though only
 * dialogs (loaded later) use it. This plugin gives those modules the same constant from
 * react-remove-scroll-bar's constants entry (the library's own source of it) instead.
 */
export function appShellScrollbarClass(): Plugin {
  return {
    name: 'bec:app-shell-scrollbar-class',
    apply: 'build',
    transform(code, id) {
      if (!APP_SHELL_PART.test(id.split('?')[0] ?? '') || !code.includes(IMPORT)) return null;
      return {
        code: code
          .replace(
            IMPORT,
            'import { zeroRightClassName } from "react-remove-scroll-bar/constants";',
          )
          .replaceAll('RemoveScroll.classNames.zeroRight', 'zeroRightClassName'),
        map: null,
      };
    },
  };
}
