import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupApp } from './helpers.js';

/** A provider whose discovery names endpoints on other hosts, as Google's and Auth0's do. */
const endpoints = {
  authorization_endpoint: 'https://login.provider.test/authorize',
  token_endpoint: 'https://tokens.provider.test/oauth/token',
  end_session_endpoint: 'https://logout.provider.test/v2/logout',
};
const t = setupApp({
  issuer: { endpoints },
  env: {
    STORAGE: 's3',
    S3_BUCKET: 'bec-photos',
    S3_ENDPOINT: 'http://127.0.0.1:9',
    S3_FORCE_PATH_STYLE: '1',
    MAP_TILES_URL: 'https://{s}.tiles.example.cl/{z}/{x}/{y}.png',
  },
});

const directives = (csp: string) =>
  Object.fromEntries(
    csp.split(';').map((d) => {
      const [name = '', ...values] = d.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );

describe('the CSP of the documents, with an external provider, S3 and tiles on subdomains', () => {
  it("names the provider's endpoints from its discovery, read at start-up, the bucket and the tile servers", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    const issuer = t.issuer.issuer;
    expect(directives(String(response.headers['content-security-policy']))).toMatchObject({
      'default-src': "'self'",
      'connect-src': `'self' ${issuer} https://tokens.provider.test http://127.0.0.1:9`,
      'img-src':
        "'self' data: blob: http://127.0.0.1:9 https://a.tiles.example.cl https://b.tiles.example.cl https://c.tiles.example.cl",
      'form-action': `'self' ${issuer} https://login.provider.test https://logout.provider.test`,
    });
    expect(t.issuer.hits.discovery).toBe(1);
  });

  it('leaves the API its own CSP', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });
});

describe('the CSP of the documents, with a provider down at start-up', () => {
  const down = setupApp({ issuer: { endpoints, discoveryStatus: 503 } });
  const csp = async () =>
    directives(
      String(
        (await down.app.inject({ method: 'GET', url: '/healthz' })).headers[
          'content-security-policy'
        ],
      ),
    );

  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts anyway, allowing only the issuer, and follows its discovery once it answers', async () => {
    const issuer = down.issuer.issuer;
    expect(await csp()).toMatchObject({
      'connect-src': `'self' ${issuer}`,
      'form-action': `'self' ${issuer}`,
    });
    expect(down.issuer.hits.discovery).toBe(1);

    // Back up: a page load tries again (no more often than every 10 s), and the pages after it
    // name the provider's endpoints.
    down.issuer.setDiscoveryStatus(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 11_000);
    await vi.waitFor(async () =>
      expect((await csp())['connect-src']).toBe(`'self' ${issuer} https://tokens.provider.test`),
    );
    expect(down.issuer.hits.discovery).toBe(2);
  });
});
