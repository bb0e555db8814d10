import { RegionSchema } from '@bec/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/** GET /api/regions: the 16 regions north to south, each with its comunas (fixed data). */
export const getRegions = () => apiRequest('/regions', z.array(RegionSchema));

export const regionsQueryOptions = () =>
  queryOptions({
    queryKey: ['reference', 'regions'],
    queryFn: getRegions,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useRegions = () => useQuery(regionsQueryOptions());
