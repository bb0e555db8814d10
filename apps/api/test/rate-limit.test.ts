import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { smallPng } from '@bec/testkit/photo-fixtures';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { AUDIENCE, setupApp } from './helpers.js';

/**
 * The rate limit (ADR 028): per signed-in account (the token's subject) and per client address
 * for everything else, 429 RATE_LIMITED with Retry-After, probes, scrapes and the web build's
 * files exempt. Small limits here, on a clock the test moves: 60 a minute is one a second, after a
 * burst of 5 per account and 4 per address. Each test starts a minute later, every bucket full.
 */
const METRICS_TOKEN = 'rate-limit-test-metrics-token-0123456789';
/** The proxy in front of the app, whose X-Forwarded-For is believed (and nobody else's). */
const PROXY = '192.0.2.1';
const ACCOUNT_BURST = 5;
const ADDRESS_BURST = 4;

const webRoot = mkdtempSync(path.join(os.tmpdir(), 'bec-rate-limit-web-'));
const ASSET = '/assets/index-Ab12Cd34.js';
mkdirSync(path.join(webRoot, 'assets'));
writeFileSync(
  path.join(webRoot, 'index.html'),
  '<!doctype html><html><head><title>BEC</title></head><body></body></html>',
);
writeFileSync(path.join(webRoot, ASSET), 'export const x = 1;\n');
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

const LIMITS = {
  RATE_LIMIT_ACCOUNT_PER_MINUTE: '60',
  RATE_LIMIT_ACCOUNT_BURST: String(ACCOUNT_BURST),
  RATE_LIMIT_ADDRESS_PER_MINUTE: '60',
  RATE_LIMIT_ADDRESS_BURST: String(ADDRESS_BURST),
};
const t = setupApp({
  webRoot,
  env: { ...LIMITS, TRUST_PROXY: PROXY, METRICS_TOKEN },
});

// The limiter's clock is the monotonic one (performance.now): only that is faked.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['performance'] });
});
afterAll(() => {
  vi.useRealTimers();
});
beforeEach(() => {
  vi.advanceTimersByTime(60_000);
});
const wait = (seconds: number) => vi.advanceTimersByTime(seconds * 1000);

