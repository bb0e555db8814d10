import {
  type ErrorCode,
  type FieldErrors,
  type Issue,
  MAX_ERROR_ISSUES,
  type Reason,
} from '@bec/contracts';
import { englishFieldErrors, issuesOmittedText } from './messages.js';

/**
 * A failure the client can act on; anything else becomes a logged 500 with no details. A
 * validation failure carries its issues (field, rule, values), sent both as codes and as English:
 * the first MAX_ERROR_ISSUES of them, and how many more there were (ADR 059).
 */
export class AppError extends Error {
  readonly fieldErrors: FieldErrors | undefined;
  readonly issues: Issue[] | undefined;
  /** How many issues were found beyond `issues` (0: it carries them all). */
  readonly issuesOmitted: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    issues?: Issue[],
    /** Why, beyond the code, with its values, for clients to word in their language. */
    readonly reason?: Reason,
    /** Issues the caller found but did not even build (zod's, past the first ones). */
    alsoOmitted = 0,
  ) {
    super(message);
    this.name = 'AppError';
    this.issues = issues?.slice(0, MAX_ERROR_ISSUES);
    this.issuesOmitted = (issues?.length ?? 0) - (this.issues?.length ?? 0) + alsoOmitted;
    this.fieldErrors = this.issues ? englishFieldErrors(this.issues) : undefined;
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
    case 'INPUT_TOO_COMPLEX':
      return 422;
    case 'RATE_LIMITED':
      return 429;
    case 'INTERNAL':
      return 500;
    case 'IDENTITY_PROVIDER_UNAVAILABLE':
    case 'DATABASE_UNAVAILABLE':
    case 'STORAGE_UNAVAILABLE':
    case 'BUSY':
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

/**
 * A 400 for the issues a service found (a comuna that does not exist, a photo not uploaded), or
 * the contracts' checks: its message words only the issues the answer carries.
 */
export function validationError(issues: Issue[], prefix = 'Invalid request', alsoOmitted = 0) {
  const kept = issues.slice(0, MAX_ERROR_ISSUES);
  const omitted = issues.length - kept.length + alsoOmitted;
  const more = omitted > 0 ? `; ${issuesOmittedText(omitted)}` : '';
  return new AppError(
    'VALIDATION_FAILED',
    `${prefix}: ${describeFieldErrors(englishFieldErrors(kept))}${more}`,
    kept,
    undefined,
    omitted,
  );
}
