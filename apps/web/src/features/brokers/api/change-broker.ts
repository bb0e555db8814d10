import {
  type Broker,
  BrokerSchema,
  type CreateBrokerBody,
  type UpdateBrokerBody,
} from '@bec/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { referenceKeys } from '@/entities/reference/reference-queries';
import { brokerKeys } from '@/features/brokers/api/query-keys';
import { apiRequest } from '@/lib/api-client';

/** POST /api/brokers, or PUT /api/brokers/:id with the `updated_at` the form loaded. */
export type SaveBrokerInput =
  | { id?: undefined; body: CreateBrokerBody }
  | { id: number; body: UpdateBrokerBody };

const saveBroker = ({ id, body }: SaveBrokerInput) =>
  id === undefined
    ? apiRequest('/brokers', BrokerSchema, { method: 'POST', body })
    : apiRequest(`/brokers/${id}`, BrokerSchema, { method: 'PUT', body });

/** PATCH /api/brokers/:id: archive (hidden from the property form) or bring back. */
const setBrokerArchived = ({ id, archived }: { id: number; archived: boolean }) =>
  apiRequest(`/brokers/${id}`, BrokerSchema, { method: 'PATCH', body: { archived } });

/** DELETE /api/brokers/:id: refused (409 broker_in_use) while a property names the broker. */
const deleteBroker = (id: number) =>
  apiRequest(`/brokers/${id}`, z.object({ id: z.number().int() }), { method: 'DELETE' });

/**
 * After any change: the Brokers screen, the broker's page and the property form's choices are
 * fetched again. The promise is returned, so the mutation settles once they have been: a broker
 * added from the property form is in the Corredor select before it is selected.
 */
function useRefreshBrokers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: brokerKeys.all }),
      queryClient.invalidateQueries({ queryKey: referenceKeys.brokers() }),
    ]);
}

export function useSaveBroker() {
  const refresh = useRefreshBrokers();
  return useMutation<Broker, Error, SaveBrokerInput>({
    mutationFn: saveBroker,
    onSuccess: () => refresh(),
  });
}

export function useSetBrokerArchived() {
  const refresh = useRefreshBrokers();
  return useMutation({ mutationFn: setBrokerArchived, onSettled: () => refresh() });
}

export function useDeleteBroker() {
  const refresh = useRefreshBrokers();
  return useMutation({ mutationFn: deleteBroker, onSettled: () => refresh() });
}
