import { Paper, Text } from '@mantine/core';
import { useT } from '@/i18n/use-t';
import { formatDate, formatTime, sameDay } from '@/lib/format';
import '@/features/offline/messages';

export type OfflineNoticeProps = {
  /** When the data kept for reading offline was fetched, if any is kept. */
  savedAt: number | null;
  /** The screen waits for data that is not kept: it says so instead of loading forever. */
  needsNetwork: boolean;
  now?: number;
};

/**
 * Above the page while the browser has no network: how old the data shown is ("Sin conexión ·
 * datos guardados a las 14:32"), or why nothing loads, and whether this screen needs the network.
 */
export function OfflineNotice({ savedAt, needsNetwork, now = Date.now() }: OfflineNoticeProps) {
  const t = useT();
  let text: string;
  if (savedAt === null) text = t('offline.offline');
  else if (sameDay(savedAt, now)) text = t('offline.savedToday', { time: formatTime(savedAt) });
  else {
    const date = formatDate(new Date(savedAt).toISOString());
    text = t('offline.savedEarlier', { date, time: formatTime(savedAt) });
  }
  return (
    <Paper role="status" bg="yellow.1" px="md" py="xs" mb="md" radius="sm">
      <Text size="sm">{text}</Text>
      {needsNetwork && (
        <Text size="sm" fw={500}>
          {t('offline.needsNetwork')}
        </Text>
      )}
    </Paper>
  );
}
