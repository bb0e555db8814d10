import { notifications } from '@mantine/notifications';
import { errorText } from '@/lib/api-error';

/**
 * A delete's two outcomes as toasts, for a mutation's options: green with what went, or red with
 * the failure's title and the server's reason.
 */
export function deleteNotices({ done, failed }: { done: string; failed: string }) {
  return {
    onSuccess: () => {
      notifications.show({ color: 'green', message: done });
    },
    onError: (error: unknown) => {
      notifications.show({ color: 'red', title: failed, message: errorText(error) });
    },
  };
}
