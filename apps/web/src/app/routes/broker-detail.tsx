import '@/features/brokers/messages';
import '@/features/properties/messages';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { RequireAuth } from '@/app/require-auth';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/use-auth';
import { brokerQueryOptions } from '@/features/brokers/api/get-brokers';
import { BrokerDetailScreen } from '@/features/brokers/components/broker-detail-screen';
import { PropertyList } from '@/features/properties/components/property-list';
import { usePageTitle } from '@/i18n/use-page-title';
import { useT } from '@/i18n/use-t';
import { canEdit } from '@/lib/can-edit';
import { parseRouteId } from '@/lib/route-id';

/** /brokers/:id: a broker's details and the grid's cards of the properties naming them. */
export function Component() {
  const id = parseRouteId(useParams().id);
  const { user } = useAuth();
  const t = useT();
  usePageTitle('brokers.detail.pageTitle');
  const canManage = canEdit(user);
  return (
    <RequireAuth
      signedOutTo={paths.home.getHref()}
      prefetch={(queryClient) =>
        id === null ? undefined : queryClient.prefetchQuery(brokerQueryOptions(id))
      }
    >
      {id === null ? (
        <Stack gap="xs">
          <Text role="alert">{t('brokers.detail.idMissing')}</Text>
          <Anchor component={Link} to={paths.brokers.getHref()} size="sm">
            {t('brokers.detail.back')}
          </Anchor>
        </Stack>
      ) : (
        <BrokerDetailScreen
          id={id}
          canManage={canManage}
          properties={<PropertyList filters={{ broker_id: id }} />}
        />
      )}
    </RequireAuth>
  );
}
