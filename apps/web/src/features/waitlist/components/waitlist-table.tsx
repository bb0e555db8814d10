import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { LoadMore } from '@/components/screen-states/load-more';
import { QueryState } from '@/components/screen-states/query-state';
import { useWaitlist } from '@/features/waitlist/api/get-waitlist';
import { ApproveEntryForm } from '@/features/waitlist/components/approve-entry-form';
import { DeleteEntryButton } from '@/features/waitlist/components/delete-entry-button';
import { useT } from '@/i18n/use-t';

export type WaitlistTableProps = {
  /** The waitlist is fetched only for admins (docs/product.md, Screens and routes): true only when an admin is signed in. */
  enabled: boolean;
};

/** The access requests, oldest first: grant one a role, or delete it. */
export function WaitlistTable({ enabled }: WaitlistTableProps) {
  const t = useT();
  const waitlist = useWaitlist({ enabled });

  const entries = waitlist.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="md">
      <QueryState
        query={waitlist}
        loading={t('waitlist.loading')}
        failed={(message) => t('common.error', { message })}
        empty={
          entries.length === 0 && (
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
          )
        }
      />
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
      <LoadMore query={waitlist} label={t('waitlist.loadMore')} />
    </Stack>
  );
}
