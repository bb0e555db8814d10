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
import { type DatabaseHandle, openDatabase } from './db/client.js';
import { prepareDatabase } from './db/prepare.js';
import { createDeltaFolder, FOLD_POLL_MS } from './db/property-deltas.js';
import { whenCommitted } from './db/request-transaction.js';
import { seedDevMembers } from './db/seed.js';
import { seedDemoVisits } from './db/seed-visits.js';
import { registerJobs } from './jobs.js';
import { enqueueImmediate } from './modules/alert-mail/alert-mail.repository.js';
import { alertMailRoutes } from './modules/alert-mail/alert-mail.routes.js';
import type { MailTransport } from './modules/alert-mail/alert-mail.service.js';
import {
  createAlertMail,
  createUnsubscribe,
  unsubscribeTokens,
} from './modules/alert-mail/alert-mail.service.js';
import { createSmtpTransport } from './modules/alert-mail/smtp-transport.js';
import { brokersRoutes } from './modules/brokers/brokers.routes.js';
import { createBrokersService } from './modules/brokers/brokers.service.js';
import { duplicatesRoutes } from './modules/duplicates/duplicates.routes.js';
import { createDuplicatesService } from './modules/duplicates/duplicates.service.js';
import { historyRoutes } from './modules/history/history.routes.js';
import { createHistoryService } from './modules/history/history.service.js';
import { createIdempotencyStore } from './modules/idempotency/idempotency.repository.js';
import { listingImportRoutes } from './modules/listing-import/listing-import.routes.js';
import { createListingImportService } from './modules/listing-import/listing-import.service.js';
import { createListingReader } from './modules/listing-import/listing-reader.js';
import { marketRoutes } from './modules/market/market.routes.js';
import { createMarketService } from './modules/market/market.service.js';
import {
  localUploadRoutes,
  photoDownloadRoutes,
  photoUploadRoutes,
} from './modules/photos/photos.routes.js';
import { createPhotosService } from './modules/photos/photos.service.js';
import { propertiesRoutes } from './modules/properties/properties.routes.js';
import { createPropertiesService } from './modules/properties/properties.service.js';
import { referenceRoutes } from './modules/reference/reference.routes.js';
import { createReferenceService } from './modules/reference/reference.service.js';
import { createMatchWorker, MATCH_POLL_MS } from './modules/saved-searches/alert-matching.js';
import { savedSearchesRoutes } from './modules/saved-searches/saved-searches.routes.js';
import { createSavedSearchesService } from './modules/saved-searches/saved-searches.service.js';
import { clientConfig } from './modules/system/client-config.js';
import { configRoutes, probeRoutes } from './modules/system/system.routes.js';
import { createUfSource } from './modules/uf/sources/index.js';
import { ufRoutes } from './modules/uf/uf.routes.js';
import { createUfService } from './modules/uf/uf.service.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { createUsersService } from './modules/users/users.service.js';
import { visitsRoutes } from './modules/visits/visits.routes.js';
import { createVisitsService } from './modules/visits/visits.service.js';
import { waitlistRoutes } from './modules/waitlist/waitlist.routes.js';
import { createWaitlistService } from './modules/waitlist/waitlist.service.js';
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
import metricsPlugin, { createMetrics } from './plugins/app/metrics.js';
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

