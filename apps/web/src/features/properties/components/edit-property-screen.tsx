import type { PropertyDetail } from '@bec/contracts';
import { Anchor, Stack, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useProperty } from '@/features/properties/api/get-property';
import { EditPropertyForm } from '@/features/properties/components/property-form/edit-property-form';
import type { NewBrokerSlot } from '@/features/properties/components/property-form/property-form-fields';
import { PropertyLoadState } from '@/features/properties/components/property-load-state';
import { useT } from '@/i18n/use-t';

export type EditPropertyScreenProps = {
  id: number;
  /** Beside the Corredor select: add a broker without leaving the form (from the route). */
  newBroker?: NewBrokerSlot | undefined;
};

/**
 * The edit page of property `id`: loading, not found, failed, or the form filled from it. The
 * form keeps the version it was filled from (a background refetch does not refill it), until
 * "Reload" after a conflict loads the property again and fills the form anew.
 */
export function EditPropertyScreen({ id, newBroker }: EditPropertyScreenProps) {
  const { data, error, refetch } = useProperty(id);
  const t = useT();
  const [loaded, setLoaded] = useState<PropertyDetail | null>(null);
  const [reloading, setReloading] = useState(false);

  useEffect(() => {
    if (loaded === null && data) setLoaded(data);
  }, [loaded, data]);

  const reload = async () => {
    setReloading(true);
    try {
      const result = await refetch();
      if (result.data) setLoaded(result.data);
    } finally {
      setReloading(false);
    }
  };

  const back = (
    <Anchor component={Link} to={paths.property.getHref(id)} size="sm">
      {t('properties.backToProperty')}
    </Anchor>
  );

  if (loaded) {
    return (
      <Stack gap="md" maw={960}>
        {back}
        <Title order={2}>{t('properties.edit')}</Title>
        <EditPropertyForm
          key={loaded.updated_at}
          property={loaded}
          onReload={() => void reload()}
          reloading={reloading}
          newBroker={newBroker}
        />
      </Stack>
    );
  }
  return <PropertyLoadState id={id} error={error} refetch={refetch} />;
}
