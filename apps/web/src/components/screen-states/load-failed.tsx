import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { useT } from '@/i18n/use-t';

export type LoadFailedProps = {
  /** The sentence the alert reads, the error's text already in it. */
  message: string;
  /** The alert's heading, where the sentence alone would not say what failed. */
  title?: string | undefined;
  /** Without it, no button: nothing the person can do helps. */
  onRetry?: (() => void) | undefined;
  /** A retry is on its way: the button stays (and keeps the focus) but does nothing. */
  retrying?: boolean;
};

/**
 * "Could not load … · Reintentar": an alert (read out when it appears), whose button is never
 * disabled while it waits, since a disabled button drops the keyboard's focus (ADR 026: every
 * control named and reachable).
 */
export function LoadFailed({ message, title, onRetry, retrying = false }: LoadFailedProps) {
  const t = useT();
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">{message}</Text>
        {onRetry && (
          <Button
            size="xs"
            variant="default"
            aria-busy={retrying || undefined}
            leftSection={retrying ? <Loader size={12} /> : undefined}
            onClick={retrying ? undefined : onRetry}
          >
            {t('common.tryAgain')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
