import type { ApiModule } from '../module-context.js';

/** How often expired idempotency keys are deleted (they stop answering at expiry regardless). */
const IDEMPOTENCY_COLLECTION_MS = 60 * 60_000;

/**
 * The collection of expired keys. The store itself is built before the modules: the idempotency
 * plugin, registered first in the /api scope, claims and answers through it (ADR 043, 062).
 */
export const idempotencyModule: ApiModule = async (app, { idempotency, jobs }) => {
  // Hourly on the hour in every process: SKIP LOCKED gives each batch's rows to one of them.
  jobs.every(
    IDEMPOTENCY_COLLECTION_MS,
    async (tick) => {
      const collected = await idempotency.collectExpired();
      app.log.debug({ tick, collected }, 'Collected expired idempotency keys');
    },
    { onError: (err) => app.log.warn({ err }, 'collecting expired idempotency keys failed') },
  );
  jobs.expose('collectExpiredIdempotencyKeys', (now?: Date) => idempotency.collectExpired(now));
};
