/**
 * A seeded PRNG (mulberry32) and the few distributions the seed data needs. Seeded, so two runs
 * load the same rows and their figures can be compared.
 */
export type Random = {
  /** Uniform in [0, 1). */
  next: () => number;
  /** Uniform integer in [min, max]. */
  int: (min: number, max: number) => number;
  /** True with probability p. */
  chance: (p: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
  /** Log-normal around `median`; sigma is the spread of the underlying normal. */
  logNormal: (median: number, sigma: number) => number;
  normal: () => number;
};

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  // Box-Muller; 1 - next() keeps the logarithm away from 0.
  const normal = () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: <T>(items: readonly T[]) => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    logNormal: (median, sigma) => median * Math.exp(sigma * normal()),
    normal,
  };
}

/** Draws items by weight in O(log n): cumulative weights and a binary search. */
export function weightedPicker<T>(items: readonly { item: T; weight: number }[]) {
  const cumulative: number[] = [];
  let total = 0;
  for (const { weight } of items) {
    total += weight;
    cumulative.push(total);
  }
  if (!items.length || total <= 0) throw new Error('weightedPicker needs positive weights');
  return (random: Random): T => {
    const target = random.next() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((cumulative[mid] ?? 0) > target) high = mid;
      else low = mid + 1;
    }
    const chosen = items[low];
    if (!chosen) throw new Error('weightedPicker: index out of range');
    return chosen.item;
  };
}

export const clamp = (value: number, min: number, max: number) =>
  Math.min(max, Math.max(min, value));
