import { progress } from '../common/progress.js';
import { num, type Target as Verdict } from './figures.js';
import type { ListCase } from './list-scenarios.js';
import { measureAlternating } from './load.js';
import type { Target } from './scenarios.js';

/**
 * Target (u), ADR 057: each search page's API req/s against the first page's, at the top
 * size. The lists' own figures are 2 s slices minutes apart, and this machine's speed drifts
 * more than the ratio's margin between them, so the pages are measured again here, API against
 * API in alternating slices (measureAlternating), every page in the same minutes.
 */
export type SearchShare = {
  firstRps: number;
  pages: { label: string; rps: number; share: number; rounds: number[] }[];
};

/** The search pages of the target: the common, rare and half-typed words, first and half-way. */
const SEARCH_BASES = ['search', 'search-rare', 'search-prefix'];
const SHARE = 0.5;
/** Each page's load in all, in PAIRED_ROUNDS slices, after a warm-up of its own. */
const TIMING = { warmup: 1, seconds: 5 };

export async function measureSearchShare(target: Target, cases: ListCase[]): Promise<SearchShare> {
  const first = cases.find((c) => c.id === 'first-page');
  const searches = cases.filter((c) => SEARCH_BASES.includes(c.base));
  if (!first || searches.length === 0) throw new Error('bench: no first page or search page');
  const pages = [first, ...searches];
  progress(`(u): the first page and ${searches.length} search pages in alternating slices`);
  const { results, roundRates } = await measureAlternating(
    pages.map((c) => ({ ...target, path: `/api/properties${c.search ? `?${c.search}` : ''}` })),
    TIMING,
  );
  const broken = results.find((r) => r.non2xx || r.errors);
  if (broken)
    throw new Error(`bench: (u) had ${broken.non2xx} non-2xx and ${broken.errors} errors`);
  const firstRps = results[0]?.requestsPerSecond ?? Number.NaN;
  const firstRounds = roundRates[0] ?? [];
  return {
    firstRps,
    pages: searches.map((c, i) => {
      const rps = results[i + 1]?.requestsPerSecond ?? Number.NaN;
      const rounds = (roundRates[i + 1] ?? []).map((r, k) => r / (firstRounds[k] ?? Number.NaN));
      progress(`  ${c.label}: ${num(rps)} req/s, ${num(rps / firstRps, 2)}× the first page's`);
      return { label: c.label, rps, share: rps / firstRps, rounds };
    }),
  };
}

export function judgeSearchShare(share: SearchShare | undefined, top: string): Verdict {
  const name = `(u) each search page's API req/s at ${top} ≥ ${SHARE} × the first page's (alternating slices)`;
  if (!share) return { name, pass: false, detail: 'not measured' };
  const under = share.pages.filter((p) => !(p.share >= SHARE));
  return {
    name,
    pass: under.length === 0,
    detail:
      `first page ${num(share.firstRps)} req/s; ` +
      share.pages
        .map(
          (p) =>
            `${p.label} ${num(p.share, 2)}× (rounds ${p.rounds.map((r) => num(r, 2)).join(' ')})`,
        )
        .join('; ') +
      (under.length ? `; under: ${under.map((p) => p.label).join(', ')}` : ''),
  };
}
