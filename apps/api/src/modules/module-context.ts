import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { Jobs } from '../jobs.js';
import type { Resolver } from '../lib/safe-fetch.js';
import type { IdempotencyStore } from '../plugins/app/idempotency.js';
import type { Metrics } from '../plugins/app/metrics.js';
import type { UrlSigner } from '../plugins/app/storage/url-signer.js';
import type { MailTransport } from './alert-mail/alert-mail.service.js';
import type { ListingReader } from './listing-import/listing-reader.js';
import type { PhotosService } from './photos/photos.service.js';
import type { ReferenceService } from './reference/reference.service.js';
import type { MatchWorker } from './saved-searches/alert-matching.js';
import type { UfService } from './uf/uf.service.js';
import type { UsersService } from './users/users.service.js';

/**
 * What app.ts hands every module's plugin: the shared things it builds once (the database, the
 * services several modules use, the jobs), from which each module builds its own service and
 * registers its routes and jobs (ADR 065).
 */
export type ModuleContext = {
  config: Config;
  db: Database;
  metrics: Metrics;
  jobs: Jobs;
  signer: UrlSigner;
  /** Used by properties, visits, duplicates and the listing import. */
  photos: PhotosService;
  /** One per app: the comunas it caches serve the reference routes and the listing import alike. */
  reference: ReferenceService;
  /** Built before the modules: prices are set at the UF in effect before the first request. */
  uf: UfService;
  users: UsersService;
  idempotency: IdempotencyStore;
  /** The saved searches' matching, nudged by every property write (ADR 053). */
  matchWorker: MatchWorker;
  /** A property write committed in this process (a keyed write's commits with its answer). */
  onPropertyChange: () => void;
  listingReader: ListingReader;
  resolveHost?: Resolver;
  mailTransport?: MailTransport;
  /** false: the alert mail's jobs do not run on the clock (tests drive it). */
  mailJobs: boolean;
};

/** A module: a plugin registered in the /api scope with the context. */
export type ApiModule = FastifyPluginAsync<ModuleContext>;
