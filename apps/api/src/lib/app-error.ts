import type { ErrorCode, FieldErrors, Issue, Reason } from '@bec/contracts';
import { englishFieldErrors } from './messages.js';

/**
 * A failure the client can act on; anything else becomes a logged 500 with no details. A
 * validation failure carries its issues (field, rule, values), sent both as codes and as English.
 */
export class AppError extends Error {
  readonly fieldErrors: FieldErrors | undefined;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: Issue[],
    /** Why, beyond the code, with its values, for clients to word in their language. */
    readonly reason?: Reason,
  ) {
    super(message);
    this.name = 'AppError';
    this.fieldErrors = issues ? englishFieldErrors(issues) : undefined;
  }
}

const assertUnreachable = (value: never): never => {
  throw new Error(`Unhandled case: ${String(value)}`);
};

export function statusOf(code: ErrorCode): number {
  switch (code) {
    case 'VALIDATION_FAILED':
      return 400;
    case 'UNAUTHENTICATED':
      return 401;
    case 'FORBIDDEN':
    case 'WAITLISTED':
      return 403;
    case 'NOT_FOUND':
      return 404;
    case 'CONFLICT':
    case 'LAST_ADMIN':
    case 'IDEMPOTENCY_IN_PROGRESS':
      return 409;
    case 'BODY_TOO_LARGE':
      return 413;
    case 'UNSUPPORTED_MEDIA_TYPE':
      return 415;
    case 'IDEMPOTENCY_KEY_REUSED':
      return 422;
    case 'RATE_LIMITED':
      return 429;
    case 'INTERNAL':
      return 500;
    case 'IDENTITY_PROVIDER_UNAVAILABLE':
    case 'DATABASE_UNAVAILABLE':
    case 'STORAGE_UNAVAILABLE':
      return 503;
    default:
      return assertUnreachable(code);
  }
}

/** One human sentence that names every bad field, for clients that only show `message`. */
function describeFieldErrors(fieldErrors: FieldErrors): string {
  return Object.entries(fieldErrors)
    .map(([field, problems]) => `${field}: ${problems.join(', ')}`)
    .join('; ');
}

/** A 400 for the issues a service found (a comuna that does not exist, a photo not uploaded). */
export const validationError = (issues: Issue[], prefix = 'Invalid request') =>
  new AppError(
    'VALIDATION_FAILED',
    `${prefix}: ${describeFieldErrors(englishFieldErrors(issues))}`,
    issues,
  );
