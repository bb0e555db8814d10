import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import pino from 'pino';
import type { Config } from './config.js';
import type { Resolver } from './lib/safe-fetch.js';
import './lib/route-config.js';
import { type Database, type DatabaseHandle, openDatabase } from './db/client.js';
import { prepareDatabase } from './db/prepare.js';
import { createDeltaFolder, FOLD_POLL_MS } from './db/property-deltas.js';
import { whenCommitted } from './db/request-transaction.js';
import { seedDevMembers } from './db/seed.js';
import { seedDemoVisits } from './db/seed-visits.js';
import { createJobs, type Jobs } from './jobs.js';
import { alertMailModule } from './modules/alert-mail/alert-mail.module.js';
import { enqueueImmediate } from './modules/alert-mail/alert-mail.repository.js';
import type { MailTransport } from './modules/alert-mail/alert-mail.service.js';
import { brokersModule } from './modules/brokers/brokers.module.js';
import { duplicatesModule } from './modules/duplicates/duplicates.module.js';
import { historyModule } from './modules/history/history.module.js';
import { idempotencyModule } from './modules/idempotency/idempotency.module.js';
import { createIdempotencyStore } from './modules/idempotency/idempotency.repository.js';
import { listingImportModule } from './modules/listing-import/listing-import.module.js';
import { createListingReader } from './modules/listing-import/listing-reader.js';
import { marketModule } from './modules/market/market.module.js';
import type { ApiModule, ModuleContext } from './modules/module-context.js';
import { photosModule } from './modules/photos/photos.module.js';
import { localUploadRoutes, photoDownloadRoutes } from './modules/photos/photos.routes.js';
import { createPhotosService } from './modules/photos/photos.service.js';
import { propertiesModule } from './modules/properties/properties.module.js';
import { referenceModule } from './modules/reference/reference.module.js';
import { createReferenceService } from './modules/reference/reference.service.js';
import { createMatchWorker, MATCH_POLL_MS } from './modules/saved-searches/alert-matching.js';
import { savedSearchesModule } from './modules/saved-searches/saved-searches.module.js';
import { clientConfig } from './modules/system/client-config.js';
import { systemModule } from './modules/system/system.module.js';
import { probeRoutes } from './modules/system/system.routes.js';
import { createUfSource } from './modules/uf/sources/index.js';
import { ufModule } from './modules/uf/uf.module.js';
import { createUfService } from './modules/uf/uf.service.js';
import { usersModule } from './modules/users/users.module.js';
import { createUsersService, type UsersService } from './modules/users/users.service.js';
import { visitsModule } from './modules/visits/visits.module.js';
import { waitlistModule } from './modules/waitlist/waitlist.module.js';
import auth from './plugins/app/auth.js';
import {
  cspDirectives,
  type ProviderEndpoints,
  VITE_DEV_ORIGIN,
} from './plugins/app/content-security-policy.js';
import { DEV_ACCOUNTS } from './plugins/app/dev-identity/dev-accounts.js';
import { loadOrCreateDevKeys, publicJwks } from './plugins/app/dev-identity/dev-keys.js';
import errorHandler from './plugins/app/error-handler.js';
import idempotency from './plugins/app/idempotency.js';
import metricsPlugin, { createMetrics, type Metrics } from './plugins/app/metrics.js';
import rateLimit from './plugins/app/rate-limit.js';
import routeAccess from './plugins/app/route-access.js';
import { guardStorage } from './plugins/app/storage/guarded-storage.js';
import { createLocalStorage } from './plugins/app/storage/local-storage.js';
import { loadSigningSecret } from './plugins/app/storage/signing-secret.js';
import { createUrlSigner } from './plugins/app/storage/url-signer.js';
import { createTokenVerifier, type TokenVerifier } from './plugins/app/token-verifier.js';
import compression from './plugins/external/compression.js';
import docs from './plugins/external/docs.js';
import jsonBody from './plugins/external/json-body.js';
import securityHeaders from './plugins/external/security-headers.js';
import web from './plugins/external/web.js';

const DEFAULT_WEB_ROOT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../web/dist',
);

