import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { setupApp } from './helpers.js';

/** A web build of our own, as Vite and vite-plugin-compression2 lay it out. */
const root = mkdtempSync(path.join(os.tmpdir(), 'bec-web-test-'));
const ASSET = '/assets/index-Ab12Cd34.js';
const SMALL_ASSET = '/assets/tiny-Ef56Gh78.js';
const script = Buffer.from(`export const words = ${JSON.stringify('palabra '.repeat(2000))};\n`);
const files = { identity: script, br: brotliCompressSync(script), gzip: gzipSync(script) };
mkdirSync(path.join(root, 'assets'));
/** The built index.html, before the server adds the client config and the discovery preload. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>BEC</title>
    <script type="module" crossorigin src="${ASSET}"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
writeFileSync(path.join(root, 'index.html'), INDEX_HTML);
writeFileSync(path.join(root, ASSET), files.identity);
writeFileSync(path.join(root, `${ASSET}.br`), files.br);
writeFileSync(path.join(root, `${ASSET}.gz`), files.gzip);
// Under the build's 1 kB threshold: no compressed siblings.
writeFileSync(path.join(root, SMALL_ASSET), 'export const x = 1;\n'.repeat(20));
afterAll(() => rmSync(root, { recursive: true, force: true }));

// Scopes no one would configure, but config is data: nothing in it may end the element.
const HOSTILE_SCOPES = 'openid email </script><script>alert(1)</script> <!-- & \u2028 $& end';
const t = setupApp({ webRoot: root, env: { OIDC_SCOPES: HOSTILE_SCOPES } });

const get = (url: string, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({
    method,
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('the built assets, by content negotiation', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['gzip;q=0.8, br;q=0.9', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['deflate', 'identity'],
    ['identity', 'identity'],
    ['br;q=0, gzip;q=0', 'identity'],
    [undefined, 'identity'],
  ] as const)('Accept-Encoding %s gets %s', async (accept, encoding) => {
    const response = await get(ASSET, accept);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(
      encoding === 'identity' ? undefined : encoding,
    );
    expect(response.rawPayload.equals(files[encoding])).toBe(true);
    expect(Number(response.headers['content-length'])).toBe(files[encoding].length);
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    // Every answer of a negotiated asset, the plain one included, so no cache mixes them up.
    expect(response.headers.vary).toBe('accept-encoding');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers HEAD with the headers of the chosen file and no body', async () => {
    const response = await get(ASSET, 'gzip, br', 'HEAD');
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'content-encoding': 'br',
      'content-length': String(files.br.length),
      vary: 'accept-encoding',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(response.rawPayload.length).toBe(0);
  });

  it('gives each encoding its own ETag, and a 304 still varies', async () => {
    const tags = await Promise.all(
      ['br', 'gzip', undefined].map(async (accept) => (await get(ASSET, accept)).headers.etag),
    );
    expect(new Set(tags).size).toBe(3);
    const again = await t.app.inject({
      method: 'GET',
      url: ASSET,
      headers: { 'accept-encoding': 'br', 'if-none-match': String(tags[0]) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers.vary).toBe('accept-encoding');
  });

  it('serves a file the build left uncompressed as it is, and no sibling on its own', async () => {
    const small = await get(SMALL_ASSET, 'gzip, br');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('export const x = 1;\n'.repeat(20));
    for (const sibling of [`${ASSET}.br`, `${ASSET}.gz`]) {
      expect((await get(sibling, 'gzip, br')).statusCode, sibling).toBe(404);
    }
  });
});

/** The text of the config element, as an HTML parser ends it: at the first `</script`. */
const configElement = (html: string) => {
  const open = '<script type="application/json" id="bec-config">';
  const start = html.indexOf(open);
  expect(start).toBeGreaterThan(-1);
  return html.slice(start + open.length, html.indexOf('</script', start));
};

describe('the served index.html', () => {
  it('carries the data of GET /api/config and preloads the discovery', async () => {
    const config = (await get('/api/config')).json().data;
    expect(config.oidc.scopes).toBe(HOSTILE_SCOPES);
    for (const url of ['/', '/properties/12', '/index.html']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      const text = configElement(response.body);
      // The hostile scopes stayed inside: nothing in the element can end it or open a comment.
      expect(text).not.toMatch(/[<>&\u2028]/);
      expect(JSON.parse(text)).toEqual(config);
      expect(response.body).toContain(
        `<link rel="preload" as="fetch" crossorigin="anonymous" href="${t.issuer.issuer}/.well-known/openid-configuration">`,
      );
      // Only the build's own script runs: the JSON block is data, and the CSP allows no inline.
      expect(response.body.match(/<script/g)).toHaveLength(2);
      const csp = String(response.headers['content-security-policy']);
      expect(/(^|;)script-src ([^;]*)/.exec(csp)?.[2]).toBe("'self'");
      expect(csp).toContain(`connect-src 'self' ${new URL(t.issuer.issuer).origin}`);
    }
  });

  it('is the one from disk otherwise untouched', async () => {
    const html = (await get('/')).body;
    expect(
      html.replace(
        /\n {4}<script type="application\/json"[^\n]*\n {4}<link rel="preload"[^\n]*/,
        '',
      ),
    ).toBe(INDEX_HTML);
  });

  it('varies on Accept-Encoding and reads the same whatever the client accepts', async () => {
    const plain = await get('/properties');
    for (const accept of ['gzip', 'br', 'gzip, br']) {
      const response = await get('/properties', accept);
      expect(response.headers.vary).toBe('accept-encoding');
      const encoding = response.headers['content-encoding'];
      const body =
        encoding === 'br'
          ? brotliDecompressSync(response.rawPayload)
          : encoding === 'gzip'
            ? gunzipSync(response.rawPayload)
            : response.rawPayload;
      expect(body.toString()).toBe(plain.body);
    }
  });
});
