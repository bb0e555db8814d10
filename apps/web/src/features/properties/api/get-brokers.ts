import { BrokerSchema } from '@bec/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/**
 * GET /api/brokers: the active brokers by name, plus `include` even if archived (the broker a
 * property being edited already names). Adding or archiving a broker invalidates
 * ['reference', 'brokers'].
 */
export const getBrokers = (include?: number | null) =>
  apiRequest(include ? `/brokers?include=${include}` : '/brokers', z.array(BrokerSchema));

export const brokersQueryOptions = (include?: number | null) =>
  queryOptions({
    queryKey: ['reference', 'brokers', include ?? null],
    queryFn: () => getBrokers(include),
    staleTime: 60_000,
  });

export const useBrokers = (include?: number | null) => useQuery(brokersQueryOptions(include));
