import { Center, Group, Loader, Text } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { errorText } from '@/lib/api-error';
import { LoadFailed } from './load-failed';

/** What the kit reads of a TanStack query (an infinite one too). */
type QueryStatusLike = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
};

export type QueryStateProps = {
  query: QueryStatusLike;
  /** The loader's name ("Cargando…"). */
  loading: string;
  /** The alert's sentence around the error's text. */
  failed: (message: string) => string;
  /** Shown once the data is there and holds nothing. */
  empty?: ReactNode;
  /** A section's loader (a line with its text) rather than a screen's (a centred spinner). */
  inline?: boolean;
  /** Data already shown stays on screen: an error then speaks only when there is none. */
  hasData?: boolean;
};

/**
 * The states of a screen's query before its content: loading, the error with "Reintentar", and
 * empty; nothing once there is content to show. A query that failed with no data goes back to
 * pending when it is fetched again, so the alert is kept on screen until the retry's answer:
 * the "Reintentar" button that has the focus is not swapped for a spinner.
 */
export function QueryState({
  query,
  loading,
  failed,
  empty,
  inline = false,
  hasData = false,
}: QueryStateProps) {
  // A retry is 'asked', then 'seen' pending, then over once the query settles: read from the
  // query itself, since refetch() resolves before the screen hears of the answer.
  const [retry, setRetry] = useState<'none' | 'asked' | 'seen'>('none');
  const lastFailure = useRef('');
  if (query.isError) lastFailure.current = failed(errorText(query.error));
  const waiting = retry !== 'none' && query.isPending;
  useEffect(() => {
    if (retry === 'asked' && query.isPending) setRetry('seen');
    else if (retry === 'seen' && !query.isPending) setRetry('none');
  }, [retry, query.isPending]);

  const again = () => {
    setRetry('asked');
    void query.refetch();
  };

  if ((query.isError || waiting) && !hasData) {
    return <LoadFailed message={lastFailure.current} onRetry={again} retrying={waiting} />;
  }
  if (query.isPending) {
    return inline ? (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text c="dimmed">{loading}</Text>
      </Group>
    ) : (
      <Center py="xl">
        <Loader aria-label={loading} />
      </Center>
    );
  }
  return query.isError ? null : (empty ?? null);
}
