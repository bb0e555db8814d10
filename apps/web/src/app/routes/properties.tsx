import '@/features/properties/messages';
import { Button, Group, Stack, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { RequireAuth } from '@/app/require-auth';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/use-auth';
import {
  parsePropertyFilters,
  priceRangeReversed,
  propertiesInfiniteQueryOptions,
  propertyFilterParams,
} from '@/features/properties/api/get-properties';
import { ExportButton } from '@/features/properties/components/export-button';
import { PropertyFilters } from '@/features/properties/components/property-filters';
import { PropertyList } from '@/features/properties/components/property-list';
import { usePropertyFilterParams } from '@/features/properties/use-property-filter-params';
import { SaveSearchButton } from '@/features/saved-searches/components/save-search-button';
import { usePageTitle } from '@/i18n/use-page-title';
import { useT } from '@/i18n/use-t';
import { canEdit } from '@/lib/can-edit';

/** /properties: members only; a signed-out visitor goes to / (docs/product.md, Screens and routes). */
export function Component() {
  const [searchParams] = useSearchParams();
  usePageTitle('properties.title');
  return (
    <RequireAuth
      signedOutTo={paths.root.getHref()}
      prefetch={(queryClient) => {
        const filters = parsePropertyFilters(searchParams);
        if (!priceRangeReversed(filters))
          void queryClient.prefetchInfiniteQuery(propertiesInfiniteQueryOptions(filters));
      }}
    >
      <Properties />
    </RequireAuth>
  );
}

/** The grid with its filters bar; the filters live in the URL (usePropertyFilterParams). */
function Properties() {
  const { user } = useAuth();
  const t = useT();
  const { filters, change, clear } = usePropertyFilterParams();
  const canAdd = canEdit(user);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={2}>{t('properties.title')}</Title>
        <Group gap="sm">
          <ExportButton filters={filters} />
          {canAdd && (
            <>
              <Button component={Link} to={paths.quickAdd.getHref()} variant="light">
                {t('properties.quickAdd.title')}
              </Button>
              <Button component={Link} to={paths.addProperty.getHref()}>
                {t('properties.add')}
              </Button>
            </>
          )}
        </Group>
      </Group>
      <PropertyFilters
        filters={filters}
        onChange={change}
        onClear={clear}
        actions={<SaveSearchButton filters={propertyFilterParams(filters)} canShare={canAdd} />}
      />
      <PropertyList filters={filters} />
    </Stack>
  );
}
