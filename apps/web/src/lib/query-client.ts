import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';

/** The spec's query cache defaults (section 9): 3 retries, doubling delay up to 30 s, 5 min gc. */
export const QUERY_RETRIES = 3;
export const QUERY_GC_TIME_MS = 5 * 60 * 1000;
const MAX_RETRY_DELAY_MS = 30_000;

/** Answers that another try would not change: not signed in, not allowed, not there. */
const FINAL_STATUSES = new Set([401, 403, 404]);

export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && FINAL_STATUSES.has(error.status)) return false;
  return failureCount < QUERY_RETRIES;
}

/** 1 s, 2 s, 4 s, … capped at 30 s; `failureCount` is 0 before the first retry. */
export function queryRetryDelay(failureCount: number): number {
  return Math.min(1000 * 2 ** failureCount, MAX_RETRY_DELAY_MS);
}

export function createQueryClient(): QueryClient {
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
