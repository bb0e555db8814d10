import { z } from 'zod';

/** Every answer of the API is wrapped in this envelope. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({
    status: z.literal('success'),
    message: z.string(),
    data,
  });

/** Per-field problems, keyed by the field's dotted path (`price`, `photos.0`). */
export const FieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof FieldErrorsSchema>;

export const ErrorCodeSchema = z.enum([
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'WAITLISTED',
  'NOT_FOUND',
  'CONFLICT',
  'LAST_ADMIN',
  'RATE_LIMITED',
  'IDENTITY_PROVIDER_UNAVAILABLE',
  'DATABASE_UNAVAILABLE',
  'INTERNAL',
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const ErrorEnvelopeSchema = z.object({
  status: z.literal('error'),
  message: z.string(),
  data: z.null(),
  error: z.object({
    code: ErrorCodeSchema,
    fieldErrors: FieldErrorsSchema.optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export const IdSchema = z.coerce
  .number({ error: 'Must be a number' })
  .int({ error: 'Must be a whole number' })
  .positive({ error: 'Must be a positive id' })
  .max(2_147_483_647, { error: 'Is too large' });

export const IdParamsSchema = z.object({ id: IdSchema });

/** Opaque keyset cursor: clients pass back what they were given. */
export const CursorSchema = z.string().min(1).max(512);

/** One keyset page of a list ordered by id: the items and where the next page starts. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), next_cursor: CursorSchema.nullable() });

export const ListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  cursor: CursorSchema.optional(),
});

export const HealthSchema = z.object({ status: z.enum(['ok', 'unavailable']) });
