const QUOTE = 0x22;
const NEWLINE = 0x0a;

/**
 * Counts the rows of a CSV as its bytes arrive: its lines but the header, where a newline inside
 * a quoted cell (a note typed on two lines) ends no row. An escaped quote (`""`) toggles twice, so
 * it needs no case of its own, and neither byte occurs inside a UTF-8 multibyte character, so
 * chunks can be split anywhere.
 */
export function csvRowCounter() {
  let lines = 0;
  let quoted = false;
  return {
    add(chunk: Uint8Array) {
      for (const byte of chunk) {
        if (byte === QUOTE) quoted = !quoted;
        else if (byte === NEWLINE && !quoted) lines += 1;
      }
    },
    /** Data rows complete so far. */
    get rows() {
      return Math.max(lines - 1, 0);
    },
  };
}
