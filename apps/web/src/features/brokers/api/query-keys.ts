/** Every broker query key comes from here, so a change can invalidate what it touched. */
export const brokerKeys = {
  all: ['brokers'] as const,
  lists: () => [...brokerKeys.all, 'list'] as const,
  list: (params: { q: string; archived: boolean }) => [...brokerKeys.lists(), params] as const,
  details: () => [...brokerKeys.all, 'detail'] as const,
  detail: (id: number) => [...brokerKeys.details(), id] as const,
};
