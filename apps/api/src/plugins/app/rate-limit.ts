import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error.js';
import { addressKey, createRateLimiter, type RateDecision } from '../../lib/rate-limiter.js';
import '../../lib/route-config.js';

/** A sustained rate and a burst (config.ts's RATE_LIMIT_*); null: no limit. */
type Limit = { perMinute: number; burst: number } | null;

/** Which limit refused a request: a signed-in account's, or a client address's. */
type LimitKind = 'account' | 'address';

type RateLimitOptions = {
  account: Limit;
  address: Limit;
  /** The subject of the request's verified bearer token; null for anyone else. */
  identify: (request: FastifyRequest) => Promise<string | null>;
  /** Counts refused requests (metrics.ts's bec_rate_limited_total). */
  refused: { inc: (labels: { limit: LimitKind }) => void };
  /** Whether TRUST_PROXY names proxies; if not, a forwarded request is worth a warning. */
  trustsProxy: boolean;
  now?: () => number;
};

const WHO: Record<LimitKind, string> = { account: 'this account', address: 'this address' };

/**
 * Requests per signed-in account (the token's subject, whatever token it comes with) and per
 * client address for the rest (no token or a bad one: sign-in, public routes, photos, pages), in
 * this process (ADR 028). Runs first, as the request arrives: a refused request costs the token's
 * check and a 429, never a route's work. Routes with `noRateLimit` are not counted.
 */
async function rateLimit(app: FastifyInstance, options: RateLimitOptions) {
  const { identify, refused, now } = options;
  let warnedOfProxy = options.trustsProxy;
  const limiter = (limit: Limit) => (limit ? createRateLimiter({ ...limit, now }) : null);
  const byAccount = limiter(options.account);
  const byAddress = limiter(options.address);
  if (!byAccount && !byAddress) return;

  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config?.noRateLimit) return;
    const subject = await identify(request);
    const kind: LimitKind = subject === null ? 'address' : 'account';
    if (subject === null && byAddress && !warnedOfProxy && request.headers['x-forwarded-for']) {
      warnedOfProxy = true;
      request.log.warn(
        `A request came through a proxy at ${request.ip} (it sent X-Forwarded-For), but TRUST_PROXY is not set: every client behind that proxy shares one address's rate limit. If it is yours, set TRUST_PROXY=${request.ip}.`,
      );
    }
    const decision: RateDecision | undefined =
      subject === null
        ? // A socket already closed has no address left: those few share one key.
          byAddress?.(addressKey(request.ip ?? 'gone'))
        : byAccount?.(subject);
    if (!decision || decision.allowed) return;
    refused.inc({ limit: kind });
    const seconds = decision.retryAfterSeconds;
    reply.header('retry-after', String(seconds));
    throw new AppError(
      'RATE_LIMITED',
      `Too many requests from ${WHO[kind]}: try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    );
  });
}

export default fp(rateLimit, { name: 'rate-limit', dependencies: ['error-handler'] });
