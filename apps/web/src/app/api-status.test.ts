import { describe, expect, it } from 'vitest';
import { fetchApiStatus } from './api-status';

const json = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );

const config = {
  oidc: {
    issuer: 'http://localhost/oidc',
    client_id: 'bec-web',
    audience: 'api',
    scopes: 'openid',
  },
  dev_signin: true,
};

describe('fetchApiStatus', () => {
  it('is ready when GET /api/config answers a success envelope', async () => {
    const calls: string[] = [];
    const status = await fetchApiStatus((input) => {
      calls.push(String(input));
      return json(200, { status: 'success', message: 'Config', data: config });
    });
    expect(status).toEqual({ state: 'ready' });
    expect(calls).toEqual(['/api/config']);
  });

  it("gives the API's own message when it answers an error envelope", async () => {
    const status = await fetchApiStatus(() =>
      json(503, {
        status: 'error',
        message: 'Not ready: the database is not answering.',
        data: null,
        error: { code: 'DATABASE_UNAVAILABLE' },
      }),
    );
    expect(status).toEqual({
      state: 'error',
      message: 'Not ready: the database is not answering.',
    });
  });

  it('names the HTTP status when the answer is not an envelope', async () => {
    const status = await fetchApiStatus(() =>
      Promise.resolve(new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    expect(status).toEqual({ state: 'error', message: 'The API answered with HTTP 502.' });
  });

  it('is not ready when a success answer does not match the contract', async () => {
    const status = await fetchApiStatus(() => json(200, { status: 'success', message: 'Config' }));
    expect(status).toEqual({
      state: 'error',
      message: 'The API answered with an unexpected body.',
    });
  });

  it('says the API could not be reached when the request itself fails', async () => {
    const status = await fetchApiStatus(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(status).toEqual({
      state: 'error',
      message: 'Could not reach the API (Failed to fetch).',
    });
  });
});