export type BuildAppOptions = {
  config: Config;
  /** An open database to use instead of the configured one; the caller closes it. */
  database?: DatabaseHandle;
  /** Replaces the OpenID verifier (tests use a real one pointed at their own issuer instead). */
  verify?: TokenVerifier;
  logger?: FastifyServerOptions['logger'];
  /** The built web app to serve; null serves none. */
  webRoot?: string | null;
  /** Replaces the system's resolver for link imports (tests name hosts resolving where they say). */
  resolveHost?: Resolver;
  /** Sends alert mail instead of SMTP_URL's server through nodemailer (tests). */
  mailTransport?: MailTransport;
  /** false: the alert digest and sender jobs do not run on their own (tests drive the clock). */
  mailJobs?: boolean;
};

const REQUEST_ID = /^[\w.:-]{1,64}$/;
/** One log line per request, when it completes, naming it; none when it arrives (Fastify's two). */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const line = {
      req: { method: request.method, url: request.url },
      res: { statusCode: reply.statusCode },
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (request.routeOptions.config?.quietLog) reply.log.debug(line, 'request completed');
    else reply.log.info(line, 'request completed');
  }
}

/** Discovery is tried again on a page load at most this often while the provider is down. */
const DISCOVERY_RETRY_MS = 10_000;

/**
 * The modules under /api, in the order their routes register: each builds its own service from
 * the context and registers its routes and jobs (ADR 065).
 */
const API_MODULES: readonly ApiModule[] = [
  systemModule,
  usersModule,
  waitlistModule,
  referenceModule,
  brokersModule,
  photosModule,
  propertiesModule,
  savedSearchesModule,
  alertMailModule,
  listingImportModule,
  duplicatesModule,
  historyModule,
  visitsModule,
  ufModule,
  marketModule,
  idempotencyModule,
];

export async function buildApp(options: BuildAppOptions) {
  const { config } = options;
  const app = createServer(options);
  const listingReader = startListingReader(app, config);
  const database = await openPreparedDatabase(app, options);
  const { metrics, uf } = database;
  const documentHeaderOptions = await documentHeaders(config);
  await registerCrossCutting(app, config, metrics, documentHeaderOptions());
  const users = createUsersService(database.db, { adminEmails: config.adminEmails });
  await registerIdentity(app, options, { db: database.db, users, metrics, documentHeaderOptions });

  const { signer, local, storage, storageReadiness } = await openPhotoStorage(config, metrics);
  const photos = createPhotosService(database.db, {
    storage,
    signer,
    maxBytes: config.photos.maxBytes,
    counters: metrics.uploads,
  });
  const jobs = createJobs(app);
  const context: ModuleContext = {
    config,
    db: database.db,
    metrics,
    jobs,
    signer,
    photos,
    reference: createReferenceService(database.db),
    uf,
    users,
    idempotency: createIdempotencyStore(database.db, {
      claimTimeoutMs: config.idempotency.claimTimeoutMs,
    }),
    ...propertyChangeWorkers(app, database.db, jobs, config),
    listingReader,
    resolveHost: options.resolveHost,
    mailTransport: options.mailTransport,
    mailJobs: options.mailJobs ?? true,
  };
  // One prefix: every module's routes live under /api, each route file naming its paths below it
  // in full. The few routes outside /api (probes, signed photo links, the local upload PUT) are
  // registered at the root with their whole paths.
  await app.register(probeRoutes, { ping: database.ping, storageReadiness });
  await app.register(photoDownloadRoutes, { photos });
  if (local) await app.register(localUploadRoutes, { local });
  await app.register(
    async (api) => {
      // First: its onRoute hook documents the Idempotency-Key header on every write below.
      await api.register(idempotency, { store: context.idempotency });
      // Default deny: a route below that declares no access stops the start (ADR 065).
      await api.register(routeAccess);
      for (const module of API_MODULES) await api.register(module, context);
    },
    { prefix: '/api' },
  );

  const webRoot = options.webRoot === undefined ? DEFAULT_WEB_ROOT : options.webRoot;
  if (webRoot) await app.register(web, { root: webRoot, clientConfig: clientConfig(config) });

  return app;
}

function createServer(options: BuildAppOptions) {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization'],
      // Lines written while a write is in flight go out together in one syscall, instead of two
      // blocking writes per request; pino flushes what is left when the process exits.
      stream: pino.destination({ dest: 1, sync: false }),
    },
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // The client's address (request.ip, the rate limit's key) is the socket's unless TRUST_PROXY
    // names the proxies whose X-Forwarded-For to believe.
    trustProxy: config.trustProxy,
    forceCloseConnections: 'idle',
    // Fastify's default, relied on: once closing, a request on a connection still open (a load
    // balancer's keep-alive) answers 503, /readyz included, while the requests in flight finish.
    return503OnClosing: true,
    logController: new OneLinePerRequest(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Set as the request arrives (a synchronous hook): error and 404 answers carry it as well.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  return app;
}

