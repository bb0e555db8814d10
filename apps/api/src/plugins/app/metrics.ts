import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { AppError } from '../../lib/app-error.js';
import { UNMATCHED_ROUTE } from '../../lib/route-config.js';
import { STORAGE_OPERATIONS, type StorageObserver } from './storage/guarded-storage.js';

/**
 * Where /metrics is served (METRICS_TOKEN, METRICS_LISTEN): nowhere, on the main port behind a
 * bearer token, or on a listener of its own without one (and then not on the main port).
 */
type MetricsAccess =
  | { kind: 'off' }
  | { kind: 'token'; token: string }
  | { kind: 'listener'; host: string; port: number };

/** The database's connections at scrape time (db/client.ts's PoolStats). */
export type PoolStatsReader = () => { inUse: number; idle: number; waiting: number; max: number };

/**
 * Request latency buckets, in seconds: a list page answers in a few milliseconds (ADR 022), so the
 * usual 5 ms floor would put most requests in the first bucket; 10 s is DATABASE_TIMEOUT's default.
 */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Storage call buckets, in seconds: a HEAD on a nearby bucket takes a few ms, reading a 25 MB
 * photo a second or more, and S3_TIMEOUT (10 s by default) ends the slowest.
 */
const STORAGE_BUCKETS = [0.005, 0.025, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * One app's metrics, on a registry of its own (never prom-client's global one): several apps in
 * one process (the tests) each count their own. The counters are handed to the services that move
 * them; the pool gauges read the database when scraped; `collectDefaults` adds the process's
 * (memory, CPU, event loop lag, GC), which start observers that live as long as the process.
 */
export function createMetrics({
  poolStats,
  collectDefaults,
}: {
  poolStats: PoolStatsReader;
  collectDefaults: boolean;
}) {
  const registry = new Registry();
  const registers = [registry];
  if (collectDefaults) collectDefaultMetrics({ register: registry });

  const labelNames = ['method', 'route', 'status'] as const;
  const http = {
    requests: new Counter({
      name: 'bec_http_requests_total',
      help: "HTTP requests answered, by method, route template and status (the route's URL template, never the URL).",
      labelNames,
      registers,
    }),
    duration: new Histogram({
      name: 'bec_http_request_duration_seconds',
      help: 'Time from receiving an HTTP request to answering it, by method, route template and status.',
      labelNames,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
  };

  const poolGauge = (
    name: string,
    help: string,
    read: (s: ReturnType<PoolStatsReader>) => number,
  ) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(read(poolStats()));
      },
    });
  poolGauge(
    'bec_db_pool_connections_in_use',
    'Database connections running a query or transaction now (PGlite: its one connection).',
    (s) => s.inUse,
  );
  poolGauge(
    'bec_db_pool_connections_idle',
    'Open database connections waiting for work.',
    (s) => s.idle,
  );
  poolGauge(
    'bec_db_pool_waiting_requests',
    'Queries and transactions waiting for a database connection now.',
    (s) => s.waiting,
  );
  poolGauge(
    'bec_db_pool_connections_max',
    'The most database connections this process opens (DATABASE_POOL_SIZE; 1 for PGlite).',
    (s) => s.max,
  );

  const uploads = {
    signed: new Counter({
      name: 'bec_uploads_signed_total',
      help: 'Photo upload URLs issued (POST /api/photos/upload_url), one per file.',
      registers,
    }),
    attached: new Counter({
      name: 'bec_uploads_attached_total',
      help: 'Uploaded photos attached to a property or a visit.',
      registers,
    }),
    collected: new Counter({
      name: 'bec_uploads_collected_total',
      help: 'Uploads never attached, deleted by the hourly collection after 24 hours.',
      registers,
    }),
  };

  const ufFetches = new Counter({
    name: 'bec_uf_fetches_total',
    help: 'Fetches of published UF values by this process, by source and outcome (success: the answer was stored; failure: nothing was).',
    labelNames: ['source', 'outcome'] as const,
    registers,
  });

  const rateLimited = new Counter({
    name: 'bec_rate_limited_total',
    help: "Requests refused with 429 by this process's rate limit, by the limit that refused them (account: a signed-in account's; address: a client address's).",
    labelNames: ['limit'] as const,
    registers,
  });
  // Both series exist from the start, so a query over them never meets an absent series.
  for (const limit of ['account', 'address'] as const) rateLimited.inc({ limit }, 0);

  // Every call to the photo store, and how it ended: `unavailable` is what answers 503
  // STORAGE_UNAVAILABLE. Both series start at 0, so a rate is there before the first failure.
  const storageOperations = new Counter({
    name: 'bec_storage_operations_total',
    help: 'Calls to the photo storage, by operation and outcome (success; unavailable: no connection, a timeout, a 5xx or refused credentials; error: any other failure).',
    labelNames: ['operation', 'outcome'] as const,
    registers,
  });
  for (const operation of STORAGE_OPERATIONS)
    for (const outcome of ['success', 'unavailable'] as const)
      storageOperations.inc({ operation, outcome }, 0);
  const storageDuration = new Histogram({
    name: 'bec_storage_operation_duration_seconds',
    help: 'Time a call to the photo storage took, by operation and outcome (tries included).',
    labelNames: ['operation', 'outcome'] as const,
    buckets: STORAGE_BUCKETS,
    registers,
  });
  const storage: StorageObserver = (operation, outcome, seconds) => {
    storageOperations.inc({ operation, outcome });
    storageDuration.observe({ operation, outcome }, seconds);
  };

  const statsComputations = new Counter({
    name: 'bec_market_stats_computations_total',
    help: "Computations of the Data section's statistics run by this process (one per filter and data version across every process; ADR 051).",
    registers,
  });

  return { registry, http, uploads, ufFetches, storage, rateLimited, statsComputations };
}

