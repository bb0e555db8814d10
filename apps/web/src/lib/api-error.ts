import type { ErrorCode, FieldErrors } from '@bec/contracts';

// Kept apart from api-client.ts (and so from zod): the first screen checks errors without
// loading the contracts.

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

/** What a thrown value says, for "Could not …" messages. */
export const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
