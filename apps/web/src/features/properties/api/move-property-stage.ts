import { useMutation, useQueryClient } from '@tanstack/react-query';
import { propertyKeys } from '@/features/properties/api/query-keys';
import { movePropertyStage } from '@/lib/stage-move';

/** Moves the property on its page; every property query is marked stale either way. */
export function useMovePropertyStage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: movePropertyStage,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: propertyKeys.all }),
  });
}
