import { type CSSVariablesResolver, createTheme } from '@mantine/core';

/**
 * Mantine's defaults, where they fall short of WCAG AA (4.5:1 for normal text) or of a phone:
 * - the primary shade 6 (#228be6) under white button labels and as link text is 3.5:1; shade 8
 *   (#1971c2) is 5:1;
 * - `dimmed` text (gray 6, #868e96) is 3.3:1 on white; gray 7 is 8:1;
 * - every select keeps all its options in the page while closed (Mantine 9's default): the comuna
 *   filter alone is 346 hidden options, a third of the grid's DOM and of its render time. They
 *   mount when the dropdown opens.
 */
export const theme = createTheme({
  primaryShade: { light: 8, dark: 8 },
  components: {
    // By name, not `Combobox.extend`: that would pull the combobox into the first load.
    Combobox: { defaultProps: { keepMounted: false } },
  },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
