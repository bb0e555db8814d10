import type { PropertyType, Region } from '@bec/contracts';
import type { Database } from '../../db/client.js';
import * as repo from './reference.repository.js';

const collator = new Intl.Collator('es-CL');

export function createReferenceService(db: Database) {
  // Regions and comunas are fixed reference data seeded at start: load them once per process.
  let regions: Promise<Region[]> | null = null;

  const loadRegions = async (): Promise<Region[]> => {
    const [regionRows, cityRows] = await Promise.all([repo.listRegions(db), repo.listCities(db)]);
    return regionRows.map((r) => ({
      id: r.id,
      code: r.code,
      name: r.name,
      roman: r.roman,
      comunas: cityRows
        .filter((c) => c.region_id === r.id)
        .sort((a, b) => collator.compare(a.name, b.name))
        .map((c) => ({ id: c.id, code: c.code, name: c.name })),
    }));
  };

  return {
    propertyTypes: (): Promise<PropertyType[]> => repo.listPropertyTypes(db),
    regions: (): Promise<Region[]> => {
      regions ??= loadRegions();
      regions.catch(() => {
        regions = null;
      });
      return regions;
    },
  };
}

export type ReferenceService = ReturnType<typeof createReferenceService>;