/** A request from `address` (the socket's), with a bearer token when one is given. */
const from = (
  address: string,
  options: InjectOptions & { token?: string },
): Promise<LightMyRequestResponse> => {
  const { token, ...rest } = options;
  return t.app.inject({
    ...rest,
    remoteAddress: address,
    headers: {
      ...(rest.headers as object),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
};

/** `count` requests sent at once; the statuses, in order. */
const flood = async (count: number, send: () => Promise<LightMyRequestResponse>) =>
  (await Promise.all(Array.from({ length: count }, send))).map((r) => r.statusCode);

const tally = (statuses: number[]) => {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
};

const expectLimited = (
  response: LightMyRequestResponse,
  who: 'account' | 'address',
  seconds = 1,
) => {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.headers['retry-after']).toBe(String(seconds));
  expect(response.json()).toEqual({
    status: 'error',
    message: `Too many requests from this ${who}: try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    data: null,
    error: { code: 'RATE_LIMITED' },
  });
};

describe('per signed-in account', () => {
  it("refuses a flooding member with 429, Retry-After and the envelope, while another member's requests answer", async () => {
    const viewer = await t.tokenFor('viewer');
    const editor = await t.tokenFor('editor');
    const list = (token: string, address = '198.51.100.1') =>
      from(address, { method: 'GET', url: '/api/property-types', token });

    // Both at once: the viewer's 30 requests and the editor's 4.
    const [flooded, other] = await Promise.all([
      flood(30, () => list(viewer)),
      flood(4, () => list(editor)),
    ]);
    expect(tally(flooded)).toEqual({ 200: ACCOUNT_BURST, 429: 30 - ACCOUNT_BURST });
    expect(tally(other)).toEqual({ 200: 4 });
    expectLimited(await list(viewer), 'account');

    // Keyed by who the token names, not by the token or where it comes from.
    const another = await t.tokenFor('viewer', { expiresIn: 900 });
    expect(another).not.toBe(viewer);
    expectLimited(await list(another, '198.51.100.2'), 'account');
    expect((await list(editor, '198.51.100.2')).statusCode).toBe(200);
  });

  it('serves the member again once Retry-After has passed: one a second, the burst after a quiet spell', async () => {
    const viewer = await t.tokenFor('viewer');
    const list = () => from('198.51.100.1', { method: 'GET', url: '/api/brokers', token: viewer });
    expect(tally(await flood(ACCOUNT_BURST + 1, list))).toEqual({ 200: ACCOUNT_BURST, 429: 1 });
    const refused = await list();
    expectLimited(refused, 'account');

    wait(Number(refused.headers['retry-after']));
    expect(tally(await flood(3, list))).toEqual({ 200: 1, 429: 2 });
    wait(ACCOUNT_BURST);
    expect(tally(await flood(ACCOUNT_BURST + 2, list))).toEqual({ 200: ACCOUNT_BURST, 429: 2 });
  });
});

describe('per client address, for calls without a valid token', () => {
  it('limits public routes, pages and not-found answers per address, each address on its own', async () => {
    const config = () => from('198.51.100.10', { method: 'GET', url: '/api/config' });
    expect(tally(await flood(ADDRESS_BURST, config))).toEqual({ 200: ADDRESS_BURST });
    expectLimited(await config(), 'address');
    // The SPA's pages and real misses count too.
    expectLimited(await from('198.51.100.10', { method: 'GET', url: '/properties' }), 'address');
    expectLimited(await from('198.51.100.10', { method: 'GET', url: '/api/nope' }), 'address');

    expect((await from('198.51.100.11', { method: 'GET', url: '/api/config' })).statusCode).toBe(
      200,
    );
    // A member calling from the exhausted address is counted as the member.
    const viewer = await t.tokenFor('viewer');
    const member = await from('198.51.100.10', { method: 'GET', url: '/api/uf', token: viewer });
    expect(member.statusCode, member.body).toBe(200);
  });

  it('counts calls with no token or a bad one against their address', async () => {
    const forged = await t.tokenFor('viewer', { foreignKey: true });
    const statuses = await flood(ADDRESS_BURST + 3, () =>
      from('198.51.100.20', { method: 'GET', url: '/api/properties', token: forged }),
    );
    expect(tally(statuses)).toEqual({ 401: ADDRESS_BURST, 429: 3 });
    expectLimited(
      await from('198.51.100.20', { method: 'GET', url: '/api/properties' }),
      'address',
    );
    expectLimited(
      await from('198.51.100.20', { method: 'GET', url: '/api/users/me', token: 'not.a.token' }),
      'address',
    );
    wait(1);
    expect((await from('198.51.100.20', { method: 'GET', url: '/api/config' })).statusCode).toBe(
      200,
    );
  });

  it('counts IPv6 clients by their /64', async () => {
    const config = (address: string) => from(address, { method: 'GET', url: '/api/config' });
    expect(tally(await flood(ADDRESS_BURST, () => config('2001:db8:7:1::1')))).toEqual({
      200: ADDRESS_BURST,
    });
    expectLimited(await config('2001:db8:7:1::abcd'), 'address');
    expect((await config('2001:db8:7:2::1')).statusCode).toBe(200);
  });

  it("believes X-Forwarded-For from TRUST_PROXY's addresses only", async () => {
    const viaProxy = (client: string) =>
      from(PROXY, {
        method: 'GET',
        url: '/api/config',
        headers: { 'x-forwarded-for': client },
      });
    expect(tally(await flood(ADDRESS_BURST, () => viaProxy('203.0.113.5')))).toEqual({
      200: ADDRESS_BURST,
    });
    expectLimited(await viaProxy('203.0.113.5'), 'address');
    // The proxy's other clients are not its first client.
    expect((await viaProxy('203.0.113.6')).statusCode).toBe(200);

    // Anyone else's X-Forwarded-For is ignored: a new address per request changes nothing.
    let n = 0;
    const spoofing = () =>
      from('203.0.113.9', {
        method: 'GET',
        url: '/api/config',
        headers: { 'x-forwarded-for': `10.9.9.${n++}` },
      });
    expect(tally(await flood(ADDRESS_BURST + 2, spoofing))).toEqual({
      200: ADDRESS_BURST,
      429: 2,
    });
  });
});

describe('never limited', () => {
  it('answers /healthz, /readyz, /metrics, the web build’s files and signed photo links from an exhausted address', async () => {
    const address = '198.51.100.30';
    await flood(ADDRESS_BURST, () => from(address, { method: 'GET', url: '/api/config' }));
    expectLimited(await from(address, { method: 'GET', url: '/api/config' }), 'address');
    for (const [url, headers] of [
      ['/healthz', {}],
      ['/readyz', {}],
      ['/metrics', { authorization: `Bearer ${METRICS_TOKEN}` }],
      [ASSET, {}],
    ] as const) {
      const statuses = await flood(ADDRESS_BURST * 3, () =>
        from(address, { method: 'GET', url, headers }),
      );
      expect(tally(statuses), url).toEqual({ 200: ADDRESS_BURST * 3 });
    }
    // Signed photo links: an <img> cannot wait out a 429, and an upload URL is good for one file.
    const notAPhoto = await flood(ADDRESS_BURST * 3, () =>
      from(address, { method: 'GET', url: '/photos/uploads/2026/11/x.png/card?expires=1&sig=x' }),
    );
    expect(tally(notAPhoto)).toEqual({ 404: ADDRESS_BURST * 3 });
    const png = await smallPng();
    const signed = await from(address, {
      method: 'POST',
      url: '/api/photos/upload_url',
      token: await t.tokenFor('editor'),
      headers: { 'content-type': 'application/json' },
      payload: [{ name: 'a.png', content_type: 'image/png', size: png.length }],
    });
    const [upload] = signed.json().data as { url: string }[];
    const put = () =>
      from(address, {
        method: 'PUT',
        url: upload?.url ?? '',
        headers: { 'content-type': 'image/png', 'content-length': String(png.length) },
        payload: png,
      });
    expect((await put()).statusCode).toBe(200);
    expect(tally(await flood(ADDRESS_BURST * 2, put))).toEqual({ 409: ADDRESS_BURST * 2 });

    // A member's probes are not counted as the member's either.
    const viewer = await t.tokenFor('viewer');
    await flood(ACCOUNT_BURST, () =>
      from(address, { method: 'GET', url: '/api/uf', token: viewer }),
    );
    const probe = await from(address, { method: 'GET', url: '/healthz', token: viewer });
    expect(probe.statusCode).toBe(200);
  });
});

describe('metrics', () => {
  it('counts refused requests by the limit that refused them', async () => {
    const scrape = async () => {
      const text = (
        await t.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        })
      ).body;
      const value = (limit: string) =>
        Number(
          new RegExp(`^bec_rate_limited_total\\{limit="${limit}"\\} (\\S+)$`, 'm').exec(text)?.[1],
        );
      return { account: value('account'), address: value('address') };
    };
    const before = await scrape();
    // Both series exist from the start (a missing one would read NaN, and NaN equals NaN below).
    expect(before.account).toBeGreaterThanOrEqual(0);
    expect(before.address).toBeGreaterThanOrEqual(0);
    const editor = await t.tokenFor('editor');
    await flood(ACCOUNT_BURST + 3, () =>
      from('198.51.100.40', { method: 'GET', url: '/api/uf', token: editor }),
    );
    await flood(ADDRESS_BURST + 2, () =>
      from('198.51.100.41', { method: 'GET', url: '/api/config' }),
    );
    expect(await scrape()).toEqual({ account: before.account + 3, address: before.address + 2 });
  });
});

describe('behind a proxy TRUST_PROXY does not name', () => {
  it('counts the proxy as one address, and warns once that TRUST_PROXY should name it', async () => {
    const lines: { level: number; msg: string }[] = [];
    const app = await buildApp({
      config: loadConfig({
        ...LIMITS,
        OIDC_ISSUER: t.issuer.issuer,
        OIDC_CLIENT_ID: 'bec-web',
        OIDC_AUDIENCE: AUDIENCE,
        UF_SOURCE: 'none',
        DATA_DIR: t.dataDir,
      }),
      database: t.db,
      logger: {
        level: 'warn',
        stream: { write: (line: string) => lines.push(JSON.parse(line)) },
      },
      webRoot: null,
    });
    try {
      let n = 0;
      const forwarded = () =>
        app.inject({
          method: 'GET',
          url: '/api/config',
          remoteAddress: '10.1.2.3',
          headers: { 'x-forwarded-for': `203.0.113.${n++}` },
        });
      expect(tally(await flood(ADDRESS_BURST + 1, forwarded))).toEqual({
        200: ADDRESS_BURST,
        429: 1,
      });
      expect(lines.filter((line) => /TRUST_PROXY/.test(line.msg))).toEqual([
        {
          ...lines[0],
          level: 40,
          msg: expect.stringContaining('If it is yours, set TRUST_PROXY=10.1.2.3.'),
        },
      ]);
    } finally {
      await app.close();
    }
  });
});

describe('the development sign-in', () => {
  it('is limited per address like any call without a token, behind the same hook', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bec-rate-limit-oidc-'));
    const app = await buildApp({
      config: loadConfig({ ...LIMITS, DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: '0' }),
      database: t.db,
      logger: false,
      webRoot: null,
    });
    try {
      const discovery = () =>
        app.inject({
          method: 'GET',
          url: '/oidc/.well-known/openid-configuration',
          remoteAddress: '198.51.100.50',
        });
      expect((await discovery()).json()).toMatchObject({
        issuer: expect.stringMatching(/\/oidc$/),
      });
      expect(tally(await flood(ADDRESS_BURST, discovery))).toEqual({
        200: ADDRESS_BURST - 1,
        429: 1,
      });
      expect((await discovery()).headers['retry-after']).toBe('1');
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
