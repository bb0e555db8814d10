// What the API bench measures and how it prints figures: shared by the phases that measure and
// the report that judges and prints them, so neither imports the other.
import type { PlanVerdict } from './explain.js';
import type { LoadResult } from './load.js';

export type ScenarioResult = {
  /** Stable key the targets look results up by. */
  id: string;
  label: string;
  rows: number;
  api: LoadResult | null;
  raw: LoadResult | null;
  /** API/raw of each round of a paired measurement (see measurePaired), in order. */
  roundRatios?: number[];
  /** Why a figure is missing (an error), shown under the table. */
  error?: string;
};

/** One list page (a first page or a deep one) as measured at one table size. */
export type ListFigures = {
  id: string;
  label: string;
  /** The scenario a deep page belongs to (its own id for a first page). */
  base: string;
  matches: number;
  /** Rows before the page (half the matches for a deep page). */
  depth: number;
  api: LoadResult | null;
  /** The raw-driver limit (measured at the top size only). */
  raw: LoadResult | null;
  /** The plan's verdict (explained at the top size only). */
  plan: PlanVerdict | null;
  error?: string;
};
export type ListPhase = { rows: number; cases: ListFigures[] };

export const num = (n: number | undefined, digits = 0) =>
  n === undefined || Number.isNaN(n)
    ? '–'
    : n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
export const scale = (rows: number) =>
  rows >= 1_000_000 && rows % 1_000_000 === 0
    ? `${rows / 1_000_000}M`
    : rows >= 1000
      ? `${num(rows / 1000)}k`
      : num(rows);
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] ?? Number.NaN)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/** A target of the bench, judged from the figures. */
export type Target = { name: string; pass: boolean; detail: string };

/** The nearest-rank percentile of some timings (NaN for none). */
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
