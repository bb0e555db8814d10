import { type Role, type UpdateUserBody, type User, UserSchema } from '@bec/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userKeys } from '@/entities/member/member-query-keys';
import { apiRequest } from '@/lib/api-client';

type UpdateUserRoleInput = { id: number; role: Role };

/**
 * PATCH /api/users/:id: answers the updated member. The API refuses to demote the last admin
 * (409 LAST_ADMIN, with a message that says why).
 */
function updateUserRole({ id, role }: UpdateUserRoleInput) {
  const body: UpdateUserBody = { role };
  return apiRequest(`/users/${id}`, UserSchema, { method: 'PATCH', body });
}

export type UseUpdateUserRoleOptions = {
  onSuccess?: (user: User, input: UpdateUserRoleInput) => void;
  onError?: (error: Error, input: UpdateUserRoleInput) => void;
};

/**
 * Changes a member's role. Whatever the outcome, the users queries (and the signed-in profile,
 * in case it was your own role) are refetched; the promise is returned so the mutation stays
 * pending until they are, and a select showing `variables.role` while pending never flickers
 * back to the old value. The caller's callbacks run even if its component is gone by then.
 */
export function useUpdateUserRole({ onSuccess, onError }: UseUpdateUserRoleOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserRole,
    onSuccess: (user, input) => onSuccess?.(user, input),
    onError: (error, input) => onError?.(error, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
