// The journeys' tile server: any /{z}/{x}/{y}.png is a small valid PNG (a light grey square, as
// a map of nothing), and GET /requests lists the tile requests answered (path and Referer), for
// the journeys to check what the browser asked. Run by playwright.config.ts.
import { createServer } from 'node:http';
import sharp from 'sharp';
import { TILES, type TileRequest } from './map-tiles.js';

const tile = await sharp({
  create: { width: 256, height: 256, channels: 3, background: '#e8e4dc' },
})
  .png()
  .toBuffer();
const requests: TileRequest[] = [];

const server = createServer((request, response) => {
  const path = new URL(request.url ?? '/', TILES.origin).pathname;
  if (request.method === 'GET' && /^\/\d+\/\d+\/\d+\.png$/.test(path)) {
    requests.push({ path, referer: request.headers.referer ?? null });
    response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' });
    response.end(tile);
    return;
  }
  if (request.method === 'GET' && path === '/requests') {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(requests));
    return;
  }
  response.writeHead(404).end();
});

const stop = () => server.close(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
server.listen(TILES.port, '127.0.0.1');
