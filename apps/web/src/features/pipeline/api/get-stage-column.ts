import { type PropertyList, PropertyListSchema, type PropertyStage } from '@bec/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { pipelineKeys } from '@/features/pipeline/api/query-keys';
import { apiRequest } from '@/lib/api-client';

/** Cards per "Cargar más" in a column. */
const COLUMN_PAGE_SIZE = 20;

/**
 * GET /api/properties for one column: the grid's other filters (`filters`, search-param text
 * without stage or sort), this stage, newest first, one keyset page after `cursor`.
 */
function getStageColumn(
  stage: PropertyStage,
  filters: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<PropertyList> {
  const params = new URLSearchParams(filters);
  params.delete('stage');
  params.delete('sort');
  params.set('stage', stage);
  params.set('sort', 'newest');
  params.set('limit', String(COLUMN_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return apiRequest(`/properties?${params}`, PropertyListSchema, { signal });
}

export const stageColumnQueryOptions = (stage: PropertyStage, filters: string) =>
  infiniteQueryOptions({
    queryKey: pipelineKeys.column(stage, filters),
    queryFn: ({ pageParam, signal }) => getStageColumn(stage, filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
  });

export const useStageColumn = (stage: PropertyStage, filters: string) =>
  useInfiniteQuery(stageColumnQueryOptions(stage, filters));
