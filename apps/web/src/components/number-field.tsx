import { TextInput, type TextInputProps } from '@mantine/core';
import { type ChangeEvent, type FocusEvent, useState } from 'react';
import { t } from '@/i18n/i18n';
import { useT } from '@/i18n/use-t';
import { type NumberReading, type ReadNumberOptions, readNumber } from '@/lib/number-text';
import './messages';

/** Why a box's text is no number to save, in the current language; undefined when it is one. */
function numberProblem(reading: NumberReading): string | undefined {
  if (reading.kind === 'ambiguous') return t('numberField.ambiguous');
  if (reading.kind === 'not_a_number') return t('numberField.notANumber');
  return undefined;
}

/** Reads a box's text (lib/number-text.ts) and says why it cannot be saved, if it cannot. */
export const numberTextProblem = (text: string, options?: ReadNumberOptions) =>
  numberProblem(readNumber(text, options));

export type NumberFieldProps = Omit<TextInputProps, 'value' | 'onChange' | 'description'> & {
  /** The text as typed: what the form holds. */
  value?: string;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  /** The number read, as the screens show it: "85,5 m²", "CLP$ 185.000.000". */
  format: (value: number) => string;
  /** False for coordinates: either mark is their decimal one (lib/number-text.ts). */
  grouping?: boolean;
  /** Shown under the box while it holds no number to preview. */
  hint?: string | undefined;
  /** What the number read is for: saved (a form's field) or read (a filter). */
  purpose?: 'save' | 'filter';
};

/**
 * Every number box of the app: a text box that keeps what was typed and reads it the same way in
 * every language (a comma or point before one or two final digits marks decimals), shows under it
 * the number that will be saved, in the language's format ("Se guardará: 85,5 m²"), and, once the
 * person leaves it, why the text cannot be read (an ambiguous "1,234.5,6"). Forms refuse the same
 * texts with `numberTextProblem`, so nothing unreadable is sent.
 */
export function NumberField({
  value = '',
  onChange,
  format,
  grouping = true,
  hint,
  purpose = 'save',
  error,
  onBlur,
  ...props
}: NumberFieldProps) {
  const translate = useT();
  // Set when the person leaves the box, cleared when they type: a number half typed ("85,") is no
  // mistake yet.
  const [left, setLeft] = useState(false);
  const reading = readNumber(value, { grouping });
  const problem = error || (left ? numberProblem(reading) : undefined);
  const preview =
    reading.kind === 'number' && !problem
      ? translate(purpose === 'save' ? 'numberField.willSave' : 'numberField.readAs', {
          value: format(reading.value),
        })
      : hint;

  return (
    <TextInput
      inputMode={grouping ? 'decimal' : 'text'}
      autoComplete="off"
      {...props}
      value={value}
      onChange={(event) => {
        setLeft(false);
        onChange?.(event);
      }}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        setLeft(true);
        onBlur?.(event);
      }}
      description={preview}
      error={problem}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
  );
}
