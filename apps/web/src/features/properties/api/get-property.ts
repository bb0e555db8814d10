import { type PropertyDetail, PropertyDetailSchema } from '@bec/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { JUST_FETCHED_MS, propertyKeys } from '@/features/properties/api/query-keys';
import { apiRequest } from '@/lib/api-client';

/** GET /api/properties/:id: every field, with names and photos; a 404 stays an ApiError 404. */
const getProperty = (id: number, signal?: AbortSignal): Promise<PropertyDetail> =>
  apiRequest(`/properties/${id}`, PropertyDetailSchema, { signal });

export const propertyQueryOptions = (id: number) =>
  queryOptions({
    queryKey: propertyKeys.detail(id),
    queryFn: ({ signal }) => getProperty(id, signal),
    staleTime: JUST_FETCHED_MS,
  });

export const useProperty = (id: number) => useQuery(propertyQueryOptions(id));
