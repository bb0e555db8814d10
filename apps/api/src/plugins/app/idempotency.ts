import { createHash } from 'node:crypto';
import { ErrorEnvelopeSchema, IdempotencyKeySchema } from '@bec/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';

/*
 * Exactly once for writes (ADR 043): a POST, PUT, PATCH or DELETE that carries `Idempotency-Key`
 * claims the key (per user) before its handler runs and stores its answer after; the same request
 * again answers that stored answer and runs nothing. Requests without the header are untouched.
 */

/** How long a key answers its first response. */
export const KEY_LIFETIME_MS = 24 * 60 * 60_000;
/**
 * A claim still in progress after this long is taken as abandoned (its process died, or its
 * answer could not be stored) and may be claimed again: no key is blocked for a day by a crash.
 */
export const ABANDONED_AFTER_MS = 60_000;

/** A key held by one request while its handler runs: only this claim may finish or release it. */
export type Claim = { subject: string; key: string; claim: string };

/** A stored answer, replayed as it was sent. */
export type StoredResponse = { status: number; headers: Record<string, string>; body: string };

export type ClaimResult =
  | { kind: 'claimed'; claim: Claim }
  | { kind: 'replay'; response: StoredResponse }
  | { kind: 'in_progress'; claimedAt: Date }
  | { kind: 'reused' };

/** The rows behind the keys (modules/idempotency/idempotency.repository.ts). */
export type IdempotencyStore = {
  claim: (
    request: { subject: string; key: string; route: string; hash: string },
    now?: Date,
  ) => Promise<ClaimResult>;
  finish: (claim: Claim, response: StoredResponse) => Promise<void>;
  release: (claim: Claim) => Promise<void>;
  /** Deletes the keys expired at `now`; answers how many. */
  collectExpired: (now?: Date) => Promise<number>;
};

const HEADER = 'idempotency-key';
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The answer's headers a replay repeats; the rest (request id, dates, CORS) are the new request's. */
const KEPT_HEADERS = ['content-type', 'location'] as const;
/** How soon a request that met its key in progress may try again. */
const RETRY_AFTER_SECONDS = 1;

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's fingerprint, taken before validation transforms what was sent. */
    idempotencyHash: string | null;
    /** The key this request holds while its handler runs. */
    idempotencyClaim: Claim | null;
  }
}

/** JSON with every object's keys sorted: the same request whatever order its keys came in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const routeOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url}`;

const isWrite = (method: string | string[]) => [method].flat().some((m) => WRITES.has(m));

/**
 * An onRoute hook for every write: the optional header, checked by its contract (a 400 naming
 * `idempotency-key`), and the two answers it adds, 409 and 422, in the OpenAPI document.
 */
function documentHeader(route: RouteOptions) {
  const schema = route.schema as
    | { response?: Record<number, unknown>; headers?: unknown; hide?: boolean }
    | undefined;
  if (!schema || schema.hide || route.config?.readOnly || !isWrite(route.method)) return;
  // Loose: every other header stays on the request as it came.
  schema.headers ??= z.looseObject({
    [HEADER]: IdempotencyKeySchema.optional().describe(
      'Makes the write safe to retry: the same key with the same request within 24 hours answers the first response (with `Idempotent-Replayed: true`) and changes nothing; with another request, 422; while the first is still running, 409.',
    ),
  });
  if (schema.response) {
    schema.response[409] ??= ErrorEnvelopeSchema;
    schema.response[422] ??= ErrorEnvelopeSchema;
  }
}

type IdempotencyOptions = { store: IdempotencyStore; now?: () => Date };

async function idempotency(
  app: FastifyInstance,
  { store, now = () => new Date() }: IdempotencyOptions,
) {
  app.decorateRequest('idempotencyHash', null);
  app.decorateRequest('idempotencyClaim', null);
  app.addHook('onRoute', documentHeader);

  // Before validation: the body as sent (zod's output may hold what JSON cannot), params and query
  // as written.
  app.addHook('preValidation', async (request) => {
    if (!WRITES.has(request.method) || request.headers[HEADER] === undefined) return;
    // A read sent as a POST (ADR 045): asking again is the same read, so there is nothing to
    // keep, and its answer may be an image, which the store (text) does not hold.
    if (request.routeOptions.config.readOnly) return;
    const { params, query, body } = request;
    request.idempotencyHash = createHash('sha256')
      .update(canonical({ route: routeOf(request), params, query, body }))
      .digest('hex');
  });

  // After authentication and validation: a refused request claims nothing.
  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers[HEADER];
    const subject = request.identity?.subject;
    const hash = request.idempotencyHash;
    if (typeof key !== 'string' || !subject || !hash) return;
    const result = await store.claim({ subject, key, route: routeOf(request), hash }, now());
    switch (result.kind) {
      case 'claimed':
        request.idempotencyClaim = result.claim;
        return;
      case 'reused':
        throw new AppError(
          'IDEMPOTENCY_KEY_REUSED',
          'This Idempotency-Key was already used with a different request: use a new key for a new request.',
        );
      case 'in_progress': {
        const waited = now().getTime() - result.claimedAt.getTime();
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        throw new AppError(
          'IDEMPOTENCY_IN_PROGRESS',
          `A request with this Idempotency-Key is still being processed (for ${Math.max(0, Math.round(waited / 1000))} s; given up after ${ABANDONED_AFTER_MS / 1000} s): try again in a moment.`,
        );
      }
      case 'replay':
        return replay(reply, result.response);
    }
  });

  // Every answer passes here, errors included: the claim's answer is stored, or the claim let go.
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    try {
      // A failure on our side (5xx) is no answer to keep: a retry runs the request again. A 4xx
      // is the answer, and stays one (ADR 043).
      if (reply.statusCode >= 500 || typeof payload !== 'string') {
        if (typeof payload !== 'string' && reply.statusCode < 500)
          request.log.warn('An idempotent write answered a body that is not text; not stored');
        await store.release(claim);
      } else {
        const headers: Record<string, string> = {};
        for (const name of KEPT_HEADERS) {
          const value = reply.getHeader(name);
          if (value !== undefined) headers[name] = String(value);
        }
        await store.finish(claim, { status: reply.statusCode, headers, body: payload });
      }
    } catch (err) {
      // The write is done and its answer goes out; the claim stays in progress until it is
      // taken as abandoned (ABANDONED_AFTER_MS).
      request.log.error({ err }, 'The answer of an idempotent write could not be stored');
    }
    return payload;
  });
}

function replay(
  reply: FastifyReply,
  response: { status: number; headers: Record<string, string>; body: string },
) {
  reply.code(response.status).headers(response.headers).header('idempotent-replayed', 'true');
  // A string with a JSON content type goes out as it is, never serialized again.
  return reply.send(response.body);
}

export default fp(idempotency, { name: 'idempotency', dependencies: ['auth', 'error-handler'] });
