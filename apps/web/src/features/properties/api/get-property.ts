import { type PropertyDetail, PropertyDetailSchema } from '@bec/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { JUST_FETCHED_MS, propertyKeys } from '@/features/properties/api/query-keys';
import { apiRequest } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';

/** GET /api/properties/:id: every field, with names and photos; a 404 stays an ApiError 404. */
export async function getProperty(id: number, signal?: AbortSignal): Promise<PropertyDetail> {
  try {
    return await apiRequest(`/properties/${id}`, PropertyDetailSchema, { signal });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    throw new ApiError(err.status, `Failed to fetch property: ${err.message}`, {
      code: err.code,
      fieldErrors: err.fieldErrors,
    });
  }
}

export const propertyQueryOptions = (id: number) =>
  queryOptions({
    queryKey: propertyKeys.detail(id),
    queryFn: ({ signal }) => getProperty(id, signal),
    staleTime: JUST_FETCHED_MS,
  });

export const useProperty = (id: number) => useQuery(propertyQueryOptions(id));