export async function buildApp(options: BuildAppOptions) {
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
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Set as the request arrives (a synchronous hook): error and 404 answers carry it as well.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  const ownsDatabase = !options.database;
  const database = options.database ?? (await openDatabase(config.database));
  if (ownsDatabase) app.addHook('onClose', () => database.close());
  // Per app, not global: counters handed to the services below, exposed where config.metrics says.
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

  const s3 = config.storage.kind === 's3' ? config.storage : null;
  // The AWS SDK is loaded only when photos live in S3.
  const storageOrigin = s3
    ? await (await import('./plugins/app/storage/s3-origin.js')).s3Origin(s3)
    : null;

  /** Helmet's options for documents; the CSP names the provider's origins once discovered. */
  const documentHeaderOptions = (provider?: ProviderEndpoints) => ({
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
  await app.register(jsonBody);
  // Before any route: it decides per route whether answers may be compressed.
  await app.register(compression);
  await app.register(securityHeaders, { apiPrefix: '/api/', ...documentHeaderOptions() });
  await app.register(errorHandler);
  await app.register(docs);
  // Before the routes: its onResponse hook counts every answer, 404s included.
  await app.register(metricsPlugin, { metrics, access: config.metrics });

  const users = createUsersService(database.db, { adminEmails: config.adminEmails });
  const devKeys = config.oidc.embedded ? await loadOrCreateDevKeys(config.dataDir) : null;
  const verify =
    options.verify ??
    createTokenVerifier({
      issuer: config.oidc.issuer,
      audience: config.oidc.audience,
      algorithms: config.oidc.algorithms,
      localKeys: devKeys ? publicJwks(devKeys) : undefined,
      onDiscovery: (provider) => app.setDocumentHeaderOptions(documentHeaderOptions(provider)),
    });
  await app.register(auth, { verify, resolveMember: users.findMember });
  // Before the development provider and every route: its hook is the first to see a request.
  await app.register(rateLimit, {
    ...config.rateLimit,
    identify: (request) => app.tokenSubject(request),
    refused: metrics.rateLimited,
    trustsProxy: config.trustProxy !== false,
  });
  if (devKeys) {
    await seedDevMembers(database.db, DEV_ACCOUNTS);
    // The demo's visits name the development members, so they come once those exist.
    await seedDemoVisits(database.db);
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
  const { storage, readiness: storageReadiness } = guardStorage(store, {
    observe: metrics.storage,
  });

  const photos = createPhotosService(database.db, {
    storage,
    signer,
    maxBytes: config.photos.maxBytes,
    counters: metrics.uploads,
  });
  // Saved searches' alerts (ADR 053): woken after each property write commits, polling for other
  // processes' writes; started and stopped with the other jobs.
  // Alert mail (ADR 054), only with SMTP_URL: the matching queues immediate mails with their
  // alerts; the digest and the sender are jobs. The unsubscribe links work either way.
  const tokens = unsubscribeTokens(signer);
  const transport = config.mail
    ? (options.mailTransport ?? createSmtpTransport(config.mail.smtpUrl))
    : null;
  if (transport) app.addHook('onClose', async () => transport.close());
  const alertMail =
    config.mail && transport
      ? createAlertMail(database.db, {
          transport,
          from: config.mail.from,
          publicUrl: config.publicUrl,
          tokens,
          onError: (err, context) =>
            app.log.warn(
              { err, ...context },
              'sending an alert mail failed; it is tried again later',
            ),
        })
      : null;
  // The properties' total and map cells, folded from the writes' deltas (ADR 055).
  const deltaFolder = createDeltaFolder(database.db, {
    pollMs: FOLD_POLL_MS,
    onError: (err) =>
      app.log.warn({ err }, 'folding property deltas failed; it runs again shortly'),
  });
  const matchWorker = createMatchWorker(database.db, {
    pollMs: MATCH_POLL_MS,
    onError: (err) =>
      app.log.warn({ err }, 'matching saved searches failed; it runs again shortly'),
    ...(alertMail ? { onAlerts: enqueueImmediate } : {}),
  });
  /** A property write committed in this process (a keyed write's commits with its answer: ADR 062). */
  const onPropertyChange = () =>
    whenCommitted(() => {
      deltaFolder.nudge();
      matchWorker.nudge();
    });
  const visits = createVisitsService(database.db, { photos, onPropertyChange });
  // One per app: the comunas it caches serve the reference routes and the listing import alike.
  const reference = createReferenceService(database.db);
  const idempotencyStore = createIdempotencyStore(database.db, {
    claimTimeoutMs: config.idempotency.claimTimeoutMs,
  });
  // One prefix: every module's routes live under /api, each route file naming its paths below it
  // in full. The few routes outside /api (probes, signed photo links, the local upload PUT) are
  // registered at the root with their whole paths.
  await app.register(probeRoutes, { ping: database.ping, storageReadiness });
  await app.register(photoDownloadRoutes, { photos });
  if (local) await app.register(localUploadRoutes, { local });
  await app.register(
    async (api) => {
      // First: its onRoute hook documents the Idempotency-Key header on every write below.
      await api.register(idempotency, { store: idempotencyStore });
      // Default deny: a route below that declares no access stops the start (ADR 063).
      await api.register(routeAccess);
      await api.register(configRoutes, { config });
      await api.register(usersRoutes, { users });
      await api.register(waitlistRoutes, { waitlist: createWaitlistService(database.db) });
      await api.register(referenceRoutes, { reference });
      await api.register(brokersRoutes, { brokers: createBrokersService(database.db) });
      await api.register(photoUploadRoutes, { photos });
      await api.register(propertiesRoutes, {
        properties: createPropertiesService(database.db, { photos, onPropertyChange }),
      });
      await api.register(savedSearchesRoutes, {
        savedSearches: createSavedSearchesService(database.db),
      });
      await api.register(alertMailRoutes, {
        unsubscribe: createUnsubscribe(database.db, tokens),
      });
      await api.register(listingImportRoutes, {
        listingImport: createListingImportService({
          reference,
          photos,
          reader: listingReader,
          photoMaxBytes: config.photos.maxBytes,
          allowHosts: config.listingImport.allowHosts,
          resolve: options.resolveHost,
        }),
      });
      await api.register(duplicatesRoutes, {
        duplicates: createDuplicatesService(database.db, { photos }),
      });
      await api.register(historyRoutes, { history: createHistoryService(database.db) });
      await api.register(visitsRoutes, { visits });
      await api.register(ufRoutes, { uf });
      await api.register(marketRoutes, {
        market: createMarketService(database.db, {
          computed: () => metrics.statsComputations.inc(),
          log: app.log,
        }),
      });
    },
    { prefix: '/api' },
  );
  registerJobs(app, {
    uf,
    photos,
    visits,
    idempotency: idempotencyStore,
    matchWorker,
    deltaFolder,
    alertMail,
    mailJobs: options.mailJobs ?? true,
    uploadCollectionMs: config.photos.collectionMs,
  });

  const webRoot = options.webRoot === undefined ? DEFAULT_WEB_ROOT : options.webRoot;
  if (webRoot) await app.register(web, { root: webRoot, clientConfig: clientConfig(config) });

  return app;
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
