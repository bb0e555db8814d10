import type { HistoryEntry } from '@bec/contracts';
import { Stack, Text, Timeline } from '@mantine/core';
import { NeedsConnection } from '@/components/needs-connection';
import { LoadMore } from '@/components/screen-states/load-more';
import { QueryState } from '@/components/screen-states/query-state';
import { SectionCard } from '@/components/section-card';
import { usePropertyHistory } from '@/features/history/api/get-property-history';
import { entrySentences, formatAgo } from '@/features/history/components/entry-text';
import { useT } from '@/i18n/use-t';
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
  } else if (entries.length === 0) {
    content = (
      <QueryState
        query={history}
        inline
        loading={t('history.loading')}
        failed={(message) => t('history.loadFailed', { message })}
        empty={<Text c="dimmed">{t('history.empty')}</Text>}
      />
    );
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
        <LoadMore query={history} label={t('history.loadMore')} />
      </Stack>
    );
  }

  return <SectionCard title={title}>{content}</SectionCard>;
}
