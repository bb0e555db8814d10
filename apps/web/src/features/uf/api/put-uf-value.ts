import { type PutUfValueBody, type PutUfValueResult, PutUfValueResultSchema } from '@bec/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { PROPERTIES_KEY, ufKeys } from './uf-query-keys';

type PutUfValueInput = { date: string; value: number };

/** PUT /api/uf/values/:date (admins): stores a value by hand, re-pricing UF properties. */
function putUfValue({ date, value }: PutUfValueInput) {
  const body: PutUfValueBody = { value };
  return apiRequest(`/uf/values/${date}`, PutUfValueResultSchema, { method: 'PUT', body });
}

export type UsePutUfValueOptions = {
  onSuccess?: (result: PutUfValueResult) => void;
  onError?: (error: Error) => void;
};

/** Stores a value; the UF queries and every property query (their peso equivalents) refresh. */
export function usePutUfValue({ onSuccess, onError }: UsePutUfValueOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putUfValue,
    onSuccess: (result) => onSuccess?.(result),
    onError: (error) => onError?.(error),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ufKeys.all }),
        queryClient.invalidateQueries({ queryKey: PROPERTIES_KEY }),
      ]),
  });
}
