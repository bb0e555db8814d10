import { Alert, Button, Center, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useUfValues } from '@/features/uf/api/get-uf';
import { useT } from '@/i18n/use-t';
import { errorText } from '@/lib/api-error';
import { formatDateTime, formatDay, formatUfValue } from '@/lib/format';
import { UfSourceBadge } from './uf-source-badge';

/** The stored values, newest day first (days published ahead included), a page at a time. */
export function UfValuesTable() {
  const t = useT();
  const values = useUfValues();
  if (values.isPending) {
    return (
      <Center py="md">
        <Loader aria-label={t('uf.values.loading')} />
      </Center>
    );
  }
  if (values.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{t('uf.values.failed', { message: errorText(values.error) })}</Text>
          <Button size="xs" variant="default" onClick={() => void values.refetch()}>
            {t('common.tryAgain')}
          </Button>
        </Group>
      </Alert>
    );
  }
  const items = values.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <Text>{t('uf.values.empty')}</Text>;
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
      {values.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            loading={values.isFetchingNextPage}
            onClick={() => void values.fetchNextPage()}
          >
            {t('uf.values.loadMore')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
