import { MAX_DISCARD_REASON } from '@bec/contracts';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useT } from '@/i18n/use-t';

export type DiscardReasonModalProps = {
  /** The property being discarded; null: closed. */
  name: string | null;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
};

/** Asks why a property is discarded (required) before the board moves it to Descartada. */
export function DiscardReasonModal({ name, onConfirm, onCancel }: DiscardReasonModalProps) {
  const t = useT();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setReason('');
    setError(null);
    onCancel();
  };
  return (
    <Modal
      opened={name !== null}
      onClose={close}
      title={name === null ? '' : t('pipeline.discard.title', { name })}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const text = reason.trim();
          if (!text) {
            setError(t('pipeline.discard.required'));
            return;
          }
          setReason('');
          setError(null);
          onConfirm(text);
        }}
      >
        <Stack>
          <TextInput
            label={t('pipeline.discard.reason')}
            placeholder={t('pipeline.discard.placeholder')}
            withAsterisk
            data-autofocus
            maxLength={MAX_DISCARD_REASON}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={error}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('pipeline.discard.cancel')}
            </Button>
            <Button type="submit" color="red">
              {t('pipeline.discard.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
