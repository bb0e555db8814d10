import { Anchor, Badge, Group, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListTable } from '@/components/screen-states/list-table';
import { LoadMore } from '@/components/screen-states/load-more';
import { QueryState } from '@/components/screen-states/query-state';
import { paths } from '@/config/paths';
import { useBrokerList } from '@/features/brokers/api/get-brokers';
import { BrokerActions } from '@/features/brokers/components/broker-actions';
import { BrokerEmail, BrokerPhone } from '@/features/brokers/components/broker-contact';
import { NewBrokerButton } from '@/features/brokers/components/broker-form-modal';
import { useT } from '@/i18n/use-t';
import { formatInteger } from '@/lib/format';
import { useSearchParamsUpdate } from '@/lib/use-search-params-update';

/** How long typing pauses before the search runs (and the URL changes). */
const SEARCH_DELAY_MS = 300;

/** The search (`q`) and the archived choice (`archived=1`), as the page's URL holds them. */
function useBrokerListParams() {
  const [searchParams, update] = useSearchParamsUpdate();
  const q = (searchParams.get('q') ?? '').trim();
  const archived = searchParams.get('archived') === '1';
  const change = (patch: { q?: string; archived?: boolean }) =>
    update((next) => {
      if (patch.q !== undefined) {
        if (patch.q.trim()) next.set('q', patch.q.trim());
        else next.delete('q');
      }
      if (patch.archived !== undefined) {
        if (patch.archived) next.set('archived', '1');
        else next.delete('archived');
      }
      return next;
    });
  return { q, archived, change };
}

export type BrokersScreenProps = {
  /** Editors and admins add, edit, archive and delete; viewers only read. */
  canManage: boolean;
};

/** /brokers: the team's brokers by name, searched, active or archived, with their properties. */
export function BrokersScreen({ canManage }: BrokersScreenProps) {
  const t = useT();
  const { q, archived, change } = useBrokerListParams();
  const [draft, setDraft] = useState(q);
  const commit = useDebouncedCallback((value: string) => change({ q: value }), SEARCH_DELAY_MS);
  const list = useBrokerList({ q, archived });
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const total = list.data?.pages[0]?.total;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{t('brokers.title')}</Title>
        {canManage && <NewBrokerButton />}
      </Group>
      <Group gap="md" align="flex-end">
        <TextInput
          type="search"
          flex={1}
          miw={220}
          label={t('brokers.search')}
          placeholder={t('brokers.searchPlaceholder')}
          value={draft}
          onChange={(event) => {
            setDraft(event.currentTarget.value);
            commit(event.currentTarget.value);
          }}
        />
        <Switch
          label={t('brokers.showArchived')}
          checked={archived}
          onChange={(event) => change({ archived: event.currentTarget.checked })}
          mb={6}
        />
      </Group>
      {total !== undefined && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {t(archived ? 'brokers.countArchived' : 'brokers.count', { count: total })}
        </Text>
      )}
      <QueryState
        query={list}
        loading={t('brokers.loading')}
        failed={(message) => t('brokers.loadFailed', { message })}
        empty={
          items.length === 0 && (
            <Text>
              {t(q ? 'brokers.emptySearch' : archived ? 'brokers.emptyArchived' : 'brokers.empty')}
            </Text>
          )
        }
      />
      {items.length > 0 && (
        <ListTable
          minWidth={720}
          headings={[
            t('brokers.table.name'),
            t('brokers.table.company'),
            t('brokers.table.phone'),
            t('brokers.table.email'),
            { label: t('brokers.table.properties'), align: 'right' },
            canManage && t('brokers.table.actions'),
          ]}
        >
          {items.map((broker) => (
            <Table.Tr key={broker.id}>
              <Table.Td>
                <Anchor component={Link} to={paths.broker.getHref(broker.id)}>
                  {broker.name}
                </Anchor>
                {broker.archived_at && (
                  <Badge ml="xs" size="sm" variant="light" color="gray">
                    {t('brokers.archivedBadge')}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{broker.company}</Table.Td>
              <Table.Td>{broker.phone && <BrokerPhone phone={broker.phone} />}</Table.Td>
              <Table.Td>{broker.email && <BrokerEmail email={broker.email} />}</Table.Td>
              <Table.Td ta="right">{formatInteger(broker.property_count)}</Table.Td>
              {canManage && (
                <Table.Td>
                  <BrokerActions broker={broker} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </ListTable>
      )}
      <LoadMore query={list} label={t('brokers.loadMore')} />
    </Stack>
  );
}
