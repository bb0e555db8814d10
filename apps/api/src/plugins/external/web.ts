import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ClientConfig } from '@bec/contracts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { STATIC_FILES_ROUTE } from '../../lib/route-config.js';
import { inlineClientConfig } from './inline-client-config.js';

type WebOptions = {
  root: string;
  /** Inlined into the index.html served, as GET /api/config would answer it. */
  clientConfig: ClientConfig;
};

/**
 * Serves the built SPA: hashed assets cached for a year, index.html revalidated every time.
 * The build writes a .br and a .gz beside every text asset over 1 kB; the one the request's
 * Accept-Encoding prefers goes out as is (br before gzip), else the plain file, each answer with
 * `Vary: accept-encoding`. index.html is never served from disk: the error handler answers it,
 * from memory, with the client configuration inlined.
 */
async function web(app: FastifyInstance, { root, clientConfig }: WebOptions) {
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`No web build at ${root}: run "npm run build" to serve the web app.`);
    return;
  }
  const indexHtml = inlineClientConfig(readFileSync(indexFile, 'utf8'), clientConfig);
  // Each file is a route of its own, named after its content's hash: request metrics count them
  // all under one label, or every build would add series of its own. Scoped to the files' routes.
  // They are not rate limited (ADR 028): a page load fetches dozens, each cheaper than a 429.
  await app.register(async (files) => {
    files.addHook('onRoute', (route) => {
      route.config = { ...route.config, metricsRoute: STATIC_FILES_ROUTE, noRateLimit: true };
    });
    await files.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      // No route of their own: the compressed siblings are chosen by negotiation.
      globIgnore: ['index.html', '**/*.br', '**/*.gz'],
      setHeaders: (res, filePath) => {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  });
  app.decorate('spaIndexHtml', indexHtml);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The SPA's index.html, when a web build is present: answered for client-side routes. */
    spaIndexHtml?: string;
  }
}

export default fp(web, { name: 'web' });
