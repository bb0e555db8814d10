import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { NumberField, type NumberFieldProps } from '@/components/number-field';
import { activateLocale } from '@/i18n/i18n';
import { formatArea, formatCoordinate, formatPrice } from '@/lib/format';
import { renderWithProviders } from '@/testing/render';

/** A box holding its own text, as a form would. */
function Box(props: Omit<NumberFieldProps, 'value' | 'onChange'>) {
  const [text, setText] = useState('');
  return <NumberField {...props} value={text} onChange={(event) => setText(event.target.value)} />;
}

const area = () => screen.getByRole('textbox', { name: 'Area' });

describe('NumberField', () => {
  it('shows under the box the number that will be saved, in English', async () => {
    renderWithProviders(<Box label="Area" format={formatArea} />);
    await userEvent.type(area(), '85,5');
    expect(area()).toHaveValue('85,5');
    expect(area()).toHaveAccessibleDescription('Will be saved: 85.5 m²');
    await userEvent.clear(area());
    await userEvent.type(area(), '5.450');
    expect(area()).toHaveAccessibleDescription('Will be saved: 5,450 m²');
    expect(area()).toHaveAttribute('inputmode', 'decimal');
  });

  it('shows it in Spanish when Spanish is the language', async () => {
    await act(() => activateLocale('es-CL'));
    renderWithProviders(<Box label="Area" format={formatArea} />);
    await userEvent.type(area(), '1,234.5');
    expect(area()).toHaveAccessibleDescription('Se guardará: 1.234,5 m²');
  });

  it('says why an ambiguous number cannot be saved once the box is left, not while typing', async () => {
    renderWithProviders(<Box label="Area" format={formatArea} />);
    await userEvent.type(area(), '1,234.5,6');
    expect(area()).not.toHaveAttribute('aria-invalid', 'true');
    expect(area()).not.toHaveAccessibleDescription(/Will be saved/);
    await userEvent.tab();
    expect(area()).toHaveAttribute('aria-invalid', 'true');
    expect(area()).toHaveAccessibleDescription(/^This number can be read more than one way/);
    // Typing again clears it until the box is left again; a readable number previews.
    await userEvent.type(area(), '{Backspace}{Backspace}');
    expect(area()).not.toHaveAttribute('aria-invalid', 'true');
    expect(area()).toHaveAccessibleDescription('Will be saved: 1,234.5 m²');
  });

  it('says a half-typed number is none once left, and shows a hint while there is nothing to preview', async () => {
    renderWithProviders(<Box label="Area" format={formatArea} hint="In square metres" />);
    expect(area()).toHaveAccessibleDescription('In square metres');
    await userEvent.type(area(), '85,');
    await userEvent.tab();
    expect(area()).toHaveAccessibleDescription(/^Write a number only, e.g. 85\.5/);
  });

  it('reads a coordinate’s one mark as its decimal one, with a minus on the keyboard', async () => {
    renderWithProviders(<Box label="Area" format={formatCoordinate} grouping={false} />);
    await userEvent.type(area(), '-33.448');
    expect(area()).toHaveAccessibleDescription('Will be saved: -33.448');
    expect(area()).toHaveAttribute('inputmode', 'text');
  });

  it('words a filter’s number as read, not saved', async () => {
    renderWithProviders(<Box label="Area" format={formatPrice} purpose="filter" />);
    await userEvent.type(area(), '100.000.000');
    expect(area()).toHaveAccessibleDescription('Read as: CLP$ 100,000,000');
  });
});
