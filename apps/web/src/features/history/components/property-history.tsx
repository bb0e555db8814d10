import type { HistoryEntry } from '@bec/contracts';
import { Alert, Button, Group, Loader, Stack, Text, Timeline } from '@mantine/core';
import { NeedsConnection } from '@/components/needs-connection';
import { SectionCard } from '@/components/section-card';
import { usePropertyHistory } from '@/features/history/api/get-property-history';
import { entrySentences, formatAgo } from '@/features/history/components/entry-text';
import { useT } from '@/i18n/use-t';
import { errorText } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { waitsForAConnection } from '@/lib/needs-connection';

/** One change: who did what, and how long ago (the full date and time as its title). */
function HistoryItemBody({ entry }: { entry: HistoryEntry }) {
  const t = useT();
  return (
    <Stack gap={2}>
      {entrySentences(entry, t).map((sentence, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an entry's sentences never reorder.
        <Text key={i} size="sm">
          {sentence}
        </Text>
      ))}
      <Text
        size="xs"
        c="dimmed"
        component="time"
        dateTime={entry.at}
        title={formatDateTime(entry.at)}
      >
        {formatAgo(entry.at, t)}
      </Text>
    </Stack>
  );
}

/** A property's "Historial": every change, newest first, older ones a page at a time. */
export function PropertyHistory({ propertyId }: { propertyId: number }) {
  const t = useT();
  const history = usePropertyHistory(propertyId);
  const title = t('history.title');
  const entries = history.data?.pages.flatMap((page) => page.entries) ?? [];

  let content: React.ReactNode;
  if (waitsForAConnection(history)) {
    content = <NeedsConnection />;
  } else if (history.isPending) {
    content = (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text c="dimmed">{t('history.loading')}</Text>
      </Group>
    );
  } else if (history.isError && entries.length === 0) {
    content = (
      <Alert color="red" variant="light">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{t('history.loadFailed', { message: errorText(history.error) })}</Text>
          <Button size="xs" variant="default" onClick={() => void history.refetch()}>
            {t('common.tryAgain')}
          </Button>
        </Group>
      </Alert>
    );
  } else if (entries.length === 0) {
    content = <Text c="dimmed">{t('history.empty')}</Text>;
  } else {
    content = (
      <Stack gap="md">
        <Timeline bulletSize={14} lineWidth={2} active={entries.length}>
          {entries.map((entry) => (
            <Timeline.Item key={entry.id}>
              <HistoryItemBody entry={entry} />
            </Timeline.Item>
          ))}
        </Timeline>
        {history.hasNextPage && (
          <Group justify="center">
            <Button
              variant="default"
              loading={history.isFetchingNextPage}
              onClick={() => void history.fetchNextPage()}
            >
              {t('history.loadMore')}
            </Button>
          </Group>
        )}
      </Stack>
    );
  }

  return <SectionCard title={title}>{content}</SectionCard>;
}
