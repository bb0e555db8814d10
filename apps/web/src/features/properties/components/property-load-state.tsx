import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
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
      <Alert color="red" title={t('properties.load.failed')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('common.error', { message: errorText(error) })}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void refetch()}>
            {t('common.tryAgain')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Group gap="sm" py="xl" justify="center" role="status">
      <Loader size="sm" />
      <Text c="dimmed">{t('properties.load.loading')}</Text>
    </Group>
  );
}
