import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { setupApp } from './helpers.js';

/** A web build of our own with what vite-plugin-pwa adds: the worker, the manifest, icons. */
const root = mkdtempSync(path.join(os.tmpdir(), 'bec-sw-test-'));
const ASSET = '/assets/index-Ab12Cd34.js';
mkdirSync(path.join(root, 'assets'));
mkdirSync(path.join(root, 'icons'));
writeFileSync(
  path.join(root, 'index.html'),
  `<!doctype html><html><head><script type="module" src="${ASSET}"></script><link rel="manifest" href="/manifest.webmanifest"></head><body></body></html>\n`,
);
writeFileSync(path.join(root, ASSET), 'export const x = 1;\n');
writeFileSync(path.join(root, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
writeFileSync(path.join(root, 'manifest.webmanifest'), '{"name":"BEC · Propiedades"}');
writeFileSync(path.join(root, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const t = setupApp({ webRoot: root });
const get = (url: string) => t.app.inject({ method: 'GET', url });

/** The CSP's directives, by name. */
const directives = (csp: unknown) =>
  Object.fromEntries(
    String(csp)
      .split(';')
      .map((directive) => {
        const [name = '', ...values] = directive.trim().split(/\s+/);
        return [name, values];
      }),
  );

describe('the service worker, the manifest and the shell (ADR 044)', () => {
  it('serves the worker as JavaScript revalidated on every check, so a new build is seen at once', async () => {
    const response = await get('/sw.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves the manifest as a manifest, revalidated, and the icons beside it', async () => {
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toBe('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const icon = await get('/icons/icon-192.png');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
  });

  it('keeps the hashed chunks immutable', async () => {
    const response = await get(ASSET);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("answers the worker's precache request for index.html (its revision in the query) with the shell, revalidated", async () => {
    const response = await get('/index.html?__WB_REVISION__=0123abcd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('id="bec-config"');
  });

  it("lets the page register its own worker and load its own manifest, and nobody else's", async () => {
    for (const url of ['/home', '/sw.js', '/manifest.webmanifest']) {
      const csp = directives((await get(url)).headers['content-security-policy']);
      expect(csp['worker-src'], url).toEqual(["'self'"]);
      expect(csp['manifest-src'], url).toEqual(["'self'"]);
    }
  });
});
