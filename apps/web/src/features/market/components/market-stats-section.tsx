import { STATS_GROUPS, type StatsGroup, type StatsRow } from '@bec/contracts';
import { Box, Center, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useEffect, useId } from 'react';
import { useNavigate } from 'react-router';
import { QueryState } from '@/components/screen-states/query-state';
import { useMarketStats } from '@/features/market/api/get-market-stats';
import { type GridHref, gridFilterOf } from '@/features/market/grid-filter';
import { GROUP_LABELS } from '@/features/market/group-labels';
import { useStatsGroupParam } from '@/features/market/use-stats-group-param';
import { useT } from '@/i18n/use-t';
import { formatTime } from '@/lib/format';
import { MarketStatsSummary } from './market-stats-summary';
import { MarketStatsTable } from './market-stats-table';

// The charts (recharts and Mantine's charts, the app's largest libraries) in a chunk of their own,
// loaded when the section mounts, beside its query: /data's own chunk stays small (ADR 052). The
// first load is one fixed chunk (vite.config.ts), so this import no longer moves anything of it
// elsewhere.
const loadCharts = () => import('./market-stats-charts');
const MarketStatsCharts = lazy(() =>
  loadCharts().then(({ MarketStatsCharts }) => ({ default: MarketStatsCharts })),
);

export type MarketStatsSectionProps = {
  /** The grid's filters as its URL writes them (`region_id=13&visited=true`). */
  filterQuery: string;
  /** The grid filtered to a row, beside the current filters (the app builds the link). */
  gridHref: GridHref;
};

/**
 * Statistics of the properties that match the grid's filters, grouped by region, comuna or type
 * (the choice kept in the URL as `group=`): a line for all of them, a sortable table, and charts
 * of the median UF/m² and of its spread. Each row and bar opens the grid filtered to it.
 */
export function MarketStatsSection({ filterQuery, gridHref }: MarketStatsSectionProps) {
  const t = useT();
  const titleId = useId();
  const captionId = useId();
  const navigate = useNavigate();
  const [group, setGroup] = useStatsGroupParam();
  const stats = useMarketStats(filterQuery, group);
  // Their code downloads beside the figures, not after them.
  useEffect(() => {
    void loadCharts();
  }, []);

  let content: ReactNode;
  if (stats.isError || stats.isPending) {
    content = (
      <QueryState
        query={stats}
        inline
        loading={t('market.stats.loading')}
        failed={(message) => t('market.stats.failed', { message })}
      />
    );
  } else if (stats.data.all.count === 0) {
    content = <Text>{t('market.stats.empty')}</Text>;
  } else {
    const data = stats.data;
    const openGrid = (row: StatsRow) => void navigate(gridHref(gridFilterOf(data.group, row.id)));
    // The previous filters' or grouping's figures, shown dimmed while the new ones load, are not
    // to be followed: their rows would open the grid with the new filters and an old row's.
    const stale = stats.isPlaceholderData;
    content = (
      <Stack gap="md" aria-busy={stale} inert={stale} style={{ opacity: stale ? 0.6 : 1 }}>
        {data.updating && (
          <Text size="sm" c="dimmed">
            {t('market.stats.updating', { time: formatTime(Date.parse(data.computed_at)) })}
          </Text>
        )}
        <MarketStatsSummary all={data.all} />
        <MarketStatsTable
          group={data.group}
          rows={data.rows}
          gridHref={gridHref}
          captionId={captionId}
        />
        <Suspense
          fallback={
            <Center py="md">
              <Loader size="sm" />
            </Center>
          }
        >
          <MarketStatsCharts stats={data} captionId={captionId} onSelect={openGrid} />
        </Suspense>
      </Stack>
    );
  }

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <Title order={3} id={titleId}>
            {t('market.stats.title')}
          </Title>
          <SegmentedControl
            aria-label={t('market.stats.groupBy')}
            data={STATS_GROUPS.map((value) => ({ value, label: t(GROUP_LABELS[value]) }))}
            value={group}
            onChange={(value) => setGroup(value as StatsGroup)}
          />
        </Group>
        {content}
      </Stack>
    </Box>
  );
}
