import { Alert, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useCurrentUf } from '@/features/uf/api/get-uf';
import { useT } from '@/i18n/use-t';
import { errorText } from '@/lib/api-error';
import { formatDay, formatUfValue } from '@/lib/format';
import { UfSourceBadge } from './uf-source-badge';

/** The value prices are converted with now: today's, else the latest before it, else none. */
export function UfInEffect() {
  const t = useT();
  const current = useCurrentUf();
  if (current.isPending) return <Loader size="sm" aria-label={t('uf.inEffect.loading')} />;
  if (current.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {t('uf.inEffect.failed', { message: errorText(current.error) })}
      </Alert>
    );
  }
  const { uf, today, is_today: isToday } = current.data;
  if (uf === null) {
    return (
      <Alert color="yellow" variant="light" title={t('uf.missing.title')} role="status">
        {t('uf.missing.body')}
      </Alert>
    );
  }
  return (
    <Card withBorder padding="md" radius="md" maw={560}>
      <Stack gap={4}>
        <Title order={3} size="h4">
          {t('uf.inEffect.title')}
        </Title>
        <Group gap="xs">
          <Text fz="xl" fw={700}>
            {formatUfValue(uf.value)}
          </Text>
          <UfSourceBadge source={uf.source} />
        </Group>
        <Text size="sm" c="dimmed">
          {isToday
            ? t('uf.inEffect.today', { date: formatDay(uf.date) })
            : t('uf.inEffect.older', { date: formatDay(uf.date), today: formatDay(today) })}
        </Text>
      </Stack>
    </Card>
  );
}
