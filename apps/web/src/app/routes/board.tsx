import '@/features/pipeline/messages';
import '@/features/properties/messages';
import { Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { RequireAuth } from '@/app/require-auth';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/use-auth';
import { Board } from '@/features/pipeline/components/board';
import { propertyFiltersToSearchParams } from '@/features/properties/api/get-properties';
import { propertyKeys } from '@/features/properties/api/query-keys';
import { PropertyFilters } from '@/features/properties/components/property-filters';
import { usePropertyFilterParams } from '@/features/properties/use-property-filter-params';
import { usePageTitle } from '@/i18n/use-page-title';
import { useT } from '@/i18n/use-t';
import { canEdit } from '@/lib/can-edit';

/** /board: the pipeline, a column per stage (members see it; editors and admins move cards). */
export function Component() {
  usePageTitle('nav.board');
  return (
    <RequireAuth signedOutTo={paths.home.getHref()}>
      <BoardPage />
    </RequireAuth>
  );
}

function BoardPage() {
  const t = useT();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const { filters, change, clear } = usePropertyFilterParams();
  // The grid's filters (from the URL) apply to every column; the stage and the order are the board's.
  const { stage: _stage, sort: _sort, ...others } = filters;
  const canMove = canEdit(user);
  return (
    <Stack gap="md">
      <Title order={2}>{t('pipeline.title')}</Title>
      {canMove && (
        <Text size="sm" c="dimmed">
          {t('pipeline.intro')}
        </Text>
      )}
      <PropertyFilters
        filters={filters}
        onChange={change}
        onClear={clear}
        hide={['stage', 'sort']}
      />
      <Board
        filters={propertyFiltersToSearchParams(others).toString()}
        canMove={canMove}
        userId={user?.id}
        onMoved={() => void queryClient.invalidateQueries({ queryKey: propertyKeys.all })}
      />
    </Stack>
  );
}
