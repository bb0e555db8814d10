import { type ApproveWaitlistBody, type Role, type User, UserSchema } from '@bec/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userKeys, waitlistKeys } from '@/entities/member/member-query-keys';
import { apiRequest } from '@/lib/api-client';

type ApproveWaitlistEntryInput = { id: number; role: Role };

/**
 * POST /api/waitlist/:id/approve: the entry becomes a member with `role` (201, the new member).
 * 409 when its email is a member already; 404 when the entry is gone.
 */
function approveWaitlistEntry({ id, role }: ApproveWaitlistEntryInput) {
  const body: ApproveWaitlistBody = { role };
  return apiRequest(`/waitlist/${id}/approve`, UserSchema, { method: 'POST', body });
}

export type UseApproveWaitlistEntryOptions = {
  onSuccess?: (user: User, input: ApproveWaitlistEntryInput) => void;
  onError?: (error: Error, input: ApproveWaitlistEntryInput) => void;
};

/**
 * Grants access. Whatever the outcome the waitlist is refetched (the entry leaves it), and so is
 * the users list, which gains a member; the mutation settles once they are. The caller's
 * callbacks run even if its row is gone by then.
 */
export function useApproveWaitlistEntry({
  onSuccess,
  onError,
}: UseApproveWaitlistEntryOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveWaitlistEntry,
    onSuccess: (user, input) => onSuccess?.(user, input),
    onError: (error, input) => onError?.(error, input),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: waitlistKeys.all }),
        queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
      ]),
  });
}
