import { Stack, Table, Text } from '@mantine/core';
import { LoadMore } from '@/components/screen-states/load-more';
import { QueryState } from '@/components/screen-states/query-state';
import { useUfValues } from '@/features/uf/api/get-uf';
import { useT } from '@/i18n/use-t';
import { formatDateTime, formatDay, formatUfValue } from '@/lib/format';
import { UfSourceBadge } from './uf-source-badge';

/** The stored values, newest day first (days published ahead included), a page at a time. */
export function UfValuesTable() {
  const t = useT();
  const values = useUfValues();
  const items = values.data?.pages.flatMap((page) => page.items) ?? [];
  if (items.length === 0 || values.isError) {
    return (
      <QueryState
        query={values}
        loading={t('uf.values.loading')}
        failed={(message) => t('uf.values.failed', { message })}
        empty={<Text>{t('uf.values.empty')}</Text>}
      />
    );
  }
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={480}>
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('uf.values.date')}</Table.Th>
              <Table.Th>{t('uf.values.value')}</Table.Th>
              <Table.Th>{t('uf.values.source')}</Table.Th>
              <Table.Th>{t('uf.values.storedAt')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.date}>
                <Table.Td>{formatDay(item.date)}</Table.Td>
                <Table.Td>{formatUfValue(item.value)}</Table.Td>
                <Table.Td>
                  <UfSourceBadge source={item.source} />
                </Table.Td>
                <Table.Td>{formatDateTime(item.stored_at)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <LoadMore query={values} label={t('uf.values.loadMore')} />
    </Stack>
  );
}
