import { MeSchema } from '@bec/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { setAccessTokenSource } from '@/lib/access-token';
import { apiRequest, retryAfterMs } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { isTokenUnavailable } from '@/lib/error-text';

const me = { id: 3, name: 'Ana Admin', email: 'ana@example.com', role: 'admin' };

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json', ...headers },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setAccessTokenSource(null);
});

describe('apiRequest', () => {
  it('sends the bearer token and a JSON content type, and answers the parsed data', async () => {
    setAccessTokenSource(async () => 'token-1');
    const fetchMock = answer(200, { status: 'success', message: 'Me', data: me });

    await expect(apiRequest('/users/me', MeSchema)).resolves.toEqual(me);

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/users/me');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer token-1');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.method).toBe('GET');
  });

  it('sends a body as JSON', async () => {
    setAccessTokenSource(async () => 'token-1');
    const fetchMock = answer(200, { status: 'success', message: 'Updated', data: me });
    await apiRequest('/users/3', MeSchema, { method: 'PATCH', body: { role: 'admin' } });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('PATCH');
    expect(init?.body).toBe('{"role":"admin"}');
  });

  it('sends no token on an anonymous call', async () => {
    const fetchMock = answer(200, { status: 'success', message: 'ok', data: 1 });
    await expect(apiRequest('/config', z.number(), { anonymous: true })).resolves.toBe(1);
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has('Authorization')).toBe(false);
  });

  it.each([
    ['there is no token source', null],
    ['the token source has no token', async () => null],
  ])('fails without calling when %s', async (_, source) => {
    setAccessTokenSource(source);
    const fetchMock = answer(200, { status: 'success', message: 'Me', data: me });
    const error = await failure(apiRequest('/users/me', MeSchema));
    expect(isTokenUnavailable(error)).toBe(true);
    expect(error.failure).toEqual({ code: 'token_unavailable', params: {} });
    expect(error.status).toBe(401);
    expect(error.code).toBe('UNAUTHENTICATED');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fails as unreachable, not as signed out, when the token cannot be renewed for now', async () => {
    setAccessTokenSource(async () => Promise.reject(new TypeError('Failed to fetch')));
    const fetchMock = answer(200, { status: 'success', message: 'Me', data: me });
    const error = await failure(apiRequest('/users/me', MeSchema));
    expect(error.status).toBe(0);
    expect(error.failure).toEqual({
      code: 'renewal_failed',
      params: { reason: 'Failed to fetch' },
    });
    expect(isTokenUnavailable(error)).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("throws the server's message, code, field errors and issues for an error envelope", async () => {
    setAccessTokenSource(async () => 'token-1');
    answer(400, {
      status: 'error',
      message: 'price: Price must be a number',
      data: null,
      error: {
        code: 'VALIDATION_FAILED',
        fieldErrors: { price: ['Price must be a number'] },
        issues: [{ field: 'price', rule: 'not_a_number', params: {} }],
      },
    });
    const error = await failure(apiRequest('/properties', MeSchema, { method: 'POST', body: {} }));
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'price: Price must be a number',
      fieldErrors: { price: ['Price must be a number'] },
      issues: [{ field: 'price', rule: 'not_a_number', params: {} }],
    });
  });

  it('throws WAITLISTED for an account that is not a member yet', async () => {
    setAccessTokenSource(async () => 'token-1');
    answer(403, {
      status: 'error',
      message: 'Your access request has been recorded.',
      data: null,
      error: { code: 'WAITLISTED' },
    });
    const error = await failure(apiRequest('/users/me', MeSchema));
    expect(error).toMatchObject({ status: 403, code: 'WAITLISTED' });
  });

  it("keeps a rate limit's Retry-After, for the query client to wait that long", async () => {
    setAccessTokenSource(async () => 'token-1');
    const limited = {
      status: 'error',
      message: 'Too many requests from this account: try again in 3 seconds.',
      data: null,
      error: { code: 'RATE_LIMITED' },
    };
    answer(429, limited, { 'retry-after': '3' });
    const error = await failure(apiRequest('/properties', MeSchema));
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfterMs: 3000 });
    answer(429, limited);
    expect((await failure(apiRequest('/properties', MeSchema))).retryAfterMs).toBeUndefined();
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const after = (value: string) => new Response(null, { headers: { 'retry-after': value } });
    const now = Date.parse('2026-11-27T12:00:00Z');
    expect(retryAfterMs(after('120'), now)).toBe(120_000);
    expect(retryAfterMs(after('Fri, 27 Nov 2026 12:00:05 GMT'), now)).toBe(5000);
    expect(retryAfterMs(after('Fri, 27 Nov 2026 11:00:00 GMT'), now)).toBe(0);
    expect(retryAfterMs(after('soon'), now)).toBeUndefined();
    expect(retryAfterMs(new Response(null), now)).toBeUndefined();
  });

  it('throws when an ok answer does not say success', async () => {
    setAccessTokenSource(async () => 'token-1');
    answer(200, { status: 'failure', message: 'Not today', data: null });
    const error = await failure(apiRequest('/users/me', MeSchema));
    expect(error).toMatchObject({ status: 200, message: 'Not today', code: undefined });
  });

  it('throws when a success answer does not match the contract', async () => {
    setAccessTokenSource(async () => 'token-1');
    answer(200, { status: 'success', message: 'Me', data: { id: 'three' } });
    const error = await failure(apiRequest('/users/me', MeSchema));
    expect(error.failure).toEqual({ code: 'unexpected_body', params: {} });
  });

  it('names the HTTP status when the answer is no envelope', async () => {
    setAccessTokenSource(async () => 'token-1');
    answer(502, '<html>Bad gateway</html>');
    const error = await failure(apiRequest('/users/me', MeSchema));
    expect(error).toMatchObject({
      status: 502,
      failure: { code: 'http_status', params: { status: 502 } },
    });
  });

  it('says the API could not be reached when the request itself fails', async () => {
    setAccessTokenSource(async () => 'token-1');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await failure(apiRequest('/users/me', MeSchema));
    expect(error).toMatchObject({
      status: 0,
      failure: { code: 'unreachable', params: { reason: 'Failed to fetch' } },
    });
  });

  it('sends a new Idempotency-Key with every write, and none with a read', async () => {
    setAccessTokenSource(async () => 'token-1');
    const fetchMock = answer(200, { status: 'success', message: 'Me', data: me });
    await apiRequest('/users/me', MeSchema);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const)
      await apiRequest('/users/3', MeSchema, { method, body: {} });
    await apiRequest('/users/3', MeSchema, { method: 'POST', body: {} });

    const keys = fetchMock.mock.calls.map(([, init]) =>
      new Headers(init?.headers).get('Idempotency-Key'),
    );
    expect(keys[0]).toBeNull();
    const written = keys.slice(1);
    for (const key of written) expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(written).size).toBe(written.length);
  });

  it("sends the caller's key, the same on a retry after the network failed", async () => {
    setAccessTokenSource(async () => 'token-1');
    const fetchMock = vi
      .fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response())
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(
        new Response(JSON.stringify({ status: 'success', message: 'Me', data: me }), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        }),
      );
    vi.stubGlobal('fetch', fetchMock);
    const send = () =>
      apiRequest('/users', MeSchema, { method: 'POST', body: {}, idempotencyKey: 'visit-1' });

    expect(await failure(send())).toMatchObject({ status: 0 });
    await expect(send()).resolves.toEqual(me);
    const keys = fetchMock.mock.calls.map(([, init]) =>
      new Headers(init?.headers).get('Idempotency-Key'),
    );
    expect(keys).toEqual(['visit-1', 'visit-1']);
  });
});
