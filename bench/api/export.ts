import { csvRowCounter } from '../../apps/web/src/lib/csv-rows.js';
import type { Target } from './scenarios.js';

/** One CSV export as a user starts it: a single download, timed, its rows counted. */
export type ExportResult = {
  label: string;
  /** Data rows in the file (the header line not counted). */
  rows: number;
  /** Rows the database holds for the same filter: the file must have exactly these. */
  expected: number;
  bytes: number;
  seconds: number;
  /** Until the first byte arrived: how long the user waits before the download starts. */
  firstByteMs: number;
  /** Why the export is not valid (status, BOM, row count), or null. */
  error: string | null;
};

const BOM = [0xef, 0xbb, 0xbf];

/**
 * Downloads GET /api/properties/export.csv{search} and counts its rows as the web app's export
 * button does (a newline inside a quoted cell is not a row).
 */
export async function measureExport(
  target: Target,
  label: string,
  search: string,
  expected: number,
): Promise<ExportResult> {
  const started = performance.now();
  const response = await fetch(`${target.base}/api/properties/export.csv${search}`, {
    headers: { authorization: `Bearer ${target.token}` },
  });
  let firstByteMs = Number.NaN;
  let bytes = 0;
  const counter = csvRowCounter();
  let head: number[] = [];
  const reader = response.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    if (bytes === 0) firstByteMs = performance.now() - started;
    if (head.length < 3) head = [...head, ...value.subarray(0, 3 - head.length)];
    counter.add(value);
    bytes += value.length;
  }
  const seconds = (performance.now() - started) / 1000;
  const rows = counter.rows;
  const error =
    response.status !== 200
      ? `answered ${response.status}`
      : head.some((b, i) => b !== BOM[i])
        ? 'no UTF-8 BOM at the start'
        : rows !== expected
          ? `${rows} rows, expected ${expected}`
          : null;
  if (error) console.error(`!!! CSV export, ${label}: ${error}`);
  return { label, rows, expected, bytes, seconds, firstByteMs, error };
}
