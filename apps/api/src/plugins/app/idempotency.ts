import { createHash } from 'node:crypto';
import {
  type ErrorCode,
  type ErrorEnvelope,
  ErrorEnvelopeSchema,
  IdempotencyKeySchema,
} from '@bec/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';

/*
 * Exactly once for writes (ADR 043): a POST, PUT, PATCH or DELETE that carries `Idempotency-Key`
 * claims the key (per user) before its handler runs and stores its answer after, in the
 * transaction of the handler's writes, which commits with it (ADR 062); the same request again
 * answers that stored answer and runs nothing. Requests without the header are untouched.
 */

/** How long a key answers its first response. */
export const KEY_LIFETIME_MS = 24 * 60 * 60_000;
/** A key held by one request while its handler runs: only this claim may finish or release it. */
export type Claim = { subject: string; key: string; claim: string };

/** A stored answer, replayed as it was sent. */
export type StoredResponse = { status: number; headers: Record<string, string>; body: string };

export type ClaimResult =
  | { kind: 'claimed'; claim: Claim }
  | { kind: 'replay'; response: StoredResponse }
  | { kind: 'in_progress'; claimedAt: Date }
  | { kind: 'reused' };

/**
 * How a claimed write ends: its answer stored with its writes, which then commit; its writes
 * undone (a failure on our side); or kept without an answer (one that is not text).
 */
export type WriteEnding = StoredResponse | 'undo' | 'keep';

/**
 * 'committed': the writes and the answer (if any) are in; 'unwritten': the handler wrote nothing,
 * or all of it was undone; 'claim lost': a retry claimed the key meanwhile, the writes undone.
 */
type WriteOutcome = 'committed' | 'unwritten' | 'claim lost';

/** A claimed request's handler, whose writes wait for its answer. */
type ClaimedWrite = {
  run: <T>(handler: () => T) => T;
  end: (ending: WriteEnding) => Promise<WriteOutcome>;
};

