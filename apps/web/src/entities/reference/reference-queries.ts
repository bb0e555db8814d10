import { BrokerSchema, PropertyTypeSchema, RegionSchema } from '@bec/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/**
 * The reference data the forms and filters choose from (regions and comunas, property types,
 * brokers), shared by every feature. Every key comes from here, so a feature that changes one
 * (the brokers' screen) invalidates what the others show.
 */
export const referenceKeys = {
  all: ['reference'] as const,
  regions: () => [...referenceKeys.all, 'regions'] as const,
  propertyTypes: () => [...referenceKeys.all, 'property-types'] as const,
  /** Every broker choice list, whichever broker each includes. */
  brokers: () => [...referenceKeys.all, 'brokers'] as const,
  brokerChoices: (include: number | null) => [...referenceKeys.brokers(), include] as const,
};

/** GET /api/regions: the 16 regions north to south, each with its comunas (fixed data). */
const getRegions = () => apiRequest('/regions', z.array(RegionSchema));

export const regionsQueryOptions = () =>
  queryOptions({
    queryKey: referenceKeys.regions(),
    queryFn: getRegions,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useRegions = () => useQuery(regionsQueryOptions());

/** GET /api/property-types. */
const getPropertyTypes = () => apiRequest('/property-types', z.array(PropertyTypeSchema));

export const propertyTypesQueryOptions = () =>
  queryOptions({
    queryKey: referenceKeys.propertyTypes(),
    queryFn: getPropertyTypes,
    staleTime: 10 * 60_000,
  });

export const usePropertyTypes = () => useQuery(propertyTypesQueryOptions());

/**
 * GET /api/brokers: the active brokers by name, plus `include` even if archived (the broker a
 * property being edited already names). Adding or archiving a broker invalidates
 * `referenceKeys.brokers()`.
 */
const getBrokers = (include?: number | null) =>
  apiRequest(include ? `/brokers?include=${include}` : '/brokers', z.array(BrokerSchema));

const brokersQueryOptions = (include?: number | null) =>
  queryOptions({
    queryKey: referenceKeys.brokerChoices(include ?? null),
    queryFn: () => getBrokers(include),
    staleTime: 60_000,
  });

export const useBrokers = (include?: number | null) => useQuery(brokersQueryOptions(include));
