import { Group, Loader, Stack, Text, Title } from '@mantine/core';
import { LoadFailed } from '@/components/screen-states/load-failed';
import { useT } from '@/i18n/use-t';
import { ApiError, errorText } from '@/lib/api-error';

export type PropertyLoadStateProps = {
  id: number;
  error: Error | null;
  /** Loads the property again, for "Try again". */
  refetch: () => unknown;
};

/**
 * What a property page shows until it has the property: "Property not found" for a 404, the
 * error with "Try again" for any other failure, and a loader meanwhile.
 */
export function PropertyLoadState({ id, error, refetch }: PropertyLoadStateProps) {
  const t = useT();
  if (error instanceof ApiError && error.status === 404) {
    return (
      <Stack gap="xs">
        <Title order={2}>{t('properties.load.notFoundTitle')}</Title>
        <Text>{t('properties.load.notFound', { id: String(id) })}</Text>
      </Stack>
    );
  }
  if (error) {
    return (
      <LoadFailed
        title={t('properties.load.failed')}
        message={t('common.error', { message: errorText(error) })}
        onRetry={() => void refetch()}
      />
    );
  }
  return (
    <Group gap="sm" py="xl" justify="center" role="status">
      <Loader size="sm" />
      <Text c="dimmed">{t('properties.load.loading')}</Text>
    </Group>
  );
}
