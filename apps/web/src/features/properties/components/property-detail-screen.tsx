import type { PropertyDetail } from '@bec/contracts';
import { ActionIcon, Anchor, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PencilIcon } from '@/components/pencil-icon';
import { paths } from '@/config/paths';
import { useProperty } from '@/features/properties/api/get-property';
import { DeletePropertyButton } from '@/features/properties/components/delete-property-button';
import { PropertyDetails } from '@/features/properties/components/property-details';
import { PropertyLoadState } from '@/features/properties/components/property-load-state';
import { StageMenu } from '@/features/properties/components/stage-menu';
import { useT } from '@/i18n/use-t';

function BackToList() {
  const t = useT();
  return (
    <Anchor component={Link} to={paths.properties.getHref()} size="sm">
      {t('properties.backToList')}
    </Anchor>
  );
}

export type PropertyDetailScreenProps = {
  id: number;
  /** Editors and admins: the page offers to edit and delete the property. */
  canManage?: boolean;
  /** The signed-in member: a stage moved offline waits in their queue. */
  userId?: number | undefined;
  /**
   * What other features show about the loaded property below its fields (the app composes them:
   * a feature never imports another): where it is on a map, how its price compares.
   */
  sections?: (property: PropertyDetail) => ReactNode;
  /**
   * After the member deleted it: the app drops it from every feature's data and the saved
   * working set, so nothing asks the server for it again (ADR 060).
   */
  onDeleted?: ((id: number) => void) | undefined;
};

/** The detail page of property `id`: loading, not found, failed, or every field. */
export function PropertyDetailScreen({
  id,
  canManage = false,
  userId,
  sections,
  onDeleted,
}: PropertyDetailScreenProps) {
  const { data, error, refetch } = useProperty(id);
  const t = useT();

  let content: ReactNode;
  // A failed refetch (a 404 after a delete elsewhere) wins over the copy in the cache.
  if (!data || error) {
    content = <PropertyLoadState id={id} error={error} refetch={refetch} />;
  } else {
    content = (
      <>
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
                  aria-label={t('properties.detail.edit')}
                >
                  <PencilIcon />
                </ActionIcon>
                <StageMenu property={data} userId={userId} />
                <DeletePropertyButton id={data.id} name={data.name} onDeleted={onDeleted} />
              </>
            ) : undefined
          }
        />
        {sections?.(data)}
      </>
    );
  }

  return (
    <Stack gap="md">
      <BackToList />
      {content}
    </Stack>
  );
}
