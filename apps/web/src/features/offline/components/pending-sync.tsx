import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { discardQueueItem, retryQueueItem } from '@/entities/offline-queue/queue-write';
import type { QueueItem, QueueItemState } from '@/entities/offline-queue/types';
import { useOfflineQueue } from '@/features/offline/use-offline-queue';
import type { MessageId } from '@/i18n/message-id';
import { useT } from '@/i18n/use-t';
import { stageLabel } from '@/lib/stages';
import '@/features/offline/messages';

const STATE_TEXT: Record<QueueItemState, MessageId> = {
  pending: 'offline.queue.pending',
  sending: 'offline.queue.sending',
  synced: 'offline.queue.synced',
  error: 'offline.queue.failed',
};
/** The badge's colour: grey waiting, blue on its way, green done, red refused. */
const STATE_COLORS = new Map<QueueItemState, string>([
  ['sending', 'blue'],
  ['synced', 'green'],
  ['error', 'red'],
]);

function QueueEntry({ item }: { item: QueueItem }) {
  const t = useT();
  const name =
    item.kind === 'visit'
      ? t('offline.queue.visit', { name: item.label })
      : item.kind === 'property'
        ? t('offline.queue.property', { name: item.label })
        : t('offline.queue.stage', { name: item.label, stage: t(stageLabel(item.body.stage)) });
  return (
    <Stack gap={4} component="li" aria-label={name}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={500}>
          {name}
        </Text>
        <Badge color={STATE_COLORS.get(item.state) ?? 'gray'} variant="light">
          {t(STATE_TEXT[item.state])}
        </Badge>
      </Group>
      {item.kind !== 'stage' && item.photos.length > 0 && (
        <Text size="xs" c="dimmed">
          {t('offline.queue.photos', { count: item.photos.length })}
        </Text>
      )}
      {item.state === 'error' && (
        <>
          <Text size="sm" c="red" role="alert">
            {item.error}
          </Text>
          <Group gap="xs">
            <Button
              size="compact-sm"
              variant="light"
              aria-label={t('offline.queue.retryLabel', { name })}
              onClick={() => void retryQueueItem(item.id)}
            >
              {t('offline.queue.retry')}
            </Button>
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              aria-label={t('offline.queue.discardLabel', { name })}
              onClick={() => void discardQueueItem(item.id)}
            >
              {t('offline.queue.discard')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

/**
 * "Pendiente de sincronizar (n)" on every page while a write made offline waits or was refused;
 * it opens the list of them, each with its state, and for a refused one its reason with retry
 * and discard.
 */
export function PendingSync({
  userId,
  onSynced,
}: {
  userId: number;
  /** After a write reached the server: the layout marks every query stale. */
  onSynced?: (() => void) | undefined;
}) {
  const t = useT();
  const items = useOfflineQueue(userId);
  const [opened, { open, close }] = useDisclosure(false);
  const waiting = items.filter((item) => item.state !== 'synced').length;
  // A write that reached the server changes what the screens show (a visit, a stage).
  const synced = items.filter((item) => item.state === 'synced').length;
  const syncedBefore = useRef(synced);
  useEffect(() => {
    if (synced > syncedBefore.current) onSynced?.();
    syncedBefore.current = synced;
  }, [synced, onSynced]);
  return (
    <>
      {waiting > 0 && (
        <Group justify="flex-end" mb="md">
          <Button size="compact-sm" variant="light" color="orange" onClick={open}>
            {t('offline.queue.button', { count: waiting })}
          </Button>
        </Group>
      )}
      <Modal opened={opened} onClose={close} title={t('offline.queue.title')}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('offline.queue.intro')}
          </Text>
          <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {items.map((item) => (
              <QueueEntry key={item.id} item={item} />
            ))}
          </Stack>
        </Stack>
      </Modal>
    </>
  );
}
