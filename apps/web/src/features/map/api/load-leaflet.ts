import { queryOptions, useQuery } from '@tanstack/react-query';

/** Leaflet's module: what `import * as L from 'leaflet'` gives. */
export type Leaflet = typeof import('leaflet');

/**
 * Leaflet and its stylesheet, a chunk of their own that the screens with a map load when they
 * show one (ADR 013). Two choices keep the first load as it was:
 * - `import()` from the map's component, not `React.lazy` around it: a lazy chunk that shares
 *   React with the first screen makes the bundler move React's modules out of the entry;
 * - Leaflet's ES module build: importing its CommonJS build (the package's main) lazily moves the
 *   bundler's CommonJS helpers out of the entry into a chunk of their own, which the first load
 *   then fetches too.
 */
async function loadLeaflet(): Promise<Leaflet> {
  const [module] = await Promise.all([
    import('leaflet/dist/leaflet-src.esm.js'),
    import('leaflet/dist/leaflet.css'),
  ]);
  return module;
}

/** Loaded once per page; a failed load (a new deployment's chunks) can be tried again. */
const leafletQueryOptions = () =>
  queryOptions({
    queryKey: ['map', 'leaflet'],
    queryFn: loadLeaflet,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    structuralSharing: false,
  });

/** `enabled: false` waits (a map out of sight): nothing is loaded until it turns true. */
export const useLeaflet = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...leafletQueryOptions(), enabled });
