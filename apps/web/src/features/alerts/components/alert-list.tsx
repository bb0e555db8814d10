import type { Alert } from '@bec/contracts';
import { Anchor, Button, Group, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { LoadMore } from '@/components/screen-states/load-more';
import { paths } from '@/config/paths';
import { useAlerts } from '@/features/alerts/api/get-alerts';
import { useMarkAlertRead, useMarkAllAlertsRead } from '@/features/alerts/api/mark-alerts-read';
import { useT } from '@/i18n/use-t';
import { errorText } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';

function AlertItem({ alert, onOpen }: { alert: Alert; onOpen: () => void }) {
  const t = useT();
  const unread = alert.read_at === null;
  const reason =
    alert.reason === 'added' ? t('alerts.reason.added') : t('alerts.reason.nowMatches');
  return (
    <Anchor
      component={Link}
      to={paths.property.getHref(alert.property_id)}
      onClick={onOpen}
      underline="never"
      c="inherit"
      p="xs"
      bg={unread ? 'blue.0' : undefined}
      style={{ display: 'block', borderRadius: 'var(--mantine-radius-sm)' }}
    >
      {unread && <VisuallyHidden>{t('alerts.unreadMark')}</VisuallyHidden>}
      <Text size="sm" fw={unread ? 700 : 500} lineClamp={2}>
        {alert.property_name}
      </Text>
      <Text size="xs" c="dimmed">
        {t('alerts.item.detail', {
          reason,
          search: alert.saved_search_name,
          who: alert.actor_name ?? t('alerts.item.someone'),
        })}
      </Text>
      <Text size="xs" c="dimmed">
        {formatDateTime(alert.created_at)}
      </Text>
    </Anchor>
  );
}

export type AlertListProps = {
  unread: number;
  /** After an alert is followed to its property. */
  onNavigate: () => void;
};

/**
 * The bell's list: each alert's property, search, who and when, newest first, unread ones marked;
 * following one marks it read. "Marcar todas como leídas" above it.
 */
export function AlertList({ unread, onNavigate }: AlertListProps) {
  const t = useT();
  const { data, isPending, isError, error, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useAlerts();
  const markRead = useMarkAlertRead();
  const markAll = useMarkAllAlertsRead();
  const alerts = data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700}>{t('alerts.title')}</Text>
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => markAll.mutate()}
          loading={markAll.isPending}
          disabled={unread === 0}
        >
          {t('alerts.markAllRead')}
        </Button>
      </Group>
      {isPending && <Loader size="sm" role="status" aria-label={t('alerts.loading')} />}
      {isError && (
        <Text size="sm" c="red" role="alert">
          {t('alerts.failed', { message: errorText(error) })}
        </Text>
      )}
      {!isPending && !isError && alerts.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('alerts.empty')}
        </Text>
      )}
      {alerts.length > 0 && (
        <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
          {alerts.map((alert) => (
            <li key={alert.id}>
              <AlertItem
                alert={alert}
                onOpen={() => {
                  if (alert.read_at === null) markRead.mutate(alert.id);
                  onNavigate();
                }}
              />
            </li>
          ))}
        </Stack>
      )}
      <LoadMore
        query={{ hasNextPage, isFetchingNextPage, fetchNextPage }}
        label={t('alerts.more')}
        compact
      />
    </Stack>
  );
}
