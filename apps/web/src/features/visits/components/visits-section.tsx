import type { Visit } from '@bec/contracts';
import { Button, Group, Modal, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { NeedsConnection } from '@/components/needs-connection';
import { deleteNotices } from '@/components/screen-states/delete-notices';
import { QueryState } from '@/components/screen-states/query-state';
import { useVisitors } from '@/features/visits/api/get-visitors';
import { useVisits } from '@/features/visits/api/get-visits';
import { useChangeVisit } from '@/features/visits/api/save-visit';
import { VisitForm } from '@/features/visits/components/visit-form';
import { VisitList } from '@/features/visits/components/visit-list';
import { useT } from '@/i18n/use-t';
import { waitsForAConnection } from '@/lib/needs-connection';

export type VisitsSectionProps = {
  propertyId: number;
  /** Editors and admins log, edit and delete visits. */
  canManage: boolean;
  /** The signed-in member: the visitor a new visit names at first. */
  currentUserId?: number | undefined;
  /** Their name, offered as visitor even before the team's list is loaded or saved. */
  currentUserName?: string | undefined;
  /** The property's name: what a visit logged offline is listed under while it waits. */
  propertyName?: string | undefined;
  /** After a visit is logged, edited or deleted (the property's stage may have moved). */
  onChanged?: (() => void) | undefined;
};

/** The property page's "Visitas": the log, and for editors the form to log or edit one. */
export function VisitsSection({
  propertyId,
  canManage,
  currentUserId,
  currentUserName,
  propertyName,
  onChanged,
}: VisitsSectionProps) {
  const t = useT();
  const visits = useVisits(propertyId);
  const [editing, setEditing] = useState<Visit | 'new' | null>(null);
  const visitors = useVisitors(canManage && editing !== null);
  const remove = useChangeVisit(propertyId, onChanged);

  const deleteVisit = (visit: Visit) =>
    remove.mutate(
      { kind: 'delete', id: visit.id },
      deleteNotices({ done: t('visits.delete.done'), failed: t('visits.delete.failed') }),
    );

  return (
    <Stack gap="sm" component="section" aria-labelledby="visits-title">
      <Group justify="space-between">
        <Title order={3} id="visits-title">
          {t('visits.title')}
        </Title>
        {canManage && <Button onClick={() => setEditing('new')}>{t('visits.add')}</Button>}
      </Group>
      {waitsForAConnection(visits) ? (
        <NeedsConnection />
      ) : visits.isPending || visits.isError ? (
        <QueryState
          query={visits}
          inline
          loading={t('visits.loading')}
          failed={(message) => t('visits.loadFailed', { message })}
        />
      ) : (
        <VisitList
          visits={visits.data.visits}
          canManage={canManage}
          onEdit={setEditing}
          onDelete={deleteVisit}
        />
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' || editing === null ? t('visits.add') : t('visits.edit')}
      >
        {editing !== null && (
          <VisitForm
            key={editing === 'new' ? 'new' : editing.id}
            propertyId={propertyId}
            visit={editing === 'new' ? undefined : editing}
            visitors={visitors.data?.items ?? []}
            defaultVisitorId={currentUserId}
            defaultVisitorName={currentUserName}
            queueTo={
              currentUserId === undefined
                ? undefined
                : { userId: currentUserId, label: propertyName ?? String(propertyId) }
            }
            onDone={() => {
              notifications.show({ color: 'green', message: t('visits.saved') });
              setEditing(null);
            }}
            onQueued={() => setEditing(null)}
            onCancel={() => setEditing(null)}
            onChanged={onChanged}
          />
        )}
      </Modal>
    </Stack>
  );
}
