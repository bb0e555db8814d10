import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import type { Config } from '../src/config.js';
import { queryRows } from '../src/db/client.js';
import { chileDate } from '../src/lib/chile-date.js';
import { type FakeUfSource, mindicadorSeries, startFakeUfSource } from './fake-uf-source.js';
import { setupApp, uploadPng, validProperty } from './helpers.js';

/**
 * /metrics and the health checks: who may scrape (a token on the main port, a listener of its
 * own, or nobody), what the exposition holds after real requests, uploads and UF fetches, and
 * /readyz while the process shuts down. The token app is the file's main one; the others are
 * built on its database with another `metrics` setting.
 */
const TOKEN = 'metrics-token-0123456789abcdef-0123456789';
const TODAY = chileDate(new Date());

let fake: FakeUfSource;
const t = setupApp({
  env: async () => {
    fake = await startFakeUfSource(() => ({
      json: mindicadorSeries([{ date: TODAY, value: 39_643.59 }]),
    }));
    return { METRICS_TOKEN: TOKEN, UF_SOURCE: 'mindicador', UF_SOURCE_URL: fake.url };
  },
});
afterAll(async () => fake?.close());

// ---- a small reader of Prometheus' text format ------------------------------------------------

type Sample = { name: string; labels: Record<string, string>; value: number };

function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[key as string] = (value as string).replace(/\\(.)/g, (_, c) => (c === 'n' ? '\n' : c));
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the one sample with this name and (at least) these labels; undefined if none. */
function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}) {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  if (found.length > 1)
    throw new Error(`${name} ${JSON.stringify(labels)}: ${found.length} samples`);
  return found[0]?.value;
}

const scrape = async (app: App = t.app) => {
  const response = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { text: response.body, samples: parseExposition(response.body) };
};

/** Another app on the file's database, with its own metrics setting and no UF job of its own. */
const anotherApp = (
  metrics: Config['metrics'],
  options: Partial<Parameters<typeof buildApp>[0]> = {},
  uf: Partial<Config['uf']> = { source: 'none' },
) =>
  buildApp({
    config: { ...t.config, metrics, uf: { ...t.config.uf, ...uf } },
    database: t.db,
    logger: false,
    webRoot: null,
    ...options,
  });

// ---- the main port, behind METRICS_TOKEN ------------------------------------------------------

