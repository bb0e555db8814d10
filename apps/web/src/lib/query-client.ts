import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-error';

/** The query cache's defaults (docs/product.md, Timings the web app keeps): 3 retries, doubling delay up to 30 s, 5 min gc. */
const QUERY_RETRIES = 3;
export const QUERY_GC_TIME_MS = 5 * 60 * 1000;
const MAX_RETRY_DELAY_MS = 30_000;

/** Client errors another try may cure: a timeout, a rate limit. */
const TRANSIENT_CLIENT_ERRORS = new Set([408, 429]);

/**
 * Any other 4xx is the server's answer (not signed in, not allowed, not there, a bad filter): a
 * retry would only keep its message off the screen for 1 + 2 + 4 s. Network errors and 5xx retry.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    !TRANSIENT_CLIENT_ERRORS.has(error.status)
  )
    return false;
  return failureCount < QUERY_RETRIES;
}

/**
 * 1 s, 2 s, 4 s, … capped at 30 s; `failureCount` is 0 before the first retry. A rate limit's
 * answer says how long to wait (`Retry-After`): never sooner than that, or the try is refused too.
 */
export function queryRetryDelay(failureCount: number, error?: unknown): number {
  const backoff = Math.min(1000 * 2 ** failureCount, MAX_RETRY_DELAY_MS);
  const asked = error instanceof ApiError ? (error.retryAfterMs ?? 0) : 0;
  return Math.max(backoff, asked);
}

export function createQueryClient(): QueryClient {
  // TanStack Query takes the browser as online until an 'offline' event, which a page opened
  // offline never gets: its queries would fail and retry instead of waiting (ADR 046).
  if (typeof navigator !== 'undefined' && !navigator.onLine) onlineManager.setOnline(false);
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
        gcTime: QUERY_GC_TIME_MS,
      },
    },
  });
}
