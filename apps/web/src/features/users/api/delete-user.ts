import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { userKeys } from '@/entities/member/member-query-keys';
import { apiRequest } from '@/lib/api-client';

const DeletedUserSchema = z.object({ id: z.number().int() });

/**
 * DELETE /api/users/:id. The API refuses to remove the last admin (409 LAST_ADMIN) and answers
 * 404 when the member is already gone.
 */
function deleteUser(id: number) {
  return apiRequest(`/users/${id}`, DeletedUserSchema, { method: 'DELETE' });
}

export type UseDeleteUserOptions = {
  onSuccess?: (id: number) => void;
  onError?: (error: Error, id: number) => void;
};

/**
 * Removes a member; the users queries (and the signed-in profile, in case it was your own
 * account) are refetched whatever the outcome, before the mutation settles. The caller's
 * callbacks run even if its row is gone by then.
 */
export function useDeleteUser({ onSuccess, onError }: UseDeleteUserOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_deleted, id) => onSuccess?.(id),
    onError: (error, id) => onError?.(error, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
