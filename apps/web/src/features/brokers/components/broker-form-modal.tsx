import type { Broker } from '@bec/contracts';
import { Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { BrokerForm } from '@/features/brokers/components/broker-form';
import { useT } from '@/i18n/use-t';

export type BrokerFormModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The broker to edit; none to add one. */
  broker?: Broker | null | undefined;
  onSaved?: ((broker: Broker) => void) | undefined;
};

/** The broker form in a dialog: add ("Nuevo corredor") or edit. */
export function BrokerFormModal({ opened, onClose, broker, onSaved }: BrokerFormModalProps) {
  const t = useT();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        broker ? t('brokers.form.editTitle', { name: broker.name }) : t('brokers.form.newTitle')
      }
    >
      <BrokerForm
        broker={broker}
        onCancel={onClose}
        onSaved={(saved) => {
          notifications.show({
            color: 'green',
            message: t(broker ? 'brokers.saved' : 'brokers.added', { name: saved.name }),
          });
          onClose();
          onSaved?.(saved);
        }}
      />
    </Modal>
  );
}

export type NewBrokerButtonProps = {
  /** The new broker, once saved and in every broker list (the property form then selects it). */
  onCreated?: ((broker: Broker) => void) | undefined;
  size?: 'xs' | 'sm';
};

/** "Nuevo corredor": opens the broker form in a dialog, from the Brokers screen or a property form. */
export function NewBrokerButton({ onCreated, size = 'sm' }: NewBrokerButtonProps) {
  const t = useT();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="light" size={size} onClick={open}>
        {t('brokers.new')}
      </Button>
      {opened && <BrokerFormModal opened onClose={close} onSaved={onCreated} />}
    </>
  );
}
