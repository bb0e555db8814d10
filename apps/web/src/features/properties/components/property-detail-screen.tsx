import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PencilIcon } from '@/components/pencil-icon';
import { paths } from '@/config/paths';
import { useProperty } from '@/features/properties/api/get-property';
import { DeletePropertyButton } from '@/features/properties/components/delete-property-button';
import { PropertyDetails } from '@/features/properties/components/property-details';
import { ApiError } from '@/lib/api-client';

function BackToList() {
  return (
    <Anchor component={Link} to={paths.properties.getHref()} size="sm">
      ← Back to properties
    </Anchor>
  );
}

export type PropertyDetailScreenProps = {
  id: number;
  /** Editors and admins: the page offers to edit and delete the property. */
  canManage?: boolean;
};

/** The detail page of property `id`: loading, not found, failed, or every field. */
export function PropertyDetailScreen({ id, canManage = false }: PropertyDetailScreenProps) {
  const { data, error, isPending, refetch } = useProperty(id);

  let content: ReactNode;
  if (isPending) {
    content = (
      <Group gap="sm" py="xl" justify="center" role="status">
        <Loader size="sm" />
        <Text c="dimmed">Loading property...</Text>
      </Group>
    );
  } else if (error instanceof ApiError && error.status === 404) {
    content = (
      <Stack gap="xs">
        <Title order={2}>Property not found</Title>
        <Text>Property {id} was not found.</Text>
      </Stack>
    );
  } else if (error) {
    content = (
      <Alert color="red" title="Could not load the property">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">Error: {error.message}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    content = (
      <PropertyDetails
        property={data}
        actions={
          canManage ? (
            <>
              <ActionIcon
                component={Link}
                to={paths.propertyEdit.getHref(data.id)}
                variant="subtle"
                size="lg"
                aria-label="Edit property"
              >
                <PencilIcon />
              </ActionIcon>
              <DeletePropertyButton id={data.id} name={data.name} />
            </>
          ) : undefined
        }
      />
    );
  }

  return (
    <Stack gap="md">
      <BackToList />
      {content}
    </Stack>
  );
}
