import { Alert, Button, Center, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useWaitlist } from '@/features/waitlist/api/get-waitlist';
import { ApproveEntryForm } from '@/features/waitlist/components/approve-entry-form';
import { DeleteEntryButton } from '@/features/waitlist/components/delete-entry-button';
import { useT } from '@/i18n/use-t';
import { errorText } from '@/lib/api-error';

export type WaitlistTableProps = {
  /** The waitlist is fetched only for admins (docs/product.md, Screens and routes): true only when an admin is signed in. */
  enabled: boolean;
};

/** The access requests, oldest first: grant one a role, or delete it. */
export function WaitlistTable({ enabled }: WaitlistTableProps) {
  const t = useT();
  const waitlist = useWaitlist({ enabled });

  if (waitlist.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('waitlist.loading')} />
      </Center>
    );
  }

  const entries = waitlist.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="md">
      {waitlist.isError && (
        <Alert color="red" variant="light">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('common.error', { message: errorText(waitlist.error) })}</Text>
            <Button size="xs" variant="default" onClick={() => void waitlist.refetch()}>
              {t('common.tryAgain')}
            </Button>
          </Group>
        </Alert>
      )}
      {waitlist.data !== undefined && entries.length === 0 && (
        <Group gap="md">
          <Text>{t('waitlist.empty')}</Text>
          <Button
            variant="light"
            loading={waitlist.isRefetching}
            onClick={() => void waitlist.refetch()}
          >
            {t('waitlist.sync')}
          </Button>
        </Group>
      )}
      {entries.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('waitlist.table.name')}</Table.Th>
                <Table.Th>{t('waitlist.table.email')}</Table.Th>
                <Table.Th>{t('waitlist.table.addUser')}</Table.Th>
                <Table.Th>{t('waitlist.table.delete')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{entry.name}</Table.Td>
                  <Table.Td>{entry.email}</Table.Td>
                  <Table.Td>
                    <ApproveEntryForm entry={entry} />
                  </Table.Td>
                  <Table.Td>
                    <DeleteEntryButton entry={entry} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {waitlist.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            loading={waitlist.isFetchingNextPage}
            onClick={() => void waitlist.fetchNextPage()}
          >
            {t('waitlist.loadMore')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
