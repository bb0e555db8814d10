import { isIPv6 } from 'node:net';
import { LRUCache } from 'lru-cache';

export type RateLimiterOptions = {
  /** The sustained rate: requests per minute. */
  perMinute: number;
  /** Requests that may come at once, from a key that has been quiet. */
  burst: number;
  /** Keys remembered; the least recently seen is forgotten first (a quiet key loses nothing). */
  maxKeys?: number;
  /** Milliseconds on a monotonic clock: a wall clock stepped back would hold every key back. */
  now?: () => number;
};

/** Allowed, or refused with the whole seconds to wait before the next request would pass. */
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Keys a limiter remembers by default: ~100 bytes each, so ~5 MB when full. */
const DEFAULT_MAX_KEYS = 50_000;

/**
 * A token bucket per key, as GCRA (the generic cell rate algorithm): one number per key, the
 * time at which its bucket would be full again. A key may send `burst` requests at once, then
 * one every 60/perMinute seconds; a refused request costs nothing, so a flood gets the sustained
 * rate through and no more. Per process, in memory (ADR 028).
 */
export function createRateLimiter({
  perMinute,
  burst,
  maxKeys = DEFAULT_MAX_KEYS,
  now = () => performance.now(),
}: RateLimiterOptions) {
  const interval = 60_000 / perMinute;
  const capacity = burst * interval;
  /** Per key: when its bucket is full again (ms); a time in the past is a full bucket. */
  const fullAt = new LRUCache<string, number>({ max: maxKeys });

  return function take(key: string): RateDecision {
    const at = now();
    const next = Math.max(fullAt.get(key) ?? at, at) + interval;
    if (next - at > capacity) {
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((next - at - capacity) / 1000)),
      };
    }
    fullAt.set(key, next);
    return { allowed: true };
  };
}

/**
 * The key of a client address: IPv4 as is (an IPv4-mapped IPv6 address as its IPv4), IPv6 by its
 * /64, the block one customer or host is given, so that hopping within it is the same client.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  // The zone (`%eth0`) names an interface, not an address; a trailing dotted quad is two groups.
  const plain = (ip.split('%')[0] ?? '')
    .toLowerCase()
    .replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) =>
      [
        ((Number(a) << 8) | Number(b)).toString(16),
        ((Number(c) << 8) | Number(d)).toString(16),
      ].join(':'),
    );
  const [head = '', tail] = plain.split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups = [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  const prefix = groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, ''));
  return `${prefix.join(':')}::/64`;
}
