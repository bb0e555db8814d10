import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { waitlistKeys } from '@/entities/member/member-query-keys';
import { apiRequest } from '@/lib/api-client';

const DeletedEntrySchema = z.object({ id: z.number().int() });

/** DELETE /api/waitlist/:id: refuses an access request (404 when it is gone already). */
function deleteWaitlistEntry(id: number) {
  return apiRequest(`/waitlist/${id}`, DeletedEntrySchema, { method: 'DELETE' });
}

export type UseDeleteWaitlistEntryOptions = {
  onSuccess?: (id: number) => void;
  onError?: (error: Error, id: number) => void;
};

/**
 * Refuses an access request; the waitlist is refetched whatever the outcome, before it settles.
 * The caller's callbacks run even if its row is gone by then.
 */
export function useDeleteWaitlistEntry({ onSuccess, onError }: UseDeleteWaitlistEntryOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWaitlistEntry,
    onSuccess: (_deleted, id) => onSuccess?.(id),
    onError: (error, id) => onError?.(error, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: waitlistKeys.all }),
  });
}
