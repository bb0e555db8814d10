import {
  type ErrorCode,
  ErrorCodeSchema,
  ErrorEnvelopeSchema,
  envelope,
  type FieldErrors,
} from '@bec/contracts';
import { z } from 'zod';

/** The spec's text for a call that cannot get an access token (section 8). */
export const TOKEN_UNAVAILABLE_MESSAGE = 'Failed to retrieve a fresh authentication token.';

/** Every failed call: a non-ok HTTP answer, an answer whose status is not `success`, or no answer. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The HTTP status; 0 when the API could not be reached. */
  readonly status: number;
  /** The contract's error code, when the API sent one. */
  readonly code: ErrorCode | undefined;
  readonly fieldErrors: FieldErrors | undefined;

  constructor(
    status: number,
    message: string,
    options: { code?: ErrorCode | undefined; fieldErrors?: FieldErrors | undefined } = {},
  ) {
    super(message);
    this.status = status;
    this.code = options.code;
    this.fieldErrors = options.fieldErrors;
  }
}

/**
 * Answers a current access token, or null when there is no session (signed out, or the provider
 * refused to renew it); throws when the token could not be renewed for now (no network).
 */
export type AccessTokenSource = () => Promise<string | null>;

let accessTokenSource: AccessTokenSource | null = null;

/**
 * Where authenticated calls get their bearer token. The auth feature sets it once the identity
 * provider is known, and clears it (null) when it goes away.
 */
export function setAccessTokenSource(source: AccessTokenSource | null): void {
  accessTokenSource = source;
}

export type ApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /** Calls made before anyone can sign in (GET /api/config) carry no token. */
  anonymous?: boolean;
};

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

/** What a thrown value says, for "Could not …" messages. */
const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * No session is a 401. A source that fails (the provider out of reach while renewing) keeps the
 * session: the call fails like any unreachable one (status 0, retried by queries), and the next
 * call renews again.
 */
async function bearerToken(): Promise<string> {
  let token: string | null = null;
  try {
    token = accessTokenSource ? await accessTokenSource() : null;
  } catch (err) {
    throw new ApiError(
      0,
      `Could not renew your sign-in (${reasonOf(err)}); try again in a moment.`,
    );
  }
  if (!token) throw new ApiError(401, TOKEN_UNAVAILABLE_MESSAGE, { code: 'UNAUTHENTICATED' });
  return token;
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
 * Every call carries `Content-Type: application/json` and, unless `anonymous`, the bearer token.
 * Anything but an ok HTTP status with a `success` envelope of the expected shape throws an
 * `ApiError` carrying the server's message, code and field errors when it sent them.
 */
export async function apiRequest<T extends z.ZodType>(
  path: string,
  dataSchema: T,
  options: ApiRequestOptions = {},
): Promise<z.output<T>> {
  const headers = new Headers({ Accept: 'application/json', 'Content-Type': 'application/json' });
  if (!options.anonymous) headers.set('Authorization', `Bearer ${await bearerToken()}`);

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
    throw new ApiError(0, `Could not reach the API (${reasonOf(err)}).`);
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
    throw new ApiError(response.status, message, error);
  }
  const loose = LooseFailureSchema.safeParse(body);
  if (loose.success && loose.data.status !== 'success') {
    throw new ApiError(response.status, loose.data.message, { code: loose.data.error?.code });
  }
  throw new ApiError(
    response.status,
    response.ok
      ? 'The API answered with an unexpected body.'
      : `The API answered with HTTP ${response.status}.`,
  );
}

export type DownloadOptions = {
  /** Each piece of the body as it arrives, for progress on a long download. */
  onChunk?: (chunk: Uint8Array) => void;
};

/**
 * Downloads a file the API answers (not an envelope), with the bearer token: a plain link cannot
 * carry it. Failures throw an `ApiError` with the server's message, like `apiRequest`; a body
 * that stops arriving halfway throws one too, with status 0.
 */
export async function apiDownload(
  path: string,
  { onChunk }: DownloadOptions = {},
): Promise<{ blob: Blob; filename: string | null }> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      headers: {
        Authorization: `Bearer ${await bearerToken()}`,
        'Content-Type': 'application/json',
      },
    });
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError(0, `Could not reach the API (${reasonOf(err)}).`);
  }
  if (!response.ok) {
    const failure = ErrorEnvelopeSchema.safeParse(await readJson(response));
    throw failure.success
      ? new ApiError(response.status, failure.data.message, failure.data.error)
      : new ApiError(response.status, `The API answered with HTTP ${response.status}.`);
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
    throw new ApiError(0, `The download was cut off (${reasonOf(err)}); try again.`);
  }
  return new Blob(chunks, { type });
}
