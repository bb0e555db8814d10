import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * The map's tiles for the measured pages: a local server standing in for OpenStreetMap's, which
 * this machine cannot reach (its refused requests were console errors: best practices 96 on a
 * property's page). Any /{z}/{x}/{y}.png is one grey 256 px PNG, cached for a week like OSM's
 * tiles, so a returning visit takes them from the HTTP cache as it would in production.
 */
export type TileServer = { url: string; close: () => Promise<void> };

export async function startTileServer(): Promise<TileServer> {
  const tile = await sharp({
    create: { width: 256, height: 256, channels: 3, background: '#e8e4dc' },
  })
    .png()
    .toBuffer();
  const server: Server = createServer((request, response) => {
    if (request.method === 'GET' && /^\/\d+\/\d+\/\d+\.png$/.test(request.url ?? '')) {
      response.writeHead(200, {
        'content-type': 'image/png',
        'cache-control': 'public, max-age=604800',
        // OSM's tile servers allow any origin; the map draws tiles as plain images anyway.
        'access-control-allow-origin': '*',
      });
      response.end(tile);
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
