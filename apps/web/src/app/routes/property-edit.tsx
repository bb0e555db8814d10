import '@/features/brokers/messages';
import '@/features/properties/messages';
import type { Role } from '@bec/contracts';
import { Text } from '@mantine/core';
import { useParams } from 'react-router';
import { RequireAuth } from '@/app/require-auth';
import { paths } from '@/config/paths';
import { NewBrokerButton } from '@/features/brokers/components/broker-form-modal';
import { EditPropertyScreen } from '@/features/properties/components/edit-property-screen';
import { usePageTitle } from '@/i18n/use-page-title';
import { useT } from '@/i18n/use-t';
import { parseRouteId } from '@/lib/route-id';

const EDITORS: readonly Role[] = ['editor', 'admin'];

/** /properties/:id/edit: editors and admins edit a property; anyone else is sent to /. */
export function Component() {
  const id = parseRouteId(useParams().id);
  const t = useT();
  usePageTitle('properties.edit');
  return (
    <RequireAuth
      signedOutTo={paths.root.getHref()}
      roles={EDITORS}
      forbiddenTo={paths.root.getHref()}
    >
      {id === null ? (
        <Text role="alert">{t('properties.idMissing')}</Text>
      ) : (
        <EditPropertyScreen
          id={id}
          newBroker={({ onCreated }) => (
            <NewBrokerButton onCreated={(broker) => onCreated(broker.id)} />
          )}
        />
      )}
    </RequireAuth>
  );
}
