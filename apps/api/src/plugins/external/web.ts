import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export type WebOptions = { root: string };

/** Serves the built SPA: hashed assets cached for a year, index.html revalidated every time. */
async function web(app: FastifyInstance, { root }: WebOptions) {
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`No web build at ${root}: run "npm run build" to serve the web app.`);
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    setHeaders: (res, filePath) => {
      res.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
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