type Server = ReturnType<typeof createServer>;

function startListingReader(app: Server, config: Config) {
  // One core is left to the event loop, which then never waits on a reading (ADR 058).
  const listingReader = createListingReader({
    timeoutMs: config.listingImport.readTimeoutMs,
    threads: Math.max(1, availableParallelism() - 1),
  });
  app.addHook('onClose', () => listingReader.close());

  if (config.listingImport.allowHosts.length) {
    app.log.warn(
      { hosts: config.listingImport.allowHosts },
      'IMPORT_ALLOW_HOSTS is set: listing imports may fetch these hosts at any address, private ones included (for tests only).',
    );
  }
  return listingReader;
}

/** The database, migrated and seeded, with the metrics and the UF service prices are set by. */
async function openPreparedDatabase(app: Server, options: BuildAppOptions) {
  const { config } = options;
  const ownsDatabase = !options.database;
  const database = options.database ?? (await openDatabase(config.database));
  if (ownsDatabase) app.addHook('onClose', () => database.close());
  // Per app, not global: counters handed to the services, exposed where config.metrics says.
  const metrics = createMetrics({
    poolStats: database.poolStats,
    collectDefaults: config.metrics.kind !== 'off',
  });
  const uf = createUfService(database.db, {
    source: createUfSource(config.uf),
    log: app.log,
    refreshMs: config.uf.refreshMs,
    fetches: metrics.ufFetches,
  });
  try {
    const prepared = await prepareDatabase(database, {
      seedDemo: config.seedDemo,
      onWait: () =>
        app.log.info('Another process is migrating the database; waiting for its migration lock'),
    });
    if (prepared.applied)
      app.log.info(
        { migrations: prepared.applied },
        `Applied ${prepared.applied} database migration${prepared.applied === 1 ? '' : 's'}`,
      );
    if (prepared.demo) app.log.info(`New database: loaded ${prepared.demo} demo properties.`);
    // UF prices at the value in effect before the first request (the day may have rolled over
    // while the server was down, or the demo just stored its UF value).
    await uf.reprice({ wait: true });
  } catch (err) {
    if (ownsDatabase) await database.close();
    throw err;
  }
  return { db: database.db, ping: database.ping, metrics, uf };
}

type DocumentHeaderOptions = (provider?: ProviderEndpoints) => Record<string, unknown>;

async function documentHeaders(config: Config): Promise<DocumentHeaderOptions> {
  const s3 = config.storage.kind === 's3' ? config.storage : null;
  // The AWS SDK is loaded only when photos live in S3.
  const storageOrigin = s3
    ? await (await import('./plugins/app/storage/s3-origin.js')).s3Origin(s3)
    : null;

  /** Helmet's options for documents; the CSP names the provider's origins once discovered. */
  return (provider?: ProviderEndpoints) => ({
    contentSecurityPolicy: {
      directives: {
        // The web app's service worker and manifest (ADR 044), named rather than left to fall
        // back on script-src and default-src: only the app's own files may be either.
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
        ...cspDirectives({
          oidc: config.oidc,
          storageOrigin,
          provider,
          mapTilesUrl: config.map.tilesUrl,
        }),
        // Plain-http deployments (localhost, a LAN) must not be pushed to https.
        'upgrade-insecure-requests': config.publicUrl.startsWith('https:') ? [] : null,
      },
    },
  });
}

async function registerCrossCutting(
  app: Server,
  config: Config,
  metrics: Metrics,
  headerOptions: Record<string, unknown>,
) {
  await app.register(jsonBody);
  // Before any route: it decides per route whether answers may be compressed.
  await app.register(compression);
  await app.register(securityHeaders, { apiPrefix: '/api/', ...headerOptions });
  await app.register(errorHandler);
  await app.register(docs);
  // Before the routes: its onResponse hook counts every answer, 404s included.
  await app.register(metricsPlugin, { metrics, access: config.metrics });
}

