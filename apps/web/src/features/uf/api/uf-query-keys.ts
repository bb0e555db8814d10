/** Every UF query key. Storing a value re-prices UF properties, so it also refreshes theirs. */
export const ufKeys = {
  all: ['uf'] as const,
  current: () => [...ufKeys.all, 'current'] as const,
  values: () => [...ufKeys.all, 'values'] as const,
};

/** The property queries' common prefix (features/properties owns the rest of those keys). */
export const PROPERTIES_KEY = ['properties'] as const;
