import '@/features/brokers/messages';
import '@/features/properties/messages';
import type { Role } from '@bec/contracts';
import { Stack, Title } from '@mantine/core';
import { RequireAuth } from '@/app/require-auth';
import { paths } from '@/config/paths';
import { NewBrokerButton } from '@/features/brokers/components/broker-form-modal';
import { AddPropertyForm } from '@/features/properties/components/property-form/add-property-form';
import { usePageTitle } from '@/i18n/use-page-title';
import { useT } from '@/i18n/use-t';

const EDITORS: readonly Role[] = ['editor', 'admin'];

/**
 * /addProperty: editors and admins add a property. Anyone else, signed out or a viewer, is sent
 * to / (docs/product.md, Screens and routes); "Loading..." while the sign-in state is unknown.
 */
export function Component() {
  const t = useT();
  usePageTitle('properties.add');
  return (
    <RequireAuth
      signedOutTo={paths.root.getHref()}
      roles={EDITORS}
      forbiddenTo={paths.root.getHref()}
    >
      <Stack gap="md" maw={960}>
        <Title order={2}>{t('properties.add')}</Title>
        <AddPropertyForm
          newBroker={({ onCreated }) => (
            <NewBrokerButton onCreated={(broker) => onCreated(broker.id)} />
          )}
        />
      </Stack>
    </RequireAuth>
  );
}
