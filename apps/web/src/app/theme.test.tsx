import { STAGE_COLORS } from '@bec/contracts';
import {
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  MantineProvider,
  Modal,
  mergeMantineTheme,
  Notification,
} from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from '@/app/theme';
import { activateLocale } from '@/i18n/i18n';

function DialogAndToast() {
  return (
    <MantineProvider theme={theme} env="test">
      <Modal opened onClose={() => undefined} title="Dialog">
        Body
      </Modal>
      <Notification onClose={() => undefined}>Saved</Notification>
    </MantineProvider>
  );
}

describe('the theme', () => {
  it('names the close button of every dialog and toast (ADR 026)', () => {
    render(<DialogAndToast />);
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close notification' })).toBeInTheDocument();
  });

  it('names them in Spanish when Spanish is the language', async () => {
    await act(() => activateLocale('es-CL'));
    render(<DialogAndToast />);
    expect(screen.getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cerrar aviso' })).toBeInTheDocument();
  });
});

const resolved = mergeMantineTheme(DEFAULT_THEME, theme);

/** WCAG's relative luminance of an `#rrggbb` or `rgb(a)(r, g, b, …)` colour. */
function luminance(colour: string) {
  const channels = colour.startsWith('#')
    ? [1, 3, 5].map((i) => Number.parseInt(colour.slice(i, i + 2), 16))
    : (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
  const [r = 0, g = 0, b = 0] = channels.map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/** `var(--mantine-color-teal-1)` → the theme's teal shade 1. */
const shade = (value: string | undefined) => {
  const [, name = '', index = ''] = value?.match(/^var\(--mantine-color-(\w+)-(\d)\)$/) ?? [];
  return resolved.colors[name]?.[Number(index)] ?? value ?? '';
};

describe('the theme', () => {
  it("writes every stage badge's text at 4.5:1 or more on its tint (WCAG AA)", () => {
    const mantine = defaultCssVariablesResolver(resolved).light;
    const ours = cssVariablesResolver(resolved).light;
    for (const colour of new Set(Object.values(STAGE_COLORS))) {
      const background = shade(mantine[`--mantine-color-${colour}-light`]);
      const text = ours[`--mantine-color-${colour}-light-color`] ?? '';
      expect(contrast(text, background), colour).toBeGreaterThanOrEqual(4.5);
    }
  });
});
