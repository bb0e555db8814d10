import { ErrorEnvelopeSchema, envelope } from '@bec/contracts';
import type { FastifyReply, RouteOptions } from 'fastify';
import { z } from 'zod';
import './route-config.js';

/** A success envelope; handlers return this and the contract schema serializes it. */
export const ok = <T>(message: string, data: T) => ({ status: 'success' as const, message, data });

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503;

/**
 * The `response` block of a route: its success shape plus the error envelope for each status it
 * may answer with, so OpenAPI documents them and serialization stays typed. The statuses every
 * route shares by its method and path are added on their own (`addSharedStatuses`).
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

/**
 * The `response` block of a route whose success (200) is a file of `mediaType`, not an envelope:
 * text, or bytes (`format: binary`) for anything but text.
 */
export function fileResponses(mediaType: string, description: string, errors: ErrorStatus[]) {
  const body = mediaType.startsWith('text/') ? z.string() : z.string().meta({ format: 'binary' });
  const schema: Record<number, unknown> = {
    200: { description, content: { [mediaType]: { schema: body } } },
  };
  for (const status of errors) schema[status] = ErrorEnvelopeSchema;
  return schema;
}

/** Statuses every signed-in route can answer with besides its own. */
export const AUTH_ERRORS: ErrorStatus[] = [401, 403, 503];

/**
 * What Fastify answers before a route that reads a body runs: 400 for malformed JSON, 413 for a
 * body over the limit, 415 for anything but JSON. Every method but GET and HEAD reads one (DELETE
 * too, when it comes with a body).
 */
const BODY_ERRORS: ErrorStatus[] = [400, 413, 415];
/** The rate limit's answer, on every route but those marked `noRateLimit` (ADR 028). */
const RATE_LIMIT_ERRORS: ErrorStatus[] = [429];

/**
 * An onRoute hook: adds the statuses a route shares with others by its method and path
 * (BODY_ERRORS, RATE_LIMIT_ERRORS) to its documented responses, so no route can leave them out
 * of the OpenAPI document. Routes kept out of the document (`hide`) are left alone.
 */
export function addSharedStatuses(route: RouteOptions) {
  const schema = route.schema as { response?: Record<number, unknown>; hide?: boolean } | undefined;
  const response = schema?.response;
  if (!response || schema.hide) return;
  const readsBody = [route.method].flat().some((method) => method !== 'GET' && method !== 'HEAD');
  const shared = [
    ...(readsBody ? BODY_ERRORS : []),
    ...(route.config?.noRateLimit ? [] : RATE_LIMIT_ERRORS),
  ];
  for (const status of shared) response[status] ??= ErrorEnvelopeSchema;
}

/** The client closed its connection before the answer: the work done for it stopped there. */
export class ClientGoneError extends Error {
  override readonly name = 'ClientGoneError';
  constructor() {
    super('The client closed the request before its answer');
  }
}

/**
 * Aborted, with a ClientGoneError, when the client closes its connection before the answer is
 * sent: work done only for that answer (a listing page's fetch) stops with it.
 */
export function clientSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new ClientGoneError());
  });
  return controller.signal;
}
