import type { StatsFigures } from '@bec/contracts';
import { Text } from '@mantine/core';
import { useT } from '@/i18n/use-t';
import { formatInteger, formatUf, formatUfPerArea } from '@/lib/format';

export type MarketStatsSummaryProps = { all: StatsFigures };

/** Every match together, in one line: how many, how many visited, median price and UF/m². */
export function MarketStatsSummary({ all }: MarketStatsSummaryProps) {
  const t = useT();
  const parts = [
    t('market.stats.summary.count', {
      count: all.count,
      total: formatInteger(all.count),
      visitedCount: all.visited,
      visited: formatInteger(all.visited),
    }),
    all.price_uf &&
      t('market.stats.summary.price', {
        median: formatUf(all.price_uf.median),
        range: t('market.stats.range', {
          p25: formatUf(all.price_uf.p25),
          p75: formatUf(all.price_uf.p75),
        }),
      }),
    all.uf_per_sqm &&
      t('market.stats.summary.perArea', {
        median: formatUfPerArea(all.uf_per_sqm.median),
        range: t('market.stats.range', {
          p25: formatUfPerArea(all.uf_per_sqm.p25),
          p75: formatUfPerArea(all.uf_per_sqm.p75),
        }),
      }),
  ].filter(Boolean);
  return <Text>{parts.join(' · ')}</Text>;
}