describe('/metrics behind METRICS_TOKEN', () => {
  it('answers 401 in the usual error shape without the token or with a wrong one', async () => {
    const wrong = [
      undefined,
      `Bearer ${TOKEN.slice(0, -1)}x`,
      `Bearer ${TOKEN}x`,
      'Bearer short',
      TOKEN,
      `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`,
    ];
    for (const authorization of wrong) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json()).toMatchObject({
        status: 'error',
        data: null,
        error: { code: 'UNAUTHENTICATED' },
      });
      expect(response.body).not.toContain('bec_http_requests_total');
    }
  });

  it('answers the exposition with the token (any case of "Bearer"), gzipped when asked', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('# TYPE bec_http_requests_total counter');

    const gzipped = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}`, 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    const text = gunzipSync(gzipped.rawPayload).toString('utf8');
    expect(parseExposition(text).length).toBeGreaterThan(50);
  });

  it("counts requests by the route's template, never the URL, with a fixed label for unmatched ones", async () => {
    const before = (await scrape()).samples;
    const labels = { method: 'GET', route: '/api/properties/:id', status: '401' };
    const count = (samples: Sample[]) =>
      sampleValue(samples, 'bec_http_requests_total', labels) ?? 0;
    for (const id of [123, 456, 789])
      await t.app.inject({ method: 'GET', url: `/api/properties/${id}` });
    await t.inject('viewer', { method: 'GET', url: '/api/properties/123' });
    for (const url of ['/api/nope/1', '/api/nope/2', '/wp-login.php'])
      await t.app.inject({ method: 'GET', url });

    const { samples, text } = await scrape();
    expect(count(samples) - count(before)).toBe(3);
    expect(
      sampleValue(samples, 'bec_http_requests_total', { ...labels, status: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sampleValue(samples, 'bec_http_request_duration_seconds_count', labels) ?? 0,
    ).toBeGreaterThanOrEqual(3);
    expect(
      sampleValue(samples, 'bec_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' }),
    ).toBe(sampleValue(samples, 'bec_http_request_duration_seconds_count', labels));
    expect(sampleValue(samples, 'bec_http_request_duration_seconds_sum', labels)).toBeGreaterThan(
      0,
    );
    expect(
      sampleValue(samples, 'bec_http_requests_total', {
        method: 'GET',
        route: '(unmatched)',
        status: '404',
      }),
    ).toBeGreaterThanOrEqual(3);
    // The token's own scrapes count too, under their route.
    expect(
      sampleValue(samples, 'bec_http_requests_total', {
        method: 'GET',
        route: '/metrics',
        status: '200',
      }),
    ).toBeGreaterThanOrEqual(1);
    for (const raw of ['/api/properties/123', '/api/nope', 'wp-login', 'route="/api/properties/4'])
      expect(text).not.toContain(raw);
  });

  it('shows the database pool at scrape time: connections in use, idle, waiting, the most', async () => {
    const pool = (samples: Sample[]) => ({
      inUse: sampleValue(samples, 'bec_db_pool_connections_in_use'),
      idle: sampleValue(samples, 'bec_db_pool_connections_idle'),
      waiting: sampleValue(samples, 'bec_db_pool_waiting_requests'),
      max: sampleValue(samples, 'bec_db_pool_connections_max'),
    });
    // The UF job fetched at start and then re-priced: once that has committed, nothing else runs.
    await expect
      .poll(
        async () =>
          (
            await queryRows<{ date: string | null }>(
              t.db.db,
              sql`select date::text as date from uf_pricing`,
            )
          )[0]?.date,
        { timeout: 10_000 },
      )
      .toBe(TODAY);
    await expect.poll(() => t.db.poolStats().inUse).toBe(0);
    const idle = pool((await scrape()).samples);
    expect(idle.max).toBe(t.db.kind === 'pglite' ? 1 : 5);
    expect(idle.inUse).toBe(0);
    expect(idle.waiting).toBe(0);

    // A transaction holds a connection while a scrape comes in (it reads no database); on PGlite,
    // whose one connection runs one thing at a time, a query queues behind it.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let begun = () => {};
    const inTransaction = new Promise<void>((resolve) => {
      begun = resolve;
    });
    const transaction = t.db.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      begun();
      await held;
    });
    await inTransaction;
    // Drizzle runs a query once it is awaited (or then'd).
    const queued = t.db.db.execute(sql`select 1`).then(() => undefined);
    try {
      await expect.poll(() => t.db.poolStats().waiting).toBe(t.db.kind === 'pglite' ? 1 : 0);
      const busy = pool((await scrape()).samples);
      expect(busy.inUse).toBeGreaterThanOrEqual(1);
      expect(busy.waiting).toBe(t.db.kind === 'pglite' ? 1 : 0);
      expect((busy.inUse ?? 0) + (busy.idle ?? 0)).toBeLessThanOrEqual(busy.max ?? 0);
    } finally {
      release();
      await transaction;
      await queued;
    }
    expect(t.db.poolStats()).toMatchObject({ inUse: 0, waiting: 0 });
  });

  it('counts uploads signed, attached and collected through the real upload flow', async () => {
    const counts = async () => {
      const { samples } = await scrape();
      return {
        signed: sampleValue(samples, 'bec_uploads_signed_total'),
        attached: sampleValue(samples, 'bec_uploads_attached_total'),
        collected: sampleValue(samples, 'bec_uploads_collected_total'),
      };
    };
    const before = await counts();
    const kept = await uploadPng(t, 'kept');
    const left = await uploadPng(t, 'left');
    const refused = await t.inject('editor', {
      method: 'POST',
      url: '/api/photos/upload_url',
      payload: [{ name: 'x.gif', content_type: 'image/gif', size: 10 }],
    });
    expect(refused.statusCode).toBe(400);
    const added = await t.inject('editor', {
      method: 'POST',
      url: '/api/properties/add',
      payload: validProperty({ photos: [kept] }),
    });
    expect(added.statusCode, added.body).toBe(201);
    // A save refused before the attach step attaches nothing.
    const invalid = await t.inject('editor', {
      method: 'POST',
      url: '/api/properties/add',
      payload: validProperty({ photos: [left], city_id: 999_999 }),
    });
    expect(invalid.statusCode).toBe(400);
    expect(await t.app.collectUnattachedPhotos(new Date(Date.now() + 25 * 3600_000))).toBe(1);

    expect(await counts()).toEqual({
      signed: (before.signed ?? 0) + 2,
      attached: (before.attached ?? 0) + 1,
      collected: (before.collected ?? 0) + 1,
    });
    expect(left).toMatch(/\.png$/);
  });

  it('counts UF fetches by source and outcome (the fake source answered at start)', async () => {
    await expect
      .poll(
        async () =>
          sampleValue((await scrape()).samples, 'bec_uf_fetches_total', {
            source: 'mindicador',
            outcome: 'success',
          }),
        { timeout: 10_000 },
      )
      .toBe(1);
    const { samples } = await scrape();
    expect(
      sampleValue(samples, 'bec_uf_fetches_total', { source: 'mindicador', outcome: 'failure' }),
    ).toBe(0);
    expect(fake.requests).toContain(`/uf/${TODAY.slice(0, 4)}`);
  });

  it("adds the process's default metrics: memory, heap, event loop lag, GC", async () => {
    const { samples, text } = await scrape();
    for (const name of [
      'process_resident_memory_bytes',
      'process_cpu_seconds_total',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(samples.some((s) => s.name === name)).toBe(true);
    expect(text).toContain('# TYPE nodejs_gc_duration_seconds histogram');
  });

  it('keeps /metrics out of the OpenAPI document; the health checks are in it', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(Object.keys(spec.paths)).not.toContain('/metrics');
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/healthz', '/readyz']));
  });
});

// ---- a listener of its own: METRICS_LISTEN ----------------------------------------------------

describe('/metrics on METRICS_LISTEN', () => {
  let app: App;
  let webRoot: string;
  let base: string;

  beforeAll(async () => {
    webRoot = await mkdtemp(path.join(os.tmpdir(), 'bec-metrics-web-'));
    await mkdir(path.join(webRoot, 'assets'));
    await writeFile(
      path.join(webRoot, 'index.html'),
      '<!doctype html><html><head><title>BEC</title></head><body></body></html>',
    );
    await writeFile(path.join(webRoot, 'assets', 'index-0a1b2c3d.js'), 'console.log(1);');
    // This app's own fetch at start fails: the source now answers nonsense. The main app's fetch
    // must have finished first (it holds the fetch's lease while it runs).
    const fetched = async () =>
      (
        await queryRows<{ done: boolean }>(
          t.db.db,
          sql`select lease_until is null and succeeded_at is not null as done from uf_fetch`,
        )
      )[0]?.done;
    for (let waited = 0; !(await fetched()); waited += 50) {
      if (waited > 10_000) throw new Error("the main app's UF fetch did not finish");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    fake.answerWith(() => ({ json: { serie: 'nope' } }));
    // One process fetches per interval for the whole deployment: make the next fetch due now, so
    // this app's start is the one that fetches.
    await queryRows(t.db.db, sql`update uf_fetch set next_at = now()`);
    app = await anotherApp(
      { kind: 'listener', host: '127.0.0.1', port: 0 },
      { webRoot },
      {
        source: 'mindicador',
        url: fake.url,
      },
    );
    await app.ready();
    const address = app.metricsListenerAddress();
    if (!address) throw new Error('the metrics listener is not listening');
    base = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await app?.close();
    if (webRoot) await rm(webRoot, { recursive: true, force: true });
  });

  it('serves the exposition on its own port without a token, and nothing else', async () => {
    const response = await fetch(`${base}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const samples = parseExposition(await response.text());
    expect(sampleValue(samples, 'bec_db_pool_connections_max')).toBe(
      t.db.kind === 'pglite' ? 1 : 5,
    );

    expect((await fetch(`${base}/metrics?x=1`)).status).toBe(200);
    expect((await fetch(`${base}/`)).status).toBe(404);
    expect((await fetch(`${base}/api/properties`)).status).toBe(404);
    const post = await fetch(`${base}/metrics`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('is not on the main port, not even as a page of the web app', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}`]) {
      const response = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ status: 'error', error: { code: 'NOT_FOUND' } });
    }
  });

  it("labels the web build's files and the SPA's pages with one fixed label each", async () => {
    for (const url of ['/assets/index-0a1b2c3d.js', '/properties/42', '/properties/43']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
    }
    const text = await (await fetch(`${base}/metrics`)).text();
    const samples = parseExposition(text);
    const get = (route: string, status: string) =>
      sampleValue(samples, 'bec_http_requests_total', { method: 'GET', route, status });
    expect(get('(static)', '200')).toBe(1);
    expect(get('(unmatched)', '200')).toBe(2);
    expect(get('(unmatched)', '404')).toBe(2);
    expect(text).not.toContain('index-0a1b2c3d');
    expect(text).not.toContain('/properties/4');
  });

  it('counts its own failed UF fetch in its own registry', async () => {
    await expect
      .poll(
        async () =>
          sampleValue(
            parseExposition(await (await fetch(`${base}/metrics`)).text()),
            'bec_uf_fetches_total',
            { source: 'mindicador', outcome: 'failure' },
          ),
        { timeout: 10_000 },
      )
      .toBe(1);
    const samples = parseExposition(await (await fetch(`${base}/metrics`)).text());
    expect(
      sampleValue(samples, 'bec_uf_fetches_total', { source: 'mindicador', outcome: 'success' }),
    ).toBe(0);
    // The main app's registry is its own: its success, and no failure.
    const main = (await scrape()).samples;
    expect(
      sampleValue(main, 'bec_uf_fetches_total', { source: 'mindicador', outcome: 'failure' }),
    ).toBe(0);
  });

  it('closes the listener when the app closes', async () => {
    const other = await anotherApp({ kind: 'listener', host: '127.0.0.1', port: 0 });
    await other.ready();
    const port = other.metricsListenerAddress()?.port;
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(200);
    await other.close();
    expect(other.metricsListenerAddress()).toBeNull();
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });

  it('stops the start with a clear message when its port is taken', async () => {
    const address = app.metricsListenerAddress();
    const clash = await anotherApp({
      kind: 'listener',
      host: '127.0.0.1',
      port: address?.port ?? 1,
    });
    await expect(clash.ready()).rejects.toThrow(/^METRICS_LISTEN=127\.0\.0\.1:\d+: cannot listen/);
    await clash.close();
  });
});

// ---- neither set: off --------------------------------------------------------------------------

describe('/metrics with neither METRICS_TOKEN nor METRICS_LISTEN', () => {
  it('is off: a 404 on the main port, with or without a token, and no listener', async () => {
    const app = await anotherApp({ kind: 'off' });
    try {
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
        const response = await app.inject({ method: 'GET', url: '/metrics', headers });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
      }
      expect(app.metricsListenerAddress()).toBeNull();
    } finally {
      await app.close();
    }
  });
});

// ---- logs and shutdown -------------------------------------------------------------------------

describe('health checks and scrapes in the log, and /readyz while shutting down', () => {
  it('logs scrapes and probes at debug, other requests at info', async () => {
    const lines: { level: number; msg: string; req?: { url: string } }[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).trim().split('\n')) lines.push(JSON.parse(line));
        done();
      },
    });
    const app = await anotherApp(
      { kind: 'token', token: TOKEN },
      { logger: { level: 'debug', stream } },
    );
    try {
      for (const url of ['/metrics', '/healthz', '/readyz', '/api/nope'])
        await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${TOKEN}` } });
      const completed = lines.filter((l) => l.msg === 'request completed');
      const levelOf = (url: string) => completed.find((l) => l.req?.url === url)?.level;
      expect(levelOf('/metrics')).toBe(20);
      expect(levelOf('/healthz')).toBe(20);
      expect(levelOf('/readyz')).toBe(20);
      expect(levelOf('/api/nope')).toBe(30);
    } finally {
      await app.close();
    }
  });

  it('answers /readyz 503 on a connection still open while requests in flight drain', async () => {
    const app = await anotherApp({ kind: 'off' });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let slowBegun = () => {};
    const slow = new Promise<void>((resolve) => {
      slowBegun = resolve;
    });
    app.get('/slow', async () => {
      slowBegun();
      await held;
      return 'done';
    });
    let closingBegun = () => {};
    const closing = new Promise<void>((resolve) => {
      closingBegun = resolve;
    });
    app.addHook('preClose', (done) => {
      closingBegun();
      done();
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);

    // A load balancer's keep-alive connection, busy with a slow request when the shutdown begins.
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk;
    });
    socket.write('GET /slow HTTP/1.1\r\nHost: bec\r\n\r\n');
    await slow;
    const closed = app.close();
    await closing;
    const readyzArrived = new Promise<void>((resolve) =>
      app.server.on('request', (request) => {
        if (request.url === '/readyz') resolve();
      }),
    );
    socket.write('GET /readyz HTTP/1.1\r\nHost: bec\r\n\r\n');
    await readyzArrived;
    release();
    await expect
      .poll(() => received.match(/HTTP\/1\.1 \d+/g)?.length)
      .toBe(2)
      .catch((err) => {
        throw new Error(`${err.message}; received: ${received}`);
      });
    // The in-flight answer, then Fastify's own 503 (a short JSON, not the envelope) and a close.
    expect(received.match(/HTTP\/1\.1 \d+/g)).toEqual(['HTTP/1.1 200', 'HTTP/1.1 503']);
    expect(received).toMatch(/connection: close/i);
    socket.destroy();
    await closed;
    // New connections are refused once it has closed.
    await expect(fetch(`http://127.0.0.1:${port}/readyz`)).rejects.toThrow();
  });
});
