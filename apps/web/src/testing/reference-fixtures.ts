import type { PropertyType, Region } from '@bec/contracts';

/** Región Metropolitana with two of its comunas, as GET /api/regions answers it. */
export const SANTIAGO_REGION: Region = {
  id: 13,
  code: '13',
  name: 'Metropolitana de Santiago',
  roman: 'XIII',
  comunas: [
    { id: 13101, code: '13101', name: 'Santiago' },
    { id: 13120, code: '13120', name: 'Ñuñoa' },
  ],
};

/** Two property types, as GET /api/property-types answers them. */
export const PROPERTY_TYPES: PropertyType[] = [
  { id: 1, name: 'Casa' },
  { id: 2, name: 'Departamento' },
];
