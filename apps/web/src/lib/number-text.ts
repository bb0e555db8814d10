import { currentLocale } from '@/i18n/i18n';

/**
 * Reads a number as a person types it, the same way in every language the app speaks: a Chilean
 * with an English browser writes "85,5" and means 85.5, an English speaker writes "1,234.5". The
 * decimal mark is told from its place, never from the interface's language:
 *
 * - a comma or point followed by one or two digits at the end marks the decimals ("85,5", "85.5",
 *   "5,45"); so does one followed by four or more ("-33.4489"), which cannot group thousands;
 * - one followed by exactly three digits groups thousands ("5.450" is 5450, "1,234" is 1234), when
 *   every group before it has three digits too; "0.450" and ",450" have nothing to group: decimals;
 * - with both marks, the last one marks the decimals and the other must group thousands
 *   ("1.234,5", "1,234.5", "1.234.567,89");
 * - anything else with marks cannot be read one way only ("1,234.5,6", "1.234.5", "12.34.567") and
 *   is refused, never guessed.
 *
 * Coordinates (`grouping: false`) group nothing: their one mark, either, marks the decimals.
 * Spaces are ignored ("2 500"); a leading minus (or U+2212) makes it negative.
 */
export type NumberReading =
  | { kind: 'empty' }
  | { kind: 'number'; value: number }
  /** Marks that do not form one reading: the person must say which they meant. */
  | { kind: 'ambiguous' }
  /** Not a number at all ("abc", "1e5", "85,"). */
  | { kind: 'not_a_number' };

export type ReadNumberOptions = {
  /** Whether a mark may group thousands (true); false for coordinates. */
  grouping?: boolean;
};

const EMPTY: NumberReading = { kind: 'empty' };
const AMBIGUOUS: NumberReading = { kind: 'ambiguous' };
const NOT_A_NUMBER: NumberReading = { kind: 'not_a_number' };

const SPACES = /[\s\u00a0\u202f]/g;
const SHAPE = /^([-+\u2212]?)([\d.,]*\d[\d.,]*)$/;
const DIGITS = /^\d*$/;
const GROUPED = { '.': /^[1-9]\d{0,2}(\.\d{3})+$/, ',': /^[1-9]\d{0,2}(,\d{3})+$/ } as const;

type Mark = keyof typeof GROUPED;

/** The digits of `body` as JavaScript reads a number ("1234.5"), or null when ambiguous. */
function canonical(body: string, grouping: boolean): string | null {
  const at = Math.max(body.lastIndexOf('.'), body.lastIndexOf(','));
  if (at === -1) return body;
  const mark = body[at] as Mark;
  const other: Mark = mark === '.' ? ',' : '.';
  const head = body.slice(0, at);
  const tail = body.slice(at + 1);
  if (!grouping) return DIGITS.test(head) ? `${head || '0'}.${tail}` : null;
  // Three digits after the only kind of mark, with something to group before them: thousands.
  if (tail.length === 3 && !head.includes(other) && head !== '' && head !== '0') {
    return GROUPED[mark].test(body) ? body.replaceAll(mark, '') : null;
  }
  // Otherwise the mark is the decimal one; what is before it is digits, or grouped by the other.
  if (DIGITS.test(head)) return `${head || '0'}.${tail}`;
  if (GROUPED[other].test(head)) return `${head.replaceAll(other, '')}.${tail}`;
  return null;
}

export function readNumber(
  text: string,
  { grouping = true }: ReadNumberOptions = {},
): NumberReading {
  const compact = text.replace(SPACES, '');
  if (compact === '') return EMPTY;
  const shape = SHAPE.exec(compact);
  const body = shape?.[2];
  // A mark at the end ("85,") is a number not finished.
  if (!shape || body === undefined || /[.,]$/.test(body)) return NOT_A_NUMBER;
  const digits = canonical(body, grouping);
  if (digits === null) return AMBIGUOUS;
  const value = Number(digits) * (shape[1] === '' || shape[1] === '+' ? 1 : -1);
  // `|| 0`: "-0" is zero.
  return Number.isFinite(value) ? { kind: 'number', value: value || 0 } : NOT_A_NUMBER;
}

/** The reading as a payload's number: empty → null, unreadable → NaN (a contract refuses it). */
export function numberOrNull(reading: NumberReading): number | null {
  if (reading.kind === 'empty') return null;
  return reading.kind === 'number' ? reading.value : Number.NaN;
}

/**
 * A stored number as a box shows it for editing, in the language's marks ("1.234,5" / "1,234.5"),
 * which `readNumber` reads back as the same number (stored areas and prices have at most two
 * decimals). Coordinates keep the point maps write them with ("-33.4489"). Null → empty.
 */
export function numberText(value: number | null, { grouping = true }: ReadNumberOptions = {}) {
  if (value === null) return '';
  if (!grouping) return String(value);
  return new Intl.NumberFormat(currentLocale(), {
    maximumFractionDigits: 2,
    useGrouping: 'always',
  }).format(value);
}
