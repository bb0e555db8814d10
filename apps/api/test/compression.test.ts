import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import compression, { COMPRESSION_THRESHOLD } from '../src/plugins/external/compression.js';
import { setupApp, validProperty } from './helpers.js';

const t = setupApp();

/** The body as the client reads it once it has undone the content encoding. */
const decoded = (response: LightMyRequestResponse) => {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString();
  expect(encoding).toBeUndefined();
  return response.body;
};

/** The REST set of security headers every /api answer carries (security-headers.ts). */
const REST_HEADERS = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

describe('answers compressed on the fly', () => {
  beforeAll(async () => {
    // Enough cards for a list page well over the threshold.
    for (let i = 0; i < 6; i++) {
      const added = await t.inject('editor', {
        method: 'POST',
        url: '/api/properties/add',
        payload: validProperty({ name: `Departamento ${i} en Ñuñoa` }),
      });
      expect(added.statusCode).toBe(201);
    }
  });

  it.each([
    ['gzip', 'gzip'],
    // Browsers accept both: gzip 1 costs what brotli 1 costs, and comes out as small (ADR 012).
    ['gzip, deflate, br, zstd', 'gzip'],
    ['br', 'br'],
    ['gzip;q=0.5, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
  ])(
    'a list page for Accept-Encoding %s comes as %s and reads the same',
    async (accept, encoding) => {
      const plain = await t.inject('viewer', { method: 'GET', url: '/api/properties' });
      expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('accept-encoding');
      const response = await t.inject('viewer', {
        method: 'GET',
        url: '/api/properties',
        headers: { 'accept-encoding': accept, 'x-request-id': 'zip-1' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(response.headers).toMatchObject({
        ...REST_HEADERS,
        vary: 'accept-encoding',
        'x-request-id': 'zip-1',
        'content-type': 'application/json; charset=utf-8',
      });
      expect(JSON.parse(decoded(response))).toEqual(plain.json());
      expect(plain.json().data.props).toHaveLength(6);
    },
  );

  it('streams a large document (the OpenAPI JSON) compressed', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/docs/json' });
    const response = await t.app.inject({
      method: 'GET',
      url: '/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toBe('accept-encoding');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(JSON.parse(decoded(response))).toEqual(plain.json());
  });

  it('leaves an answer under the threshold as it is, still varying on Accept-Encoding', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(response.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toBe('accept-encoding');
    expect(response.json().data.oidc.issuer).toBe(t.issuer.issuer);
  });

  it('keeps error envelopes and their headers, compressed or not', async () => {
    const headers = { 'accept-encoding': 'gzip, br', 'x-request-id': 'err-1' };
    // A refusal long enough to be compressed (a field error per photo), a 401 and a 404.
    const invalid = await t.inject('editor', {
      method: 'POST',
      url: '/api/properties/add',
      headers,
      payload: validProperty({ photos: Array.from({ length: 30 }, () => 'not-an-upload') }),
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(invalid))).toMatchObject({
      status: 'error',
      data: null,
      // At most 20 issues go out (ADR 059): the last of them, and the count of the rest.
      error: {
        code: 'VALIDATION_FAILED',
        fieldErrors: { 'photos.19': expect.any(Array) },
        issues_omitted: 10,
      },
    });
    const unauthenticated = await t.app.inject({ method: 'GET', url: '/api/properties', headers });
    const missing = await t.app.inject({ method: 'GET', url: '/api/nope', headers });
    for (const [response, status, code] of [
      [invalid, 400, 'VALIDATION_FAILED'],
      [unauthenticated, 401, 'UNAUTHENTICATED'],
      [missing, 404, 'NOT_FOUND'],
    ] as const) {
      expect(response.statusCode).toBe(status);
      expect(response.headers).toMatchObject({
        ...REST_HEADERS,
        'x-request-id': 'err-1',
        vary: 'accept-encoding',
      });
      expect(JSON.parse(decoded(response)).error.code).toBe(code);
    }
  });

  it('never compresses the CSV export, so a failure mid-file still breaks the download off', async () => {
    const response = await t.inject('viewer', {
      method: 'GET',
      url: '/api/properties/export.csv',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toBeUndefined();
    expect(response.body).toContain('Departamento 5 en Ñuñoa');
  });
});

describe('the compression plugin', () => {
  it('leaves photos, uploads, the export and the build assets alone, and only them', async () => {
    const app = Fastify();
    await app.register(compression);
    const text = 'a compressible body '.repeat(200);
    for (const url of [
      '/photos/*',
      '/storage/*',
      '/assets/x.js',
      '/api/properties/export.csv',
      '/api/other',
    ]) {
      app.get(url, (_request, reply) => reply.type('text/plain').send(text));
    }
    const answers = Object.fromEntries(
      await Promise.all(
        [
          '/photos/a/card',
          '/storage/b',
          '/assets/x.js',
          '/api/properties/export.csv',
          '/api/other',
        ].map(async (url) => {
          const response = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
          return [url, response.headers['content-encoding'] ?? 'identity'];
        }),
      ),
    );
    expect(answers).toEqual({
      '/photos/a/card': 'identity',
      '/storage/b': 'identity',
      '/assets/x.js': 'identity',
      '/api/properties/export.csv': 'identity',
      '/api/other': 'gzip',
    });
    await app.close();
  });
});
