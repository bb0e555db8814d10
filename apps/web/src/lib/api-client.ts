import {
  type ClientFailure,
  type ClientFailureParams,
  type ErrorCode,
  ErrorCodeSchema,
  ErrorEnvelopeSchema,
  envelope,
  type ParamValue,
} from '@bec/contracts';
import { z } from 'zod';
import { currentAccessTokenSource } from '@/lib/access-token';
import { ApiError, reasonOf } from '@/lib/api-error';
// The shared error texts, registered with the client that raises the errors they word.
import '@/lib/error-text';

/**
 * A failure of this side's own: its message (for logs) is the code and its values, its text the
 * catalogue's `client.<code>` in the user's language (lib/error-text.ts).
 */
export function clientFailure<F extends ClientFailure>(
  status: number,
  code: F,
  params: ClientFailureParams<F>,
  extra: { code?: ErrorCode } = {},
): ApiError {
  const values = Object.values(params as Record<string, ParamValue>);
  const message = values.length ? `${code} (${values.join(', ')})` : code;
  return new ApiError(status, message, { ...extra, failure: { code, params } });
}

/**
 * The bearer token for a call. No session is a 401. A source that fails (the provider out of
 * reach while renewing) keeps the session: the call fails like any unreachable one (status 0,
 * retried by queries), and the next call renews again.
 */
async function bearerToken(): Promise<string> {
  const source = currentAccessTokenSource();
  let token: string | null = null;
  try {
    token = source ? await source() : null;
  } catch (err) {
    throw clientFailure(0, 'renewal_failed', { reason: reasonOf(err) });
  }
  if (!token) throw clientFailure(401, 'token_unavailable', {}, { code: 'UNAUTHENTICATED' });
  return token;
}

export type ApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /** Calls made before anyone can sign in (GET /api/config) carry no token. */
  anonymous?: boolean;
  /**
   * The write's `Idempotency-Key` (ADR 043): a caller that sends the same write again (the
   * offline queue, after no answer came) passes the key of its first try, so the API runs it
   * once. Left out, each write gets a new one.
   */
  idempotencyKey?: string;
};

/** The methods that change something: each carries an `Idempotency-Key` (ADR 047). */
const isWrite = (method: ApiRequestOptions['method']) => method !== undefined && method !== 'GET';

/** A new `Idempotency-Key`: random, so no two writes share one. */
export const newIdempotencyKey = (): string => crypto.randomUUID();

/** The contract's success envelope; `data` is then parsed with the caller's schema. */
const SuccessEnvelopeSchema = envelope(z.unknown());

/** An answer that is no envelope of ours but still says what went wrong. */
const LooseFailureSchema = z.object({
  status: z.string(),
  message: z.string(),
  error: z
    .object({ code: ErrorCodeSchema.optional().catch(undefined) })
    .partial()
    .optional()
    .catch(undefined),
});

/** `Retry-After` in ms (seconds, or an HTTP date); undefined when absent or unreadable. */
export function retryAfterMs(response: Response, now = Date.now()): number | undefined {
  const value = response.headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/**
 * Calls the API at `/api{path}` and answers the envelope's `data`, parsed with `dataSchema`.
 * Every call carries `Content-Type: application/json` and, unless `anonymous`, the bearer token;
 * every write (POST, PUT, PATCH, DELETE) an `Idempotency-Key`, the caller's or a new one.
 * Anything but an ok HTTP status with a `success` envelope of the expected shape throws an
 * `ApiError` carrying the server's message, code and issues when it sent them.
 */
export async function apiRequest<T extends z.ZodType>(
  path: string,
  dataSchema: T,
  options: ApiRequestOptions = {},
): Promise<z.output<T>> {
  const headers = new Headers({ Accept: 'application/json', 'Content-Type': 'application/json' });
  if (!options.anonymous) headers.set('Authorization', `Bearer ${await bearerToken()}`);
  if (isWrite(options.method))
    headers.set('Idempotency-Key', options.idempotencyKey ?? newIdempotencyKey());

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    if (options.signal?.aborted) throw err;
    throw clientFailure(0, 'unreachable', { reason: reasonOf(err) });
  }

  const body = await readJson(response);
  if (response.ok) {
    const parsed = SuccessEnvelopeSchema.safeParse(body);
    if (parsed.success) {
      const data = dataSchema.safeParse(parsed.data.data);
      if (data.success) return data.data;
    }
  }

  const failure = ErrorEnvelopeSchema.safeParse(body);
  if (failure.success) {
    const { message, error } = failure.data;
    throw new ApiError(response.status, message, {
      ...error,
      retryAfterMs: retryAfterMs(response),
    });
  }
  const loose = LooseFailureSchema.safeParse(body);
  if (loose.success && loose.data.status !== 'success') {
    throw new ApiError(response.status, loose.data.message, { code: loose.data.error?.code });
  }
  throw response.ok
    ? clientFailure(response.status, 'unexpected_body', {})
    : clientFailure(response.status, 'http_status', { status: response.status });
}

export type DownloadOptions = {
  /** Each piece of the body as it arrives, for progress on a long download. */
  onChunk?: (chunk: Uint8Array) => void;
  /** GET unless said; a POST sends `body` as JSON. */
  method?: 'GET' | 'POST';
  body?: unknown;
  signal?: AbortSignal | undefined;
};

/**
 * Downloads a file the API answers (not an envelope), with the bearer token: a plain link or an
 * <img src> cannot carry it. Failures throw an `ApiError` with the server's message, like
 * `apiRequest`; a body that stops arriving halfway throws one too, with status 0.
 */
export async function apiDownload(
  path: string,
  { onChunk, method = 'GET', body, signal }: DownloadOptions = {},
): Promise<{ blob: Blob; filename: string | null }> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${await bearerToken()}`,
        'Content-Type': 'application/json',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (err) {
    if (err instanceof ApiError || signal?.aborted) throw err;
    throw clientFailure(0, 'unreachable', { reason: reasonOf(err) });
  }
  if (!response.ok) {
    const failure = ErrorEnvelopeSchema.safeParse(await readJson(response));
    throw failure.success
      ? new ApiError(response.status, failure.data.message, {
          ...failure.data.error,
          retryAfterMs: retryAfterMs(response),
        })
      : clientFailure(response.status, 'http_status', { status: response.status });
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  return {
    blob: await readBody(response, onChunk),
    filename: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null,
  };
}

async function readBody(response: Response, onChunk?: (chunk: Uint8Array) => void) {
  const type = response.headers.get('content-type') ?? '';
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  try {
    const reader = response.body?.getReader();
    if (!reader) return await response.blob();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      onChunk?.(value);
    }
  } catch (err) {
    throw clientFailure(0, 'download_cut', { reason: reasonOf(err) });
  }
  return new Blob(chunks, { type });
}
