import type { StatsRow } from '@bec/contracts';
import { describe, expect, it } from 'vitest';
import { chartRows, TOP_COMUNAS } from './market-stats-charts';

const row = (id: number, count: number, median: number | null): StatsRow => ({
  id,
  name: `Comuna ${id}`,
  count,
  visited: 0,
  price_uf: null,
  price_clp: null,
  uf_per_sqm: median === null ? null : { p25: median, median, p75: median },
  newest_at: null,
  newest_id: null,
});

describe('chartRows', () => {
  it('grouped by comuna, keeps the 20 comunas with the most properties that have a UF/m²', () => {
    // 30 comunas, counts 1..30 in shuffled order; the largest one has no UF/m².
    const rows = Array.from({ length: 30 }, (_, i) => row(i + 1, ((i * 7) % 30) + 1, 50 + i));
    const largest = rows.find((r) => r.count === 30);
    if (largest) largest.uf_per_sqm = null;
    const { bars, truncated } = chartRows('comuna', rows);
    expect(truncated).toBe(true);
    expect(bars).toHaveLength(TOP_COMUNAS);
    expect(bars.map((r) => r.count)).toEqual(Array.from({ length: 20 }, (_, i) => 29 - i));
  });

  it('keeps every row with a UF/m² when grouped otherwise, or with few comunas', () => {
    const rows = [row(1, 5, 80), row(2, 9, null), row(3, 2, 120)];
    expect(chartRows('region', rows)).toEqual({ bars: [rows[0], rows[2]], truncated: false });
    expect(chartRows('comuna', rows)).toEqual({ bars: [rows[0], rows[2]], truncated: false });
  });
});
