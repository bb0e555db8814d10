import { lookup } from 'node:dns/promises';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { smallPng } from '@bec/testkit/photo-fixtures';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import type { Resolver } from '../src/lib/safe-fetch.js';
import { setupApp, validProperty } from './helpers.js';

/** Names only these tests know: one for loopback, one with a public and a private address. */
const TEST_NAMES: Record<string, string[]> = {
  'loopback.test': ['127.0.0.1'],
  'mixed.test': ['93.184.216.34', '127.0.0.1'],
};
const resolveHost: Resolver = async (hostname) => {
  const addresses = TEST_NAMES[hostname];
  if (addresses)
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  return (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family,
  }));
};

// `localhost` is the one name fetched at a private address (ADR 037's test-only setting): the
// page these tests serve. 127.0.0.1 and [::1] themselves stay refused.
// A 1 MB photo limit, so the 2 MB page stands in for a photo too large.
const t = setupApp({ env: { IMPORT_ALLOW_HOSTS: 'localhost', PHOTO_MAX_MB: '1' }, resolveHost });

/** A listing page written for the tests (every name, address and URL is made up). */
const LISTING_PAGE = readFileSync(
  new URL('./fixtures/listing-pages/depto-nunoa-uf.html', import.meta.url),
  'utf8',
);

/** The local server: the listing page, a redirector, a page too large, and a target to protect. */
let server: Server;
let port = 0;
const hits: string[] = [];
const secretHits = () => hits.filter((path) => path.startsWith('/secret')).length;

let png: Buffer;
/** When the fetcher let go of each request for the page that never answers. */
const stalled: Promise<void>[] = [];
let stalledArrived: () => void = () => {};

beforeAll(async () => {
  png = await smallPng();
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    hits.push(url.pathname);
    if (url.pathname === '/aviso/1001') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(LISTING_PAGE);
    } else if (url.pathname === '/aviso/1001/foto.png') {
      // Served as JPEG: what counts is what the bytes are.
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      res.end(png);
    } else if (url.pathname === '/aviso/1001/no-es-foto.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end('<html>no soy una foto</html>');
    } else if (url.pathname === '/to') {
      res.writeHead(302, { location: url.searchParams.get('u') ?? '/' });
      res.end();
    } else if (url.pathname === '/huge') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<p>${'x'.repeat(2 * 1024 * 1024 + 10)}</p>`);
    } else if (url.pathname === '/stalls') {
      // Headers, then nothing: only the fetcher's abort or its time limit ends it.
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<p>');
      stalled.push(new Promise((resolve) => req.socket.once('close', () => resolve())));
      stalledArrived();
    } else if (url.pathname.startsWith('/secret')) {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<p>Departamento 3D 2B, UF 5.450, piso 12</p>');
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  // Both stacks where the machine has IPv6, so [::1] and 127.0.0.1 both reach it if let through.
  const listen = (host: string) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen('::').catch(() => listen('127.0.0.1'));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const importing = (who: Parameters<typeof t.inject>[0], payload: unknown) =>
  t.inject(who, { method: 'POST', url: '/api/properties/import', payload: payload as object });

const WHATSAPP = `*VENDO DEPTO EN ÑUÑOA* 🏢✨
📍 Av. Irarrázaval 3450
👉 3D 2B, 1 estac. + bodega
78 m2 útiles, piso 12
💰 UF 5.450 conversable
GC $120.000
Interesados al DM 🙌`;

async function propertyTypeId(name: string) {
  const types = (await t.inject('viewer', { method: 'GET', url: '/api/property-types' })).json()
    .data as { id: number; name: string }[];
  return types.find((type) => type.name === name)?.id;
}

/** What an import must never write: properties, their photos, uploads. */
async function rowCounts() {
  const [row] = await queryRows<Record<string, string | number>>(
    t.db.db,
    sql`select
      (select count(*) from properties) as properties,
      (select count(*) from property_photos) as photos,
      (select count(*) from uploads) as uploads`,
  );
  return Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v)]));
}

describe('POST /api/properties/import: a pasted text', () => {
  it('reads a WhatsApp-style listing into the add form’s fields, each with its words', async () => {
    const before = await rowCounts();
    const response = await importing('editor', { text: WHATSAPP });
    expect(response.statusCode, response.body).toBe(200);
    const { fields, sources, photos } = response.json().data;
    expect(fields).toEqual({
      property_type_id: await propertyTypeId('Departamento'),
      city_id: 13120,
      price: 5450,
      price_unit: 'UF',
      rooms: 3,
      bathrooms: 2,
      parking_spaces: 1,
      storage_units: 1,
      common_expenses: 120_000,
      floor: 12,
      building_sqmts: 78,
      address: expect.stringContaining('Irarrázaval 3450'),
      name: 'Departamento 3D 2B en Ñuñoa',
    });
    expect(sources).toMatchObject({
      property_type_id: 'DEPTO',
      city_id: 'ÑUÑOA',
      price: expect.stringContaining('UF 5.450'),
      rooms: expect.stringContaining('3D'),
      bathrooms: expect.stringContaining('2B'),
      common_expenses: expect.stringContaining('$120.000'),
      building_sqmts: expect.stringContaining('78 m2'),
    });
    expect(Object.keys(sources).sort()).toEqual(Object.keys(fields).sort());
    expect(photos).toEqual([]);
    // A proposal: nothing is saved.
    expect(await rowCounts()).toEqual(before);
  });

  it('answers an empty proposal for a text that says nothing it can read', async () => {
    const response = await importing('admin', { text: 'Hola, ¿sigue disponible?' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ fields: {}, sources: {}, photos: [] });
  });

  it('is for editors and admins: a viewer 403, signed out 401', async () => {
    const viewer = await importing('viewer', { text: WHATSAPP });
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json().error.code).toBe('FORBIDDEN');
    const anonymous = await importing(null, { text: WHATSAPP });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a body out of bounds with 400 naming the field, and writes nothing', async () => {
    const before = await rowCounts();
    const cases: [unknown, string, string][] = [
      [{ text: 'x'.repeat(20_001) }, 'text', 'too_long'],
      [{ text: '   ' }, 'text', 'required'],
      [{ text: 42 }, 'text', 'not_text'],
      [{ text: 'a\u0000b' }, 'text', 'not_storable'],
      [{ url: `https://portal.test/${'a'.repeat(2_000)}` }, 'url', 'too_long'],
      [{ url: 'ftp://portal.test/aviso' }, 'url', 'invalid_url'],
      [{ url: 'no es un enlace' }, 'url', 'invalid_url'],
      [{ text: WHATSAPP, url: 'https://portal.test/aviso/1' }, 'body', 'text_or_url'],
      [{}, 'body', 'text_or_url'],
    ];
    for (const [payload, field, rule] of cases) {
      const response = await importing('editor', payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      const { error } = response.json();
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.issues).toContainEqual(expect.objectContaining({ field, rule }));
      expect(error.fieldErrors[field]).toBeDefined();
    }
    expect(await rowCounts()).toEqual(before);
  });
});

