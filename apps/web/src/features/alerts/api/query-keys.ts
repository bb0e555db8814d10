/** Every alert query key comes from here, so marking one read refreshes the count and the list. */
export const alertKeys = {
  all: ['alerts'] as const,
  unread: () => [...alertKeys.all, 'unread'] as const,
  list: () => [...alertKeys.all, 'list'] as const,
};
