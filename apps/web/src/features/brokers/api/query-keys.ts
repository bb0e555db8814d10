/** Every broker query key comes from here, so a change can invalidate what it touched. */
export const brokerKeys = {
  all: ['brokers'] as const,
  lists: () => [...brokerKeys.all, 'list'] as const,
  list: (params: { q: string; archived: boolean }) => [...brokerKeys.lists(), params] as const,
  details: () => [...brokerKeys.all, 'detail'] as const,
  detail: (id: number) => [...brokerKeys.details(), id] as const,
};

/**
 * The property form's choices (features/properties' `['reference', 'brokers', include]`): a
 * broker added, edited, archived or deleted here refreshes them too.
 */
export const BROKER_CHOICES_KEY = ['reference', 'brokers'] as const;
