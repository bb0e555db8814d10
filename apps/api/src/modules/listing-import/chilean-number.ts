import { userTextPattern } from '../../lib/user-text-pattern.js';

/**
 * A number as a Chilean listing writes it: "5.450" is 5450, "85,5" is 85.5, "189.000.000" is
 * 189000000, "1.250,5" is 1250.5. The marks are read from their place, as the web's number boxes
 * read them (docs/decisions/026-numbers-names-and-the-uf-for-everyone.md): a mark before exactly
 * three digits groups thousands when every group has three; a mark before one or two final digits
 * is the decimal one. Anything else ("1.23.4", "12.34.567") is null: a listing's number that can be
 * read two ways is left out, never guessed.
 */
export function readChileanNumber(text: string): number | null {
  const t = text.replace(/[\s\u00a0\u202f]/g, '');
  if (!/^\d[\d.,]*$/.test(t) || /[.,]$/.test(t)) return null;
  const marks = t.replace(/\d/g, '');
  if (marks === '') return Number(t);
  const last = Math.max(t.lastIndexOf('.'), t.lastIndexOf(','));
  const lastMark = t.charAt(last);
  const tail = t.slice(last + 1);
  const head = t.slice(0, last);
  const grouped = (s: string, mark: string) =>
    userTextPattern(`^\\d{1,3}(\\${mark}\\d{3})*$`).test(s) && !/^0\d/.test(s);
  // One kind of mark throughout: all thousands ("5.450", "189.000.000") or one decimal ("85,5").
  if (!marks.includes(lastMark === '.' ? ',' : '.')) {
    if (grouped(t, lastMark) && tail.length === 3) return Number(t.split(lastMark).join(''));
    if (marks.length === 1 && tail.length <= 2) return Number(`${head}.${tail}`);
    return null;
  }
  // Both marks: the last one is the decimal mark, the other groups thousands ("1.250,5").
  const group = lastMark === '.' ? ',' : '.';
  if (tail.length > 2 || !grouped(head, group)) return null;
  return Number(`${head.split(group).join('')}.${tail}`);
}