export type Metrics = ReturnType<typeof createMetrics>;

declare module 'fastify' {
  interface FastifyInstance {
    /** METRICS_LISTEN's listener address once the app is ready; null when there is none. */
    metricsListenerAddress: () => AddressInfo | null;
  }
}

type MetricsPluginOptions = { metrics: Metrics; access: MetricsAccess };

const BEARER = /^Bearer +(\S+)$/i;
const sha256 = (value: string) => createHash('sha256').update(value).digest();

/**
 * Checks `Authorization: Bearer <token>` in constant time: both sides are hashed first, so
 * neither the comparison nor the length of what was sent says anything about the token.
 */
function tokenCheck(token: string) {
  const expected = sha256(token);
  return async (request: FastifyRequest) => {
    const given = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!timingSafeEqual(sha256(given ?? ''), expected) || given === undefined)
      throw new AppError(
        'UNAUTHENTICATED',
        'The metrics need the scraper\'s token: "Authorization: Bearer <METRICS_TOKEN>".',
      );
  };
}

/**
 * Request metrics for every answer, labelled with the route's template (`/api/properties/:id`)
 * or a fixed label (the web build's files, requests no route matched), so the number of series
 * stays bounded whatever URLs arrive; and GET /metrics, where METRICS_TOKEN or METRICS_LISTEN
 * says. With neither, nothing is counted per request and /metrics is a 404.
 */
async function metricsPlugin(app: FastifyInstance, { metrics, access }: MetricsPluginOptions) {
  const { registry, http } = metrics;
  let listener: Server | null = null;
  app.decorate('metricsListenerAddress', () => (listener?.address() as AddressInfo | null) ?? null);
  if (access.kind === 'off') return;

  app.addHook('onResponse', (request, reply, done) => {
    const route =
      request.routeOptions.config?.metricsRoute ?? request.routeOptions.url ?? UNMATCHED_ROUTE;
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    http.requests.inc(labels);
    http.duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  if (access.kind === 'token') {
    app.get(
      '/metrics',
      {
        // Operations, not the API: documented in docs/operations/metrics-and-health.md, not in OpenAPI.
        schema: { hide: true },
        config: { quietLog: true, noRateLimit: true },
        onRequest: tokenCheck(access.token),
      },
      async (_request, reply) =>
        reply
          .type(registry.contentType)
          .header('cache-control', 'no-store')
          .send(await registry.metrics()),
    );
    return;
  }

  const server = createServer((request, response) => {
    void answerScrape(registry, app.log, request, response);
  });
  server.on('error', (err) => app.log.error({ err }, 'the metrics listener failed'));
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      const failed = (err: Error) =>
        reject(
          new Error(`METRICS_LISTEN=${access.host}:${access.port}: cannot listen (${err.message})`),
        );
      server.once('error', failed);
      server.listen(access.port, access.host, () => {
        server.off('error', failed);
        resolve();
      });
    });
    listener = server;
    const { address, port } = server.address() as AddressInfo;
    const host = address.includes(':') ? `[${address}]` : address;
    app.log.info(`Metrics on http://${host}:${port}/metrics (METRICS_LISTEN, no token)`);
  });
  app.addHook('onClose', async () => {
    if (!server.listening) return;
    listener = null;
    // A scrape in flight is cut short: closing must not wait for a scraper's keep-alive.
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}

/** The separate listener's only answer: GET (or HEAD) /metrics; anything else is refused. */
async function answerScrape(
  registry: Registry,
  log: FastifyBaseLogger,
  request: IncomingMessage,
  response: ServerResponse,
) {
  const text = { 'content-type': 'text/plain; charset=utf-8' };
  if ((request.url ?? '/').split('?')[0] !== '/metrics') {
    response.writeHead(404, text).end('Not found: this listener serves GET /metrics only.\n');
    return;
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { ...text, allow: 'GET, HEAD' }).end('Method not allowed.\n');
    return;
  }
  try {
    const body = await registry.metrics();
    response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
    response.end(request.method === 'HEAD' ? undefined : body);
  } catch (err) {
    log.error({ err }, 'collecting metrics failed');
    response.writeHead(500, text).end('Collecting metrics failed; see the server log.\n');
  }
}

export default fp(metricsPlugin, { name: 'metrics' });
