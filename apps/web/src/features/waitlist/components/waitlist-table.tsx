import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { ListTable } from '@/components/screen-states/list-table';
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
        <ListTable
          minWidth={640}
          headings={[
            t('waitlist.table.name'),
            t('waitlist.table.email'),
            t('waitlist.table.addUser'),
            t('waitlist.table.delete'),
          ]}
        >
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
        </ListTable>
      )}
      <LoadMore query={waitlist} label={t('waitlist.loadMore')} />
    </Stack>
  );
}
