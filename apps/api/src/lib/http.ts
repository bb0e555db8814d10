import { ErrorEnvelopeSchema, envelope } from '@bec/contracts';
import type { z } from 'zod';

/** A success envelope; handlers return this and the contract schema serializes it. */
export const ok = <T>(message: string, data: T) => ({ status: 'success' as const, message, data });

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 503;

/**
 * The `response` block of a route: its success shape plus the error envelope for each status it
 * may answer with, so OpenAPI documents them and serialization stays typed.
 */
export function responses<S extends number, T extends z.ZodType>(
  success: S,
  data: T,
  errors: ErrorStatus[] = [],
) {
  const schema: Record<number, z.ZodType> = { [success]: envelope(data) };
  for (const status of errors) schema[status] = ErrorEnvelopeSchema;
  return schema as { [K in S]: ReturnType<typeof envelope<T>> } & Record<
    ErrorStatus,
    typeof ErrorEnvelopeSchema
  >;
}

/** Statuses every signed-in route can answer with besides its own. */
export const AUTH_ERRORS: ErrorStatus[] = [401, 403, 503];
