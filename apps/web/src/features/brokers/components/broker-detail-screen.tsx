import { Alert, Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { QueryState } from '@/components/screen-states/query-state';
import { paths } from '@/config/paths';
import { useBroker } from '@/features/brokers/api/get-brokers';
import { BrokerActions } from '@/features/brokers/components/broker-actions';
import { BrokerEmail, BrokerPhone } from '@/features/brokers/components/broker-contact';
import { useT } from '@/i18n/use-t';
import { ApiError } from '@/lib/api-error';
import { formatInteger } from '@/lib/format';

export type BrokerDetailScreenProps = {
  id: number;
  canManage: boolean;
  /** The broker's properties (the route composes the properties' list). */
  properties: ReactNode;
};

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

/** /brokers/:id: the broker's details (phone and email to tap) and the properties naming them. */
export function BrokerDetailScreen({ id, canManage, properties }: BrokerDetailScreenProps) {
  const t = useT();
  const navigate = useNavigate();
  const broker = useBroker(id);
  const back = (
    <Anchor component={Link} to={paths.brokers.getHref()} size="sm">
      {t('brokers.detail.back')}
    </Anchor>
  );

  if (broker.isError && broker.error instanceof ApiError && broker.error.status === 404)
    return (
      <Stack gap="xs">
        <Alert color="gray">{t('brokers.detail.notFound')}</Alert>
        {back}
      </Stack>
    );
  if (broker.isPending || broker.isError)
    return (
      <Stack gap="xs">
        <QueryState
          query={broker}
          loading={t('brokers.detail.loading')}
          failed={(message) => t('brokers.detail.loadFailed', { message })}
        />
        {back}
      </Stack>
    );

  const b = broker.data;
  const none = t('brokers.detail.none');
  return (
    <Stack gap="lg">
      {back}
      <Group justify="space-between" align="flex-start">
        <Group gap="sm">
          <Title order={2}>{b.name}</Title>
          {b.archived_at && (
            <Badge variant="light" color="gray">
              {t('brokers.archivedBadge')}
            </Badge>
          )}
        </Group>
        {canManage && (
          <BrokerActions
            broker={b}
            onDeleted={() => navigate(paths.brokers.getHref(), { replace: true })}
          />
        )}
      </Group>
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Detail label={t('brokers.detail.company')}>{b.company ?? none}</Detail>
          <Detail label={t('brokers.detail.phone')}>
            {b.phone ? <BrokerPhone phone={b.phone} /> : none}
          </Detail>
          <Detail label={t('brokers.detail.email')}>
            {b.email ? <BrokerEmail email={b.email} /> : none}
          </Detail>
        </SimpleGrid>
        {b.notes && (
          <Stack gap={2} mt="md">
            <Text size="sm" c="dimmed">
              {t('brokers.detail.notes')}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{b.notes}</Text>
          </Stack>
        )}
      </Paper>
      <Title order={3}>
        {t('brokers.detail.properties', { count: formatInteger(b.property_count) })}
      </Title>
      {properties}
    </Stack>
  );
}
