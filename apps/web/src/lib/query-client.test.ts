import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import {
  createQueryClient,
  QUERY_GC_TIME_MS,
  queryRetryDelay,
  shouldRetryQuery,
} from '@/lib/query-client';

describe('query client defaults', () => {
  it('retries a failed query 3 times', () => {
    const serverError = new ApiError(503, 'The database is not answering.');
    expect([0, 1, 2, 3].map((count) => shouldRetryQuery(count, serverError))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(shouldRetryQuery(0, new TypeError('Failed to fetch'))).toBe(true);
  });

  it.each([400, 401, 403, 404, 409, 422])('never retries a %i', (status) => {
    expect(shouldRetryQuery(0, new ApiError(status, 'no'))).toBe(false);
  });

  it.each([408, 429, 500, 502])('retries a %i', (status) => {
    expect(shouldRetryQuery(0, new ApiError(status, 'try again'))).toBe(true);
  });

  it('doubles the delay from 1 s, up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(queryRetryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });

  it("waits at least as long as a rate limit's Retry-After asks", () => {
    const limited = (retryAfterMs?: number) =>
      new ApiError(429, 'Too many requests', { code: 'RATE_LIMITED', retryAfterMs });
    expect(queryRetryDelay(0, limited(5000))).toBe(5000);
    expect(queryRetryDelay(3, limited(5000))).toBe(8000);
    expect(queryRetryDelay(0, limited(45_000))).toBe(45_000);
    expect(queryRetryDelay(1, limited())).toBe(2000);
  });

  it('keeps unused data 5 minutes and uses the retry policy', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(QUERY_GC_TIME_MS).toBe(300_000);
    expect(defaults?.gcTime).toBe(QUERY_GC_TIME_MS);
    expect(defaults?.retry).toBe(shouldRetryQuery);
    expect(defaults?.retryDelay).toBe(queryRetryDelay);
  });
});