/** The rows behind the keys (modules/idempotency/idempotency.repository.ts). */
export type IdempotencyStore = {
  /**
   * A claim still in progress after this long is taken as abandoned (its process died before its
   * writes committed) and may be claimed again: no key is blocked for a day by a crash.
   */
  claimTimeoutMs: number;
  claim: (
    request: { subject: string; key: string; route: string; hash: string },
    now?: Date,
  ) => Promise<ClaimResult>;
  /** The transaction the handler's writes and its answer share (ADR 062). */
  write: (claim: Claim) => ClaimedWrite;
  /** Stores the answer of a request that wrote nothing. */
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
    /** Its handler's writes, ended with its answer. */
    idempotencyWrite: ClaimedWrite | null;
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
  app.decorateRequest('idempotencyWrite', null);
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

  /** Claims the request's key; answers true when its handler is to run in `idempotencyWrite`. */
  async function claim(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const key = request.headers[HEADER];
    const subject = request.identity?.subject;
    const hash = request.idempotencyHash;
    if (typeof key !== 'string' || !subject || !hash) return false;
    const result = await store.claim({ subject, key, route: routeOf(request), hash }, now());
    switch (result.kind) {
      case 'claimed':
        request.idempotencyClaim = result.claim;
        request.idempotencyWrite = store.write(result.claim);
        return true;
      case 'reused':
        throw new AppError(
          'IDEMPOTENCY_KEY_REUSED',
          'This Idempotency-Key was already used with a different request: use a new key for a new request.',
        );
      case 'in_progress': {
        const waited = now().getTime() - result.claimedAt.getTime();
        throw inProgress(reply, waited);
      }
      case 'replay':
        replay(reply, result.response);
        return false;
    }
  }

  /** 409 with Retry-After: the key's first request is still running (or was taken over). */
  const inProgress = (reply: FastifyReply, waitedMs: number) => {
    reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    return new AppError(
      'IDEMPOTENCY_IN_PROGRESS',
      `A request with this Idempotency-Key is still being processed (for ${Math.max(0, Math.round(waitedMs / 1000))} s; given up after ${store.claimTimeoutMs / 1000} s): try again in a moment.`,
    );
  };

  // After authentication and validation: a refused request claims nothing. Callback style, so the
  // handler (and later hooks) run inside the claimed write's scope, where its statements share
  // one transaction with its answer (ADR 062).
  app.addHook('preHandler', (request, reply, done) => {
    claim(request, reply).then(
      (claimed) => {
        if (reply.sent) return;
        const write = request.idempotencyWrite;
        if (claimed && write) write.run(() => done());
        else done();
      },
      (err: Error) => done(err),
    );
  });

  // Every answer passes here, errors included: the claim's answer is stored, or the claim let go.
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    const write = request.idempotencyWrite;
    if (!claim || !write) return payload;
    request.idempotencyClaim = null;
    request.idempotencyWrite = null;
    // A failure on our side (5xx) is no answer to keep: its writes are undone and a retry runs the
    // request again. A 4xx is the answer, and stays one (ADR 043).
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      const failed = reply.statusCode >= 500;
      if (!failed)
        request.log.warn('An idempotent write answered a body that is not text; not stored');
      try {
        await write.end(failed ? 'undo' : 'keep');
        await store.release(claim);
      } catch (err) {
        // The claim stays in progress until it is taken as abandoned (claimTimeoutMs).
        request.log.error({ err }, 'The claim of an idempotent write could not be let go');
      }
      return payload;
    }
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    const response = { status: reply.statusCode, headers, body: payload };
    let outcome: WriteOutcome;
    try {
      outcome = await write.end(response);
    } catch (err) {
      // The commit failed, or its outcome is unknown (the connection lost during it): the answer
      // is not this one. If it did commit, the stored answer replays to the retry; if not, the
      // claim is taken as abandoned after claimTimeoutMs and the retry runs the write.
      request.log.error(
        { err },
        'The writes and answer of an idempotent write could not be committed',
      );
      return errorAnswer(
        reply.code(503),
        'DATABASE_UNAVAILABLE',
        'The database is unavailable right now; try again in a moment.',
      );
    }
    if (outcome === 'claim lost') {
      // A retry took the key over while this ran (past claimTimeoutMs): this run's writes are
      // undone, and the retry's are the ones that count.
      const error = inProgress(reply.code(409), store.claimTimeoutMs);
      return errorAnswer(reply, error.code, error.message);
    }
    if (outcome === 'unwritten') {
      // Nothing was written with it: the answer alone is stored. Lost, the retry runs again.
      try {
        await store.finish(claim, response);
      } catch (err) {
        request.log.error({ err }, 'The answer of an idempotent write could not be stored');
      }
    }
    return payload;
  });

  // A request that ended without sending (its connection gone before an answer) still ends its
  // writes: undone, since nobody saw an answer to them.
  app.addHook('onResponse', async (request) => {
    const write = request.idempotencyWrite;
    const claim = request.idempotencyClaim;
    if (!write || !claim) return;
    request.idempotencyWrite = null;
    request.idempotencyClaim = null;
    await write.end('undo').catch(() => undefined);
    await store.release(claim).catch(() => undefined);
  });
}

/** An error envelope in place of the answer, as the error handler writes it (ADR 004). */
function errorAnswer(reply: FastifyReply, code: ErrorCode, message: string) {
  reply.type('application/json; charset=utf-8');
  const envelope: ErrorEnvelope = { status: 'error', message, data: null, error: { code } };
  return JSON.stringify(envelope);
}

function replay(
  reply: FastifyReply,
  response: { status: number; headers: Record<string, string>; body: string },
) {
  reply.code(response.status).headers(response.headers).header('idempotent-replayed', 'true');
  // A string with a JSON content type goes out as it is, never serialized again.
  reply.send(response.body);
}

export default fp(idempotency, { name: 'idempotency', dependencies: ['auth', 'error-handler'] });
