import '@/features/history/messages';
import '@/features/market/messages';
import '@/features/properties/messages';
import '@/features/visits/messages';
import { Anchor, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { RequireAuth } from '@/app/require-auth';
import { dropDeletedProperty } from '@/app/working-set';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/use-auth';
import { PropertyHistory } from '@/features/history/components/property-history';
import { PositionMap } from '@/features/map/components/position-map';
import { PropertyComparables } from '@/features/market/components/property-comparables';
import { rememberOpened } from '@/features/offline/opened-properties';
import { propertyQueryOptions } from '@/features/properties/api/get-property';
import { propertyKeys } from '@/features/properties/api/query-keys';
import { PropertyDetailScreen } from '@/features/properties/components/property-detail-screen';
import { PropertyPrice } from '@/features/properties/components/property-price';
import { VisitsSection } from '@/features/visits/components/visits-section';
import { usePageTitle } from '@/i18n/use-page-title';
import { useT } from '@/i18n/use-t';
import { canEdit } from '@/lib/can-edit';
import { parseRouteId } from '@/lib/route-id';

/**
 * /properties/:id: members only; a signed-out visitor goes to /home (docs/product.md, Screens and routes). Editors and admins
 * also get the delete icon.
 */
export function Component() {
  const id = parseRouteId(useParams().id);
  const { user, session, clientConfig } = useAuth();
  const t = useT();
  usePageTitle('properties.detail.pageTitle');
  const canManage = canEdit(user);
  const tiles = clientConfig?.map_tiles;
  const queryClient = useQueryClient();
  // A visit may move the property's stage: its page and the lists show the new one.
  // The properties opened last stay readable offline (ADR 046).
  const subject = user === null ? null : (session?.subject ?? null);
  useEffect(() => {
    if (subject !== null && id !== null) void rememberOpened(subject, id);
  }, [subject, id]);
  const refreshProperty = () => void queryClient.invalidateQueries({ queryKey: propertyKeys.all });
  return (
    <RequireAuth
      signedOutTo={paths.home.getHref()}
      prefetch={(queryClient) =>
        id === null ? undefined : queryClient.prefetchQuery(propertyQueryOptions(id))
      }
    >
      {id === null ? (
        <Stack gap="xs">
          <Text role="alert">{t('properties.idMissing')}</Text>
          <Anchor component={Link} to={paths.properties.getHref()} size="sm">
            {t('properties.backToList')}
          </Anchor>
        </Stack>
      ) : (
        <PropertyDetailScreen
          id={id}
          canManage={canManage}
          userId={user?.id}
          onDeleted={(deletedId) => void dropDeletedProperty(queryClient, subject, deletedId)}
          sections={(property) => (
            <>
              {tiles && property.latitude !== null && property.longitude !== null && (
                <PositionMap
                  lat={property.latitude}
                  lng={property.longitude}
                  name={property.name}
                  tiles={tiles}
                />
              )}
              <VisitsSection
                propertyId={property.id}
                canManage={canManage}
                currentUserId={user?.id}
                currentUserName={user?.name}
                propertyName={property.name}
                onChanged={refreshProperty}
              />
              <PropertyComparables
                property={property}
                renderPrice={(comparable, uf) => <PropertyPrice property={comparable} uf={uf} />}
              />
              <PropertyHistory propertyId={property.id} />
            </>
          )}
        />
      )}
    </RequireAuth>
  );
}
