import type { ListPropertiesQuery } from '@bec/contracts';

/** Every property query key comes from here, so a mutation can invalidate what it changed. */
export const propertyKeys = {
  all: ['properties'] as const,
  lists: () => [...propertyKeys.all, 'list'] as const,
  list: (filters: Partial<ListPropertiesQuery>) => [...propertyKeys.lists(), filters] as const,
  details: () => [...propertyKeys.all, 'detail'] as const,
  detail: (id: number) => [...propertyKeys.details(), id] as const,
};

/**
 * A list or a property fetched this recently is not asked for again when a page mounts: the page
 * may have prefetched it a moment before (RequireAuth). Saving, deleting and editing mark them
 * stale themselves.
 */
export const JUST_FETCHED_MS = 10_000;
