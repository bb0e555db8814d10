import {
  ComparablesSchema,
  MapClustersQuerySchema,
  MapClustersSchema,
  MarketStatsQuerySchema,
  MarketStatsSchema,
  PropertyIdParamsSchema,
} from '@bec/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { compiledJson } from '../../lib/compiled-json.js';
import { AUTH_ERRORS, ok, responses } from '../../lib/http.js';
import { allow } from '../../lib/route-config.js';
import type { MarketService } from './market.service.js';

/** The Data section: the properties that match the grid's filters on a map and in figures. */
export const marketRoutes: FastifyPluginAsyncZod<{ market: MarketService }> = async (
  app,
  { market },
) => {
  app.get(
    '/market/map',
    {
      schema: {
        tags: ['market'],
        summary:
          'The matching properties in a map view: clusters of the zoom’s 64-px cells, single properties, and how many have no coordinates',
        querystring: MapClustersQuerySchema,
        response: responses(200, MapClustersSchema, [400, ...AUTH_ERRORS]),
      },
      serializerCompiler: compiledJson,
      config: allow('member'),
    },
    async (request) => ok('Map', await market.map(request.query)),
  );

  app.get(
    '/market/stats',
    {
      schema: {
        tags: ['market'],
        summary:
          'Statistics of the matching properties by region, comuna or type: counts, medians and quartiles of price and UF/m², newest, and a UF/m² histogram',
        querystring: MarketStatsQuerySchema,
        response: responses(200, MarketStatsSchema, [400, ...AUTH_ERRORS]),
      },
      serializerCompiler: compiledJson,
      config: allow('member'),
    },
    async (request) => ok('Statistics', await market.stats(request.query)),
  );

  app.get(
    '/market/comparables/:id',
    {
      schema: {
        tags: ['market'],
        summary:
          'A property against its peers: its UF/m² percentile among the same type in its comuna, and the nearest properties of its type',
        params: PropertyIdParamsSchema,
        response: responses(200, ComparablesSchema, [400, 404, ...AUTH_ERRORS]),
      },
      serializerCompiler: compiledJson,
      config: allow('member'),
    },
    async (request) => ok('Comparables', await market.comparables(request.params.id)),
  );
};
