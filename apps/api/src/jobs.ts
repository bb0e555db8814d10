import type { FastifyInstance } from 'fastify';
import type { NudgedWorker } from './lib/nudged-worker.js';
import { onTheClock } from './lib/on-the-clock.js';
import type { AlertMail } from './modules/alert-mail/alert-mail.service.js';
import { MAIL_POLL_MS } from './modules/alert-mail/alert-mail.service.js';
import type { PhotosService } from './modules/photos/photos.service.js';
import type { MatchWorker } from './modules/saved-searches/alert-matching.js';
import type { UfService } from './modules/uf/uf.service.js';
import type { VisitsService } from './modules/visits/visits.service.js';
import type { IdempotencyStore } from './plugins/app/idempotency.js';

/*
 * Every background job of a process, all on the clock (lib/on-the-clock.ts): each runs at the
 * same moments in every process of a deployment, so each is written to be safe to run in several
 * at once (ADR 023). They start once the app is ready and stop when it closes.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs the unattached-upload collection now (or as of `now`); answers how many went. */
    collectUnattachedPhotos: (now?: Date) => Promise<number>;
    /** Moves properties whose visit's time has come to visited now (or as of `now`). */
    sweepVisits: (now?: Date) => Promise<number>;
    /** Deletes the idempotency keys expired now (or as of `now`); answers how many. */
    collectExpiredIdempotencyKeys: (now?: Date) => Promise<number>;
    /** Folds every pending delta of the properties' total and map cells now; answers how many. */
    foldPropertyDeltas: () => Promise<number>;
    /** Turns every pending property change into saved searches' alerts now; answers how many. */
    matchSavedSearches: () => Promise<number>;
    /**
     * Queues the day's alert digests if it is 08:00 or later in Chile at `now`; answers how many
     * mails were queued (0 without SMTP_URL).
     */
    enqueueAlertDigests: (now?: Date) => Promise<number>;
    /** Sends the alert mail due at `now` (the clock read again for each); answers how many. */
    sendAlertMail: (now?: () => Date) => Promise<number>;
  }
}

/** How often each process checks whether the UF in effect moved (the day rolled over). */
const UF_CHECK_MS = 60_000;
/** How often past visits move their property on to visited. */
const VISIT_SWEEP_MS = 5 * 60_000;
/** How often each process checks whether the day's alert digests are due. */
const DIGEST_CHECK_MS = 60_000;
/** How often expired idempotency keys are deleted (they stop answering at expiry regardless). */
const IDEMPOTENCY_COLLECTION_MS = 60 * 60_000;

export type JobsOptions = {
  uf: UfService;
  photos: PhotosService;
  visits: VisitsService;
  idempotency: IdempotencyStore;
  /** The saved searches' matching of property changes (ADR 053). */
  matchWorker: MatchWorker;
  /** The fold of the properties' total and map cell deltas (ADR 055). */
  deltaFolder: NudgedWorker;
  /** The alert mail's digest and sender (ADR 054); null without SMTP_URL. */
  alertMail: AlertMail | null;
  /** Whether the alert mail's jobs run on the clock (tests call them with their own clock). */
  mailJobs: boolean;
  /** UPLOAD_COLLECTION_SECONDS, in milliseconds. */
  uploadCollectionMs: number;
};

export function registerJobs(app: FastifyInstance, options: JobsOptions) {
  const { uf, photos, visits, idempotency, matchWorker, deltaFolder, alertMail } = options;
  app.decorate(
    'collectUnattachedPhotos',
    async (now?: Date) => (await photos.collectUnattached(now)).length,
  );
  app.decorate('sweepVisits', (now?: Date) => visits.sweep(now));
  app.decorate('collectExpiredIdempotencyKeys', (now?: Date) => idempotency.collectExpired(now));
  app.decorate('foldPropertyDeltas', () => deltaFolder.drain());
  app.decorate('matchSavedSearches', () => matchWorker.drain());
  app.decorate('enqueueAlertDigests', async (now?: Date) =>
    alertMail ? alertMail.enqueueDigests(now) : 0,
  );
  app.decorate('sendAlertMail', async (now?: () => Date) =>
    alertMail ? alertMail.sendDue(now) : 0,
  );

  const stopping = new AbortController();
  let jobs: { stop: () => Promise<void> }[] = [];
  app.addHook('onReady', async () => {
    jobs = [
      // The UF: at start and every minute. It fetches only when the fetch is due for the whole
      // deployment (`uf_fetch`), so processes starting or restarting together (a rolling deploy)
      // fetch once per UF_REFRESH_MINUTES between them, and re-prices when the value in effect
      // moves.
      onTheClock(UF_CHECK_MS, () => uf.refresh({ signal: stopping.signal }), {
        atStart: true,
        onError: (err) => {
          // The database may be down; the next check tries again.
          if (!stopping.signal.aborted)
            app.log.warn({ err }, 'The UF job failed; it runs again shortly');
        },
      }),
      // Uploads nobody attached, every UPLOAD_COLLECTION_SECONDS (hourly, on the hour), by every
      // process at once: row locks give each upload to one of them.
      onTheClock(
        options.uploadCollectionMs,
        async (tick) => {
          const keys = await photos.collectUnattached();
          if (keys.length)
            app.log.info(
              { tick, collected: keys.length, keys },
              `Collected ${keys.length} upload${keys.length === 1 ? '' : 's'} never attached`,
            );
          else app.log.debug({ tick, collected: 0 }, 'No uploads to collect');
        },
        { onError: (err) => app.log.warn({ err }, 'collecting unattached photos failed') },
      ),
      // Visits whose time has come move their property to visited (one conditional statement
      // with SKIP LOCKED: each move happens once across processes).
      onTheClock(VISIT_SWEEP_MS, () => visits.sweep(), {
        onError: (err) => app.log.warn({ err }, 'sweeping past visits failed'),
      }),
      // Expired idempotency keys, hourly on the hour in every process: SKIP LOCKED gives each
      // batch's rows to one of them (ADR 043).
      onTheClock(
        IDEMPOTENCY_COLLECTION_MS,
        async (tick) => {
          const collected = await idempotency.collectExpired();
          app.log.debug({ tick, collected }, 'Collected expired idempotency keys');
        },
        { onError: (err) => app.log.warn({ err }, 'collecting expired idempotency keys failed') },
      ),
    ];
    if (alertMail && options.mailJobs)
      jobs.push(
        // The daily digest: every minute, queued once it is 08:00 in Chile (one per user and day
        // across processes: a unique key), then sent at once.
        onTheClock(
          DIGEST_CHECK_MS,
          async () => {
            if (await alertMail.enqueueDigests()) await alertMail.sendDue();
          },
          { onError: (err) => app.log.warn({ err }, 'queueing alert digests failed') },
        ),
        // Due alert mail, every 10 s in every process: each claim leases its rows to one.
        onTheClock(MAIL_POLL_MS, () => alertMail.sendDue(), {
          onError: (err) => app.log.warn({ err }, 'sending alert mail failed'),
        }),
      );
    // Property changes into saved searches' alerts: nudged after each write, polling for other
    // processes' writes (rows left by a stopped process are taken at the first poll).
    matchWorker.start();
    matchWorker.nudge();
    // The total and map cells: nudged after each write here, polling every second for the
    // deltas of other processes (and those a stopped process left).
    deltaFolder.start();
    deltaFolder.nudge();
  });
  app.addHook('onClose', async () => {
    // A UF fetch in flight is aborted; the other runs are waited for.
    stopping.abort();
    await Promise.all([...jobs.map((job) => job.stop()), matchWorker.stop(), deltaFolder.stop()]);
  });
}
