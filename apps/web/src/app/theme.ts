import { type CSSVariablesResolver, createTheme, darken, type MantineTheme } from '@mantine/core';
import { t } from '@/i18n/i18n';

/**
 * Mantine's defaults, where they fall short of WCAG AA (4.5:1 for normal text) or of a phone:
 * - the primary shade 6 (#228be6) under white button labels and as link text is 3.5:1; shade 8
 *   (#1971c2) is 5:1;
 * - `dimmed` text (gray 6, #868e96) is 3.3:1 on white; gray 7 is 8:1;
 * - the light variant (stage badges, light buttons) writes shade 9 on shade 1: teal 4.3:1,
 *   orange 3.6:1, lime and yellow less; 20% darker, every colour but yellow passes 4.5:1 (teal
 *   6.0, orange 5.2);
 * - every select keeps all its options in the page while closed (Mantine 9's default): the comuna
 *   filter alone is 346 hidden options, a third of the grid's DOM and of its render time. They
 *   mount when the dropdown opens;
 * - the close buttons of dialogs and toasts have no name: a screen reader says only "button".
 *   Every one gets one here, in the language shown when it renders (a function, read at each
 *   render); a dialog that passes its own `closeButtonProps` names its button itself.
 */
export const theme = createTheme({
  primaryShade: { light: 8, dark: 8 },
  components: {
    // By name, not `Combobox.extend` (or `Modal.extend`…): that would pull the component into the
    // first load.
    Combobox: { defaultProps: { keepMounted: false } },
    Modal: {
      defaultProps: () => ({ closeButtonProps: { 'aria-label': t('common.closeDialog') } }),
    },
    Notification: {
      defaultProps: () => ({ closeButtonProps: { 'aria-label': t('common.closeNotification') } }),
    },
  },
});

/** Each colour's light-variant text, 20% darker than its shade 9. */
const lightVariantText = (theme: MantineTheme) =>
  Object.fromEntries(
    Object.entries(theme.colors).map(([name, shades]) => [
      `--mantine-color-${name}-light-color`,
      darken(shades[9], 0.2),
    ]),
  );

export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', ...lightVariantText(resolved) },
  dark: {},
});
