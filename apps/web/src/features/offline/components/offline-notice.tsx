import { Paper, Text } from '@mantine/core';
import { useT } from '@/i18n/use-t';
import '@/features/offline/messages';

/** Above the page while the browser has no network: why its data does not load. */
export function OfflineNotice() {
  const t = useT();
  return (
    <Paper role="status" bg="yellow.1" px="md" py="xs" mb="md" radius="sm">
      <Text size="sm">{t('offline.offline')}</Text>
    </Paper>
  );
}
