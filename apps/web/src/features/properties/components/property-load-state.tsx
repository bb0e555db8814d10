import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { ApiError } from '@/lib/api-error';

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
  if (error instanceof ApiError && error.status === 404) {
    return (
      <Stack gap="xs">
        <Title order={2}>Property not found</Title>
        <Text>Property {id} was not found.</Text>
      </Stack>
    );
  }
  if (error) {
    return (
      <Alert color="red" title="Could not load the property">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">Error: {error.message}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Group gap="sm" py="xl" justify="center" role="status">
      <Loader size="sm" />
      <Text c="dimmed">Loading property...</Text>
    </Group>
  );
}
