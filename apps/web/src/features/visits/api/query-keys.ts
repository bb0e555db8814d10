/** Every visit query key comes from here, so a change can mark what it touched stale. */
export const visitKeys = {
  all: ['visits'] as const,
  ofProperty: (propertyId: number) => [...visitKeys.all, 'property', propertyId] as const,
  upcoming: () => [...visitKeys.all, 'upcoming'] as const,
  visitors: () => [...visitKeys.all, 'visitors'] as const,
};
