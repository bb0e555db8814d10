import { BrokerSchema } from '@bec/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/** GET /api/brokers, by name. */
export const getBrokers = () => apiRequest('/brokers', z.array(BrokerSchema));

export const brokersQueryOptions = () =>
  queryOptions({ queryKey: ['reference', 'brokers'], queryFn: getBrokers, staleTime: 60_000 });

export const useBrokers = () => useQuery(brokersQueryOptions());
