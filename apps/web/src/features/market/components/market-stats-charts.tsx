import '@mantine/charts/styles.css';
import type { MarketStats, StatsGroup, StatsRow } from '@bec/contracts';
import { BarChart } from '@mantine/charts';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useT } from '@/i18n/use-t';
import { formatDecimal, formatInteger, formatUfPerArea } from '@/lib/format';
import classes from './market-stats-charts.module.css';

/** Grouped by comuna, the chart shows the comunas with the most properties, at most this many. */
export const TOP_COMUNAS = 20;

/**
 * A bar per row with a median UF/m²; by comuna, the TOP_COMUNAS with the most properties (then
 * `truncated` says some were left out).
 */
export function chartRows(
  group: StatsGroup,
  rows: StatsRow[],
): { bars: StatsRow[]; truncated: boolean } {
  const priced = rows.filter((row) => row.uf_per_sqm !== null);
  if (group !== 'comuna' || priced.length <= TOP_COMUNAS) return { bars: priced, truncated: false };
  const bars = [...priced].sort((a, b) => b.count - a.count).slice(0, TOP_COMUNAS);
  return { bars, truncated: true };
}

/** A bin's band, "60–70" (whole UF when the bins are wide enough, else with decimals). */
function binLabel(from: number, to: number): string {
  const format = to - from >= 2 ? (n: number) => formatInteger(Math.round(n)) : formatDecimal;
  return `${format(from)}–${format(to)}`;
}

export type MarketStatsChartsProps = {
  stats: MarketStats;
  /** The statistics table's caption: the charts' text equivalent. */
  captionId: string;
  /** Opens the grid filtered to a row (a bar's click). */
  onSelect: (row: StatsRow) => void;
};

/**
 * The median UF/m² per group as bars (each opens the grid filtered to it) and the spread of
 * UF/m² as a histogram; only /data loads them. Each chart is a figure that names the table above
 * as its text equivalent.
 */
export function MarketStatsCharts({ stats, captionId, onSelect }: MarketStatsChartsProps) {
  const t = useT();
  const { bars, truncated } = chartRows(stats.group, stats.rows);
  const barData = bars.map((row) => ({ name: row.name, median: row.uf_per_sqm?.median ?? 0 }));
  const histogram = stats.histogram.map((bin) => ({
    band: binLabel(bin.from, bin.to),
    count: bin.count,
  }));
  const barsTitle = truncated
    ? t('market.stats.chart.perAreaTop', { count: bars.length })
    : t('market.stats.chart.perArea', { group: stats.group });

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      {barData.length > 0 && (
        <figure
          className={classes.figure}
          aria-label={t('market.stats.chart.perAreaLabel', { title: barsTitle })}
          aria-describedby={captionId}
        >
          <Stack gap="xs">
            <Text component="figcaption" fw={600}>
              {barsTitle}
            </Text>
            <BarChart
              h={Math.max(160, 28 * barData.length + 40)}
              data={barData}
              dataKey="name"
              orientation="vertical"
              series={[{ name: 'median', label: t('market.stats.chart.median'), color: 'blue.6' }]}
              valueFormatter={formatUfPerArea}
              yAxisProps={{ width: 130 }}
              gridAxis="x"
              classNames={{ bar: classes.clickable }}
              barProps={{
                onClick: (_data, index) => {
                  const row = bars[index];
                  if (row) onSelect(row);
                },
              }}
            />
          </Stack>
        </figure>
      )}
      {histogram.length > 0 && (
        <figure
          className={classes.figure}
          aria-label={t('market.stats.chart.histogramLabel')}
          aria-describedby={captionId}
        >
          <Stack gap="xs">
            <Text component="figcaption" fw={600}>
              {t('market.stats.chart.histogram')}
            </Text>
            <BarChart
              h={260}
              data={histogram}
              dataKey="band"
              series={[
                { name: 'count', label: t('market.stats.chart.properties'), color: 'teal.6' },
              ]}
              valueFormatter={formatInteger}
              barChartProps={{ barCategoryGap: 1 }}
              xAxisLabel={t('market.stats.column.perArea')}
              gridAxis="y"
            />
          </Stack>
        </figure>
      )}
    </SimpleGrid>
  );
}