describe('POST /api/properties/import: a link', () => {
  const refusedTargets = () => [
    `http://127.0.0.1:${port}/secret`,
    'http://10.0.0.1/secret',
    'http://172.16.0.1/secret',
    'http://192.168.1.1/secret',
    'http://169.254.169.254/latest/meta-data/',
    `http://[::1]:${port}/secret`,
    'http://[fc00::1]/secret',
    `http://loopback.test:${port}/secret`,
    `http://mixed.test:${port}/secret`,
  ];

  async function expectRefused(url: string, rule: string) {
    const response = await importing('editor', { url });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.issues).toEqual([{ field: 'url', rule, params: {} }]);
    expect(error.fieldErrors.url).toHaveLength(1);
    // The answer names the rule, never what the name resolved to.
    expect(response.body).not.toMatch(/resolves to/);
  }

  it('refuses loopback, private, link-local, metadata and IPv6 local addresses: 400 url_not_allowed', async () => {
    for (const url of refusedTargets()) await expectRefused(url, 'url_not_allowed');
    expect(secretHits()).toBe(0);
  });

  it('refuses a redirect from an allowed page to any of them, and never reaches the target', async () => {
    for (const target of refusedTargets()) {
      const before = hits.filter((path) => path === '/to').length;
      await expectRefused(
        `http://localhost:${port}/to?u=${encodeURIComponent(target)}`,
        'url_not_allowed',
      );
      // The allowed page was asked, and answered the redirect that was refused.
      expect(hits.filter((path) => path === '/to').length).toBe(before + 1);
    }
    expect(secretHits()).toBe(0);
  });

  it('names a page it cannot read: missing, too large', async () => {
    await expectRefused(`http://localhost:${port}/no-such-page`, 'page_unreachable');
    await expectRefused(`http://localhost:${port}/huge`, 'page_too_large');
  });

  it('stops fetching the page when the editor leaves before the answer', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const arrived = new Promise<void>((resolve) => {
      stalledArrived = resolve;
    });
    const leaving = new AbortController();
    const asked = fetch(`${address}/api/properties/import`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await t.tokenFor('editor')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ url: `http://localhost:${port}/stalls` }),
      signal: leaving.signal,
    }).catch(() => 'left');
    await arrived;
    const started = Date.now();
    leaving.abort();
    expect(await asked).toBe('left');
    // The page's connection is let go at once, not when the page's 10 s are spent.
    await stalled.at(-1);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('reads a page served by the test: its JSON-LD, its text, the comuna and the photos', async () => {
    const before = await rowCounts();
    const response = await importing('editor', { url: `http://localhost:${port}/aviso/1001` });
    expect(response.statusCode, response.body).toBe(200);
    const { fields, sources, photos } = response.json().data;
    expect(fields).toEqual({
      // The page's JSON-LD…
      name: 'Departamento 3D 2B con terraza, Ñuñoa',
      price: 5450,
      price_unit: 'UF',
      rooms: 3,
      bathrooms: 2,
      building_sqmts: 78,
      address: 'Av. Irarrázaval 3450, depto 1204',
      latitude: -33.4541,
      longitude: -70.5973,
      // …its addressLocality matched to the comuna…
      city_id: 13120,
      // …and what only its text says.
      property_type_id: await propertyTypeId('Departamento'),
      parking_spaces: 1,
      storage_units: 1,
      common_expenses: 120_000,
      floor: 12,
    });
    expect(sources).toMatchObject({
      price: 'JSON-LD offers: 5450 CLF',
      rooms: 'JSON-LD numberOfBedrooms: 3',
      city_id: 'JSON-LD addressLocality: Ñuñoa',
      common_expenses: expect.stringContaining('$120.000'),
      parking_spaces: expect.stringContaining('estac'),
    });
    expect(Object.keys(sources).sort()).toEqual(Object.keys(fields).sort());
    expect(photos).toEqual([
      'https://fotos.portal-de-prueba.cl/aviso/1001/portada.jpg',
      // Relative and scheme-relative images resolve against the page they were read from.
      `http://localhost:${port}/aviso/1001/living.jpg`,
      'http://fotos.portal-de-prueba.cl/aviso/1001/cocina.jpg',
    ]);
    expect(await rowCounts()).toEqual(before);
  });
});

