import { PropertyTypeSchema } from '@bec/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/** GET /api/property-types. */
export const getPropertyTypes = () => apiRequest('/property-types', z.array(PropertyTypeSchema));

export const propertyTypesQueryOptions = () =>
  queryOptions({
    queryKey: ['reference', 'property-types'],
    queryFn: getPropertyTypes,
    staleTime: 10 * 60_000,
  });

export const usePropertyTypes = () => useQuery(propertyTypesQueryOptions());
