import type {
  ClientFailure,
  ErrorCode,
  FieldErrors,
  Issue,
  ParamValue,
  Reason,
} from '@bec/contracts';

// Kept apart from api-client.ts (and so from zod and the error texts): the first screen checks
// errors without loading the contracts, so this file stays small (the first-load budget). Texts
// come from lib/error-text.ts, which comes with the API client: an ApiError is only raised once
// that is loaded (ADR 016).

/** A failure met on this side, with no answer from the API: its code and its message's values. */
export type ClientFailureOf = { code: ClientFailure; params: Record<string, ParamValue> };

/** Every failed call: a non-ok HTTP answer, an answer whose status is not `success`, or no answer. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The HTTP status; 0 when the API could not be reached. */
  readonly status: number;
  /** The contract's error code, when the API sent one. */
  readonly code: ErrorCode | undefined;
  /** The API's problems per field, as English sentences; `issues` has them as codes. */
  readonly fieldErrors: FieldErrors | undefined;
  /** The API's validation problems as codes (field, rule, values), to show in any language. */
  readonly issues: Issue[];
  /** How many more problems the API found than `issues` carries (it sends the first ones). */
  readonly issuesOmitted: number;
  /** Set when the failure is this side's own: the API out of reach, no token, a download cut off. */
  readonly failure: ClientFailureOf | undefined;
  /** Why, beyond the code, with its values (who changed a property meanwhile). */
  readonly reason: Reason | undefined;
  /** How long the API asked to wait before another try (a 429's `Retry-After`), in ms. */
  readonly retryAfterMs: number | undefined;

  constructor(
    status: number,
    message: string,
    options: {
      code?: ErrorCode | undefined;
      fieldErrors?: FieldErrors | undefined;
      issues?: Issue[] | undefined;
      issues_omitted?: number | undefined;
      failure?: ClientFailureOf | undefined;
      reason?: Reason | undefined;
      retryAfterMs?: number | undefined;
    } = {},
  ) {
    super(message);
    this.status = status;
    this.code = options.code;
    this.fieldErrors = options.fieldErrors;
    this.issues = options.issues ?? [];
    this.issuesOmitted = options.issues_omitted ?? 0;
    this.failure = options.failure;
    this.reason = options.reason;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** What a thrown value says as it is (a browser's or a library's message), for logs and reasons. */
export const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

let render: ((err: unknown) => string) | null = null;

/** Set by lib/error-text.ts when it loads: how any error reads in the current language. */
export function setErrorRenderer(renderer: (err: unknown) => string): void {
  render = renderer;
}

/**
 * Any error as a sentence in the current language: the API's validation issues, its error code,
 * this side's failures; other errors as they say. Components re-render on a language change, so
 * call it while rendering.
 */
export const errorText = (err: unknown): string => (render ? render(err) : reasonOf(err));
