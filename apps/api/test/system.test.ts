import { describe, expect, it } from 'vitest';
import { AUDIENCE, setupApp } from './helpers.js';

const t = setupApp();

describe('system', () => {
  it('serves the SPA its sign-in and map configuration without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      oidc: {
        issuer: t.issuer.issuer,
        client_id: 'bec-web',
        audience: AUDIENCE,
        scopes: 'openid profile email offline_access',
      },
      dev_signin: false,
      // OpenStreetMap's standard tiles unless MAP_TILES_URL says otherwise, with their credit.
      map_tiles: {
        url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        attribution: [
          { text: '© ', href: null },
          { text: 'OpenStreetMap contributors', href: 'https://www.openstreetmap.org/copyright' },
        ],
      },
      // No SMTP_URL: alerts are in-app only, the web offers no mail.
      alert_mail: false,
    });
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const response = await t.inject('viewer', { method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 'error', error: { code: 'NOT_FOUND' } });
  });

  it('echoes a request id, or makes one', async () => {
    const given = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const made = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // Errors too: a 404, and a 401 answered by the auth hook before any handler runs.
    for (const url of ['/api/nope', '/api/properties']) {
      const failed = await t.app.inject({ method: 'GET', url, headers: { 'x-request-id': 'e-1' } });
      expect(failed.statusCode).toBeGreaterThanOrEqual(400);
      expect(failed.headers['x-request-id']).toBe('e-1');
    }
  });

  it("sends helmet's headers on documents and the REST set on the API, errors included", async () => {
    for (const url of ['/healthz', '/docs/json', '/no-such-file.png']) {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(csp).toContain(`form-action 'self' ${new URL(t.issuer.issuer).origin}`);
      // The test server is plain http: it must not push browsers to https.
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(response.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
      });
    }
    const answers = [
      await t.inject('viewer', { method: 'GET', url: '/api/properties' }),
      await t.app.inject({ method: 'GET', url: '/api/properties' }),
      await t.app.inject({ method: 'GET', url: '/api/nope' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 404]);
    for (const response of answers) {
      expect(response.headers).toMatchObject({
        'cache-control': 'no-store',
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
      });
      // Nothing meant for documents rides on JSON.
      expect(response.headers).not.toHaveProperty('cross-origin-opener-policy');
      expect(response.headers).not.toHaveProperty('origin-agent-cluster');
    }
  });

  it('publishes OpenAPI generated from the contracts', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/properties',
        '/api/properties/add',
        '/api/users/me',
        '/api/regions',
        '/api/waitlist/{id}/approve',
      ]),
    );
    const add = spec.paths['/api/properties/add'].post;
    const required = add.requestBody.content['application/json'].schema.required;
    expect(required).toEqual(
      expect.arrayContaining(['name', 'city_id', 'price', 'property_type_id']),
    );
    // A quick add may leave these unknown (ADR 048).
    for (const field of ['address', 'building_sqmts', 'land_sqmts'])
      expect(required).not.toContain(field);
  });

  it('readiness reports the database and the photo storage, and turns 503 when the database stops answering', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'success',
      message: 'Ready',
      data: { status: 'ok', checks: { database: 'ok', storage: 'ok' } },
    });
    await t.db.close();
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      status: 'error',
      error: { code: 'DATABASE_UNAVAILABLE' },
    });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