describe('POST /api/properties/import/photos', () => {
  it('fetches the chosen photos into the caller’s uploads, which a save then attaches', async () => {
    const before = await rowCounts();
    const url = `http://localhost:${port}/aviso/1001/foto.png`;
    const response = await t.inject('editor', {
      method: 'POST',
      url: '/api/properties/import/photos',
      payload: { urls: [url] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [photo] = response.json().data as { url: string; path: string }[];
    expect(photo?.url).toBe(url);
    // Its type is what the bytes are: a PNG, though it was served as a JPEG.
    expect(photo?.path).toMatch(/^uploads\/.+\.png$/);
    expect(await rowCounts()).toEqual({ ...before, uploads: (before.uploads ?? 0) + 1 });
    const added = await t.inject('editor', {
      method: 'POST',
      url: '/api/properties/add',
      payload: validProperty({ photos: [photo?.path] }),
    });
    expect(added.statusCode, added.body).toBe(201);
  });

  it('names each photo it refuses by its place: a refused address, no image, one too large', async () => {
    const before = await rowCounts();
    const response = await t.inject('editor', {
      method: 'POST',
      url: '/api/properties/import/photos',
      payload: {
        urls: [
          `http://127.0.0.1:${port}/secret.png`,
          `http://localhost:${port}/aviso/1001/no-es-foto.png`,
          `http://localhost:${port}/huge`,
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.issues).toEqual([
      { field: 'urls.0', rule: 'url_not_allowed', params: {} },
      { field: 'urls.1', rule: 'photo_unreadable', params: {} },
      { field: 'urls.2', rule: 'photo_too_large', params: { size: '> 1', max: 1 } },
    ]);
    expect(secretHits()).toBe(0);
    expect(await rowCounts()).toEqual(before);
  });

  it('is for editors and admins, and bounded', async () => {
    const payload = { urls: [`http://localhost:${port}/aviso/1001/foto.png`] };
    const viewer = await t.inject('viewer', {
      method: 'POST',
      url: '/api/properties/import/photos',
      payload,
    });
    expect(viewer.statusCode).toBe(403);
    for (const [body, field, rule] of [
      [{ urls: [] }, 'urls', 'no_photos'],
      [{ urls: Array.from({ length: 21 }, () => payload.urls[0]) }, 'urls', 'too_many_uploads'],
      [{ urls: ['ftp://portal.test/foto.jpg'] }, 'urls.0', 'invalid_url'],
    ] as const) {
      const response = await t.inject('editor', {
        method: 'POST',
        url: '/api/properties/import/photos',
        payload: body,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.issues).toContainEqual(expect.objectContaining({ field, rule }));
    }
  });
});

describe('POST /api/properties/import/thumbnail', () => {
  const thumbnail = (who: Parameters<typeof t.inject>[0], url: string, headers = {}) =>
    t.inject(who, {
      method: 'POST',
      url: '/api/properties/import/thumbnail',
      payload: { url },
      headers,
    });

  async function expectRefused(url: string, rule: string, params = {}) {
    const response = await thumbnail('editor', url);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
    expect(response.json().error.issues).toEqual([{ field: 'url', rule, params }]);
    expect(response.body).not.toMatch(/resolves to/);
  }

  it('answers a small WebP of BEC’s making, never the fetched bytes, and stores nothing', async () => {
    const before = await rowCounts();
    const response = await thumbnail('editor', `http://localhost:${port}/aviso/1001/foto.png`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('private, max-age=300');
    const body = response.rawPayload;
    expect(body.length).toBeLessThan(png.length);
    // The 800 × 600 PNG (served as a JPEG), made a 320 px wide WebP.
    expect(await sharp(body).metadata()).toMatchObject({ format: 'webp', width: 320, height: 240 });
    expect(await rowCounts()).toEqual(before);
  });

  it('is documented as a WebP file, bytes', async () => {
    await t.app.ready();
    const document = t.app.swagger() as {
      paths: Record<string, { post: { responses: Record<string, { content: object }> } }>;
    };
    const answer = document.paths['/api/properties/import/thumbnail']?.post.responses['200'];
    expect(answer?.content).toEqual({
      'image/webp': { schema: expect.objectContaining({ type: 'string', format: 'binary' }) },
    });
  });

  it('is a read: an Idempotency-Key changes nothing, each request answers a fresh image', async () => {
    const url = `http://localhost:${port}/aviso/1001/foto.png`;
    const key = { 'idempotency-key': 'thumbnail-read-twice-0001' };
    for (let round = 0; round < 2; round += 1) {
      const fetches = hits.filter((path) => path === '/aviso/1001/foto.png').length;
      const response = await thumbnail('editor', url, key);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['idempotent-replayed']).toBeUndefined();
      expect(hits.filter((path) => path === '/aviso/1001/foto.png').length).toBe(fetches + 1);
    }
  });

  it('refuses a loopback or private address as the photos route does, and never reaches it', async () => {
    await expectRefused(`http://127.0.0.1:${port}/secret.png`, 'url_not_allowed');
    await expectRefused(`http://[::1]:${port}/secret.png`, 'url_not_allowed');
    await expectRefused(`http://loopback.test:${port}/secret.png`, 'url_not_allowed');
    await expectRefused(
      `http://localhost:${port}/to?u=${encodeURIComponent(`http://127.0.0.1:${port}/secret.png`)}`,
      'url_not_allowed',
    );
    expect(secretHits()).toBe(0);
  });

  it('names what it cannot show: no image, too large, missing', async () => {
    await expectRefused(`http://localhost:${port}/aviso/1001/no-es-foto.png`, 'photo_unreadable');
    await expectRefused(`http://localhost:${port}/huge`, 'photo_too_large', {
      size: '> 1',
      max: 1,
    });
    await expectRefused(`http://localhost:${port}/no-such-photo.jpg`, 'page_unreachable');
  });

  it('is for editors and admins: a viewer 403, signed out 401; and bounded', async () => {
    const url = `http://localhost:${port}/aviso/1001/foto.png`;
    const fetches = hits.filter((path) => path === '/aviso/1001/foto.png').length;
    expect((await thumbnail('viewer', url)).statusCode).toBe(403);
    expect((await thumbnail(null, url)).statusCode).toBe(401);
    expect(hits.filter((path) => path === '/aviso/1001/foto.png').length).toBe(fetches);
    for (const [url, rule] of [
      ['ftp://portal.test/foto.jpg', 'invalid_url'],
      [`https://portal.test/${'a'.repeat(2000)}.jpg`, 'too_long'],
    ] as const) {
      const response = await thumbnail('editor', url);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.issues).toContainEqual(
        expect.objectContaining({ field: 'url', rule }),
      );
    }
  });
});
