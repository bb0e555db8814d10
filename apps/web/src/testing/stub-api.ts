import { vi } from 'vitest';
import { setAccessTokenSource } from '@/lib/access-token';

/** What a stubbed endpoint answers: an HTTP status and a JSON body, or bytes of `contentType`. */
export type StubReply = { status: number; body: unknown; contentType?: string };

export type StubRequest = { method: string; path: string; search: URLSearchParams; body: unknown };

/** A fixed reply, or one computed from the request (which may wait, to catch pending states). */
export type StubRoute = StubReply | ((request: StubRequest) => StubReply | Promise<StubReply>);

/** The API's success envelope around `data`. */
export const okReply = (data: unknown, message = 'OK', status = 200): StubReply => ({
  status,
  body: { status: 'success', message, data },
});

/** A file the API answers as it is (an image, a CSV), not an envelope. */
export const fileReply = (bytes: Uint8Array<ArrayBuffer>, contentType: string): StubReply => ({
  status: 200,
  body: bytes,
  contentType,
});

/** The API's error envelope. */
export const errorReply = (status: number, code: string, message: string): StubReply => ({
  status,
  body: { status: 'error', message, data: null, error: { code } },
});

/**
 * Replaces `fetch` with a fake API answering `routes`, keyed `"METHOD /api/path"` (no query
 * string), and gives apiRequest a token. Unknown routes answer 404. Answers the requests made, in
 * order, and the mock. Undo with `vi.unstubAllGlobals()` and `setAccessTokenSource(null)`.
 */
export function stubApi(routes: Record<string, StubRoute>) {
  const requests: StubRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const request = { method, path: url.pathname, search: url.searchParams, body };
    requests.push(request);
    const route = routes[`${method} ${url.pathname}`];
    const reply =
      route === undefined
        ? errorReply(404, 'NOT_FOUND', `No stub for ${method} ${url.pathname}.`)
        : typeof route === 'function'
          ? await route(request)
          : route;
    if (reply.contentType)
      return new Response(reply.body as BodyInit, {
        status: reply.status,
        headers: { 'content-type': reply.contentType },
      });
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  setAccessTokenSource(async () => 'test-token');
  /** The requests made to `"METHOD /api/path"`. */
  const requestsTo = (route: string) =>
    requests.filter((request) => `${request.method} ${request.path}` === route);
  return { fetchMock, requests, requestsTo };
}
