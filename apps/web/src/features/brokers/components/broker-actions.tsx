import type { Broker } from '@bec/contracts';
import { Button, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { openConfirmModal } from '@/components/overlays/overlays-host';
import { useDeleteBroker, useSetBrokerArchived } from '@/features/brokers/api/change-broker';
import { BrokerFormModal } from '@/features/brokers/components/broker-form-modal';
import { useT } from '@/i18n/use-t';
import { ApiError, errorText } from '@/lib/api-error';

export type BrokerActionsProps = {
  broker: Broker;
  /** After a delete (a broker's page goes back to the list). */
  onDeleted?: (() => void) | undefined;
};

/**
 * Edit, archive or restore, and delete a broker (editors and admins). A delete asks first; when
 * properties still name the broker the API refuses (409 broker_in_use), and the answer offers to
 * archive it instead.
 */
export function BrokerActions({ broker, onDeleted }: BrokerActionsProps) {
  const t = useT();
  const [editing, { open, close }] = useDisclosure(false);
  const archive = useSetBrokerArchived();
  const remove = useDeleteBroker();
  const archived = broker.archived_at !== null;
  const name = broker.name;

  const setArchived = (value: boolean) =>
    archive.mutate(
      { id: broker.id, archived: value },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message: t(value ? 'brokers.archived' : 'brokers.unarchived', { name }),
          }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            message: t('brokers.archiveFailed', { message: errorText(error) }),
          }),
      },
    );

  const offerArchive = (error: unknown) =>
    void openConfirmModal({
      title: t('brokers.inUse.title', { name }),
      children: <Text size="sm">{errorText(error)}</Text>,
      labels: { confirm: t('brokers.inUse.confirm'), cancel: t('brokers.delete.cancel') },
      onConfirm: () => setArchived(true),
    });

  const confirmDelete = () =>
    void openConfirmModal({
      title: t('brokers.delete.title', { name }),
      children: <Text size="sm">{t('brokers.delete.body')}</Text>,
      labels: { confirm: t('brokers.delete.confirm'), cancel: t('brokers.delete.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(broker.id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: t('brokers.deleted', { name }) });
            onDeleted?.();
          },
          onError: (error) => {
            if (error instanceof ApiError && error.reason?.code === 'broker_in_use')
              offerArchive(error);
            else
              notifications.show({
                color: 'red',
                message: t('brokers.deleteFailed', { message: errorText(error) }),
              });
          },
        }),
    });

  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        variant="default"
        onClick={open}
        aria-label={t('brokers.editLabel', { name })}
      >
        {t('brokers.edit')}
      </Button>
      <Button
        size="xs"
        variant="default"
        loading={archive.isPending}
        onClick={() => setArchived(!archived)}
        aria-label={t(archived ? 'brokers.unarchiveLabel' : 'brokers.archiveLabel', { name })}
      >
        {t(archived ? 'brokers.unarchive' : 'brokers.archive')}
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        loading={remove.isPending}
        onClick={confirmDelete}
        aria-label={t('brokers.deleteLabel', { name })}
      >
        {t('brokers.delete')}
      </Button>
      {editing && <BrokerFormModal opened onClose={close} broker={broker} />}
    </Group>
  );
}
