import { Button, Group, Loader } from '@mantine/core';
import type { Ref } from 'react';

/** What "Cargar más" reads of an infinite query. */
type NextPageLike = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
};

export type LoadMoreProps = {
  query: NextPageLike;
  /** "Cargar más" in the screen's words. */
  label: string;
  /** A board column's small link-like button rather than a list's centred one. */
  compact?: boolean;
  /** Not now (the list shows the previous filter's results while the new ones load). */
  disabled?: boolean;
  /** The footer, for a list that asks for its next page by itself when the footer shows. */
  footerRef?: Ref<HTMLDivElement> | undefined;
};

/**
 * The footer of a list read a page at a time; gone after the last page. While the next page
 * loads the button stays enabled (it ignores clicks), so the keyboard's focus stays on it.
 */
export function LoadMore({ query, label, compact = false, disabled, footerRef }: LoadMoreProps) {
  if (!query.hasNextPage) return null;
  const busy = query.isFetchingNextPage;
  const button = (
    <Button
      size={compact ? 'compact-sm' : undefined}
      variant={compact ? 'subtle' : 'default'}
      disabled={disabled}
      aria-busy={busy || undefined}
      leftSection={busy ? <Loader size={14} /> : undefined}
      onClick={busy ? undefined : () => void query.fetchNextPage()}
    >
      {label}
    </Button>
  );
  return compact ? (
    button
  ) : (
    <Group ref={footerRef} justify="center" py={footerRef ? 'md' : undefined}>
      {button}
    </Group>
  );
}