/** Token verification, the member behind a token, the rate limit by it, the development provider. */
async function registerIdentity(
  app: Server,
  options: BuildAppOptions,
  deps: {
    db: Database;
    users: UsersService;
    metrics: Metrics;
    documentHeaderOptions: DocumentHeaderOptions;
  },
) {
  const { config } = options;
  const devKeys = config.oidc.embedded ? await loadOrCreateDevKeys(config.dataDir) : null;
  const verify =
    options.verify ??
    createTokenVerifier({
      issuer: config.oidc.issuer,
      audience: config.oidc.audience,
      algorithms: config.oidc.algorithms,
      localKeys: devKeys ? publicJwks(devKeys) : undefined,
      onDiscovery: (provider) => app.setDocumentHeaderOptions(deps.documentHeaderOptions(provider)),
    });
  await app.register(auth, { verify, resolveMember: deps.users.findMember });
  // Before the development provider and every route: its hook is the first to see a request.
  await app.register(rateLimit, {
    ...config.rateLimit,
    identify: (request) => app.tokenSubject(request),
    refused: deps.metrics.rateLimited,
    trustsProxy: config.trustProxy !== false,
  });
  if (devKeys) {
    await seedDevMembers(deps.db, DEV_ACCOUNTS);
    // The demo's visits name the development members, so they come once those exist.
    await seedDemoVisits(deps.db);
    // Loaded only when on: production deployments never load the development provider.
    const { default: devIdentity } = await import('./plugins/app/dev-identity/dev-identity.js');
    await app.register(devIdentity, {
      issuer: config.oidc.issuer,
      audience: config.oidc.audience,
      clientId: config.oidc.clientId,
      appOrigins: [...new Set([new URL(config.publicUrl).origin, VITE_DEV_ORIGIN])],
      keys: devKeys,
      dataDir: config.dataDir,
    });
  }
  if (!config.oidc.embedded && 'discover' in verify) watchDiscovery(app, verify.discover);
}

async function openPhotoStorage(config: Config, metrics: Metrics) {
  const signer = createUrlSigner(await loadSigningSecret(config.urlSigningSecret, config.dataDir));
  const local =
    config.storage.kind === 'local'
      ? createLocalStorage({ dir: config.storage.dir, signer })
      : null;
  const store =
    config.storage.kind === 's3'
      ? (await import('./plugins/app/storage/s3-storage.js')).createS3Storage(config.storage)
      : local?.storage;
  if (!store) throw new Error(`no photo storage for STORAGE=${config.storage.kind}`);
  // Every call timed and counted; a store that cannot be used answers 503 STORAGE_UNAVAILABLE.
  const guarded = guardStorage(store, { observe: metrics.storage });
  return { signer, local, storage: guarded.storage, storageReadiness: guarded.readiness };
}

/**
 * The workers every property write nudges once it commits (a keyed write's commits with its
 * answer: ADR 062): the properties' total and map cells, folded from the writes' deltas (ADR 055),
 * and the saved searches' matching (ADR 053), which queues immediate alert mail with SMTP_URL
 * (ADR 054). Both poll for other processes' writes.
 */
function propertyChangeWorkers(app: Server, db: Database, jobs: Jobs, config: Config) {
  const deltaFolder = createDeltaFolder(db, {
    pollMs: FOLD_POLL_MS,
    onError: (err) =>
      app.log.warn({ err }, 'folding property deltas failed; it runs again shortly'),
  });
  jobs.worker(deltaFolder);
  jobs.expose('foldPropertyDeltas', () => deltaFolder.drain());
  const matchWorker = createMatchWorker(db, {
    pollMs: MATCH_POLL_MS,
    onError: (err) =>
      app.log.warn({ err }, 'matching saved searches failed; it runs again shortly'),
    ...(config.mail ? { onAlerts: enqueueImmediate } : {}),
  });
  const onPropertyChange = () =>
    whenCommitted(() => {
      deltaFolder.nudge();
      matchWorker.nudge();
    });
  return { matchWorker, onPropertyChange };
}

/**
 * Reads the external provider's discovery before the first page is served, so its CSP already
 * names the provider's endpoints (a provider that is down is no reason not to start: a warning,
 * and a page load tries again, at most every DISCOVERY_RETRY_MS, until it answers).
 */
function watchDiscovery(app: FastifyInstance, discover: () => Promise<unknown>) {
  let known = false;
  let triedAt = 0;
  const attempt = async () => {
    triedAt = Date.now();
    try {
      await discover();
      known = true;
    } catch (err) {
      app.log.warn(
        { err },
        "The identity provider's discovery could not be read; the page's CSP allows only its issuer until it can.",
      );
    }
  };
  app.addHook('onReady', attempt);
  app.addHook('onRequest', (request, _reply, done) => {
    if (!known && request.method === 'GET' && Date.now() - triedAt > DISCOVERY_RETRY_MS)
      void attempt();
    done();
  });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
