import type { Quartiles, StatsGroup, StatsRow } from '@bec/contracts';
import { Anchor, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { type GridHref, gridFilterOf } from '@/features/market/grid-filter';
import { GROUP_LABELS } from '@/features/market/group-labels';
import type { MessageId } from '@/i18n/message-id';
import { useT } from '@/i18n/use-t';
import { formatDate, formatInteger, formatPrice, formatUf, formatUfPerArea } from '@/lib/format';

/** The columns a user can sort by, in the table's order. */
type SortKey = 'name' | 'count' | 'visited' | 'price_uf' | 'price_clp' | 'uf_per_sqm' | 'newest';
type Direction = 'ascending' | 'descending';
type Sort = { key: SortKey; direction: Direction };

const COLUMNS: { key: SortKey; label: MessageId | null }[] = [
  { key: 'name', label: null },
  { key: 'count', label: 'market.stats.column.count' },
  { key: 'visited', label: 'market.stats.column.visited' },
  { key: 'price_uf', label: 'market.stats.column.priceUf' },
  { key: 'price_clp', label: 'market.stats.column.priceClp' },
  { key: 'uf_per_sqm', label: 'market.stats.column.perArea' },
  { key: 'newest', label: 'market.stats.column.newest' },
];

/** The value a row sorts by in a column; null (no figure) sorts last either way. */
function sortValue(row: StatsRow, key: SortKey): string | number | null {
  switch (key) {
    case 'name':
      return row.name;
    case 'count':
      return row.count;
    case 'visited':
      return row.visited;
    case 'price_uf':
      return row.price_uf?.median ?? null;
    case 'price_clp':
      return row.price_clp?.median ?? null;
    case 'uf_per_sqm':
      return row.uf_per_sqm?.median ?? null;
    case 'newest':
      return row.newest_at;
  }
}

const collator = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

function compare(a: StatsRow, b: StatsRow, { key, direction }: Sort): number {
  const x = sortValue(a, key);
  const y = sortValue(b, key);
  if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
  const order =
    typeof x === 'string' && typeof y === 'string'
      ? key === 'name'
        ? collator.compare(x, y)
        : x.localeCompare(y)
      : Number(x) - Number(y);
  return direction === 'ascending' ? order : -order;
}

/** Names read A to Z first; figures largest first. */
const firstDirection = (key: SortKey): Direction => (key === 'name' ? 'ascending' : 'descending');

export type MarketStatsTableProps = {
  group: StatsGroup;
  rows: StatsRow[];
  gridHref: GridHref;
  /** The caption's id: the charts name the table as their text equivalent. */
  captionId: string;
};

/** A median with the range between the 25th and 75th percentiles under it; "No data" without. */
function QuartilesCell({ value, format }: { value: Quartiles; format: (n: number) => string }) {
  const t = useT();
  if (value === null)
    return (
      <Text size="sm" c="dimmed">
        {t('market.stats.noFigure')}
      </Text>
    );
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {format(value.median)}
      </Text>
      <Text size="xs" c="dimmed">
        {t('market.stats.range', { p25: format(value.p25), p75: format(value.p75) })}
      </Text>
    </Stack>
  );
}

/**
 * One row per region, comuna or type: count, visited, median price in UF and CLP and median UF/m²
 * (each with its interquartile range), the newest addition. A header sorts by its column (again:
 * the other way); a name opens the grid filtered to that row. The charts' text equivalent.
 */
export function MarketStatsTable({ group, rows, gridHref, captionId }: MarketStatsTableProps) {
  const t = useT();
  const [sort, setSort] = useState<Sort>({ key: 'count', direction: 'descending' });
  const sorted = [...rows].sort((a, b) => compare(a, b, sort));
  const sortBy = (key: SortKey) =>
    setSort((current) =>
      current.key === key
        ? {
            key,
            direction: current.direction === 'ascending' ? 'descending' : 'ascending',
          }
        : { key, direction: firstDirection(key) },
    );

  return (
    <Table.ScrollContainer minWidth={880}>
      <Table striped highlightOnHover verticalSpacing="xs" captionSide="top">
        <Table.Caption id={captionId} ta="start">
          {t('market.stats.caption', { group })}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map(({ key, label }) => {
              const active = sort.key === key;
              return (
                <Table.Th key={key} aria-sort={active ? sort.direction : 'none'}>
                  <UnstyledButton onClick={() => sortBy(key)} fw={700} fz="sm">
                    <Group gap={4} wrap="nowrap">
                      {t(label ?? GROUP_LABELS[group])}
                      <span aria-hidden="true">
                        {active ? (sort.direction === 'ascending' ? '▲' : '▼') : '↕'}
                      </span>
                    </Group>
                  </UnstyledButton>
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Th scope="row" fw={400}>
                <Anchor
                  component={Link}
                  to={gridHref(gridFilterOf(group, row.id))}
                  size="sm"
                  title={t('market.stats.openGrid', { name: row.name })}
                >
                  {row.name}
                </Anchor>
              </Table.Th>
              <Table.Td>{formatInteger(row.count)}</Table.Td>
              <Table.Td>{formatInteger(row.visited)}</Table.Td>
              <Table.Td>
                <QuartilesCell value={row.price_uf} format={formatUf} />
              </Table.Td>
              <Table.Td>
                <QuartilesCell value={row.price_clp} format={formatPrice} />
              </Table.Td>
              <Table.Td>
                <QuartilesCell value={row.uf_per_sqm} format={formatUfPerArea} />
              </Table.Td>
              <Table.Td>
                {row.newest_at !== null && row.newest_id !== null ? (
                  <Anchor
                    component={Link}
                    to={paths.property.getHref(row.newest_id)}
                    size="sm"
                    title={t('market.stats.openNewest', { name: row.name })}
                  >
                    {formatDate(row.newest_at)}
                  </Anchor>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('market.stats.noFigure')}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
