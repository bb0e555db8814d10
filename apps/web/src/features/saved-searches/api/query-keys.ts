/** Every saved-search query key comes from here, so a mutation can invalidate what it changed. */
export const savedSearchKeys = {
  all: ['saved-searches'] as const,
  list: () => [...savedSearchKeys.all, 'list'] as const,
};
