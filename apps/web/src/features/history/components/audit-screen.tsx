import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '@bec/contracts';
import { Button, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ListTable } from '@/components/screen-states/list-table';
import { LoadMore } from '@/components/screen-states/load-more';
import { QueryState } from '@/components/screen-states/query-state';
import { type AuditFilters, useAudit } from '@/features/history/api/get-audit';
import type { MessageId } from '@/i18n/message-id';
import { useT } from '@/i18n/use-t';
import { formatDateTime } from '@/lib/format';

const ACTION_LABELS: Record<AuditAction, MessageId> = {
  waitlist_approved: 'audit.action.waitlist_approved',
  waitlist_deleted: 'audit.action.waitlist_deleted',
  role_changed: 'audit.action.role_changed',
  user_deleted: 'audit.action.user_deleted',
  first_admin_granted: 'audit.action.first_admin_granted',
};

const ROLE_LABELS: Record<string, MessageId> = {
  viewer: 'role.viewer',
  editor: 'role.editor',
  admin: 'role.admin',
};

const isAction = (value: string | null | undefined): value is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(value ?? '');

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters a URL's query carries (anything malformed left out). */
export function auditFiltersOf(search: URLSearchParams): AuditFilters {
  const day = (key: string) => {
    const value = search.get(key);
    return value && DAY.test(value) ? value : undefined;
  };
  const action = search.get('action');
  return {
    person: search.get('person')?.trim() || undefined,
    from: day('from'),
    to: day('to'),
    action: isAction(action) ? action : undefined,
  };
}

type Props = {
  filters: AuditFilters;
  /** Puts new filters in the URL (the page reads them back). */
  onFiltersChange: (filters: AuditFilters) => void;
};

function AuditFiltersForm({ filters, onFiltersChange }: Props) {
  const t = useT();
  const [person, setPerson] = useState(filters.person ?? '');
  const [from, setFrom] = useState(filters.from ?? '');
  const [to, setTo] = useState(filters.to ?? '');
  const [action, setAction] = useState<string>(filters.action ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFiltersChange({
      person: person.trim() || undefined,
      from: from || undefined,
      to: to || undefined,
      action: isAction(action) ? action : undefined,
    });
  };
  const clear = () => {
    setPerson('');
    setFrom('');
    setTo('');
    setAction('');
    onFiltersChange({});
  };
  return (
    <form onSubmit={submit}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t('audit.filter.person')}
          placeholder={t('audit.filter.personPlaceholder')}
          value={person}
          onChange={(e) => setPerson(e.currentTarget.value)}
          maxLength={200}
        />
        <TextInput
          type="date"
          label={t('audit.filter.from')}
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t('audit.filter.to')}
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
        />
        <NativeSelect
          label={t('audit.filter.action')}
          value={action}
          onChange={(e) => setAction(e.currentTarget.value)}
          data={[
            { value: '', label: t('audit.filter.anyAction') },
            ...AUDIT_ACTIONS.map((a) => ({ value: a, label: t(ACTION_LABELS[a]) })),
          ]}
        />
        <Button type="submit">{t('audit.filter.apply')}</Button>
        <Button variant="subtle" onClick={clear}>
          {t('audit.filter.clear')}
        </Button>
      </Group>
    </form>
  );
}

function RoleCell({ entry }: { entry: AuditEntry }) {
  const t = useT();
  const role = (value: string) => {
    const id = ROLE_LABELS[value];
    return id ? t(id) : value;
  };
  if (entry.previous_role && entry.role)
    return <>{t('audit.role.change', { from: role(entry.previous_role), to: role(entry.role) })}</>;
  return <>{entry.role ? role(entry.role) : null}</>;
}

function Person({ name, email }: { name: string | null; email: string }) {
  return (
    <Stack gap={0}>
      {name && <Text size="sm">{name}</Text>}
      <Text size="xs" c="dimmed">
        {email}
      </Text>
    </Stack>
  );
}

/** The admins' audit of access decisions: filters (kept in the URL) and a table, newest first. */
export function AuditScreen({ filters, onFiltersChange }: Props) {
  const t = useT();
  const audit = useAudit(filters);
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        {t('audit.intro')}
      </Text>
      <AuditFiltersForm
        // A new URL (back, a link) refills the form.
        key={JSON.stringify(filters)}
        filters={filters}
        onFiltersChange={onFiltersChange}
      />
      <QueryState
        query={audit}
        loading={t('audit.loading')}
        failed={(message) => t('audit.loadFailed', { message })}
        empty={entries.length === 0 && <Text>{t('audit.empty')}</Text>}
      />
      {entries.length > 0 && (
        <ListTable
          minWidth={720}
          headings={[
            t('audit.table.at'),
            t('audit.table.actor'),
            t('audit.table.action'),
            t('audit.table.subject'),
            t('audit.table.role'),
          ]}
        >
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td>
                <Text size="sm" component="time" dateTime={entry.at}>
                  {formatDateTime(entry.at)}
                </Text>
              </Table.Td>
              <Table.Td>
                {entry.actor ? (
                  <Person name={entry.actor.name} email={entry.actor.email} />
                ) : (
                  <Text size="sm">{t('audit.actor.system')}</Text>
                )}
              </Table.Td>
              <Table.Td>{t(ACTION_LABELS[entry.action])}</Table.Td>
              <Table.Td>
                <Person name={entry.subject.name} email={entry.subject.email} />
              </Table.Td>
              <Table.Td>
                <RoleCell entry={entry} />
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}
      <LoadMore query={audit} label={t('audit.loadMore')} />
    </Stack>
  );
}
