import {
  type ErrorCode,
  type ErrorEnvelope,
  type Issue,
  issueOf,
  MAX_ERROR_ISSUES,
} from '@bec/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, statusOf, validationError } from '../../lib/app-error.js';
import { ClientGoneError } from '../../lib/http.js';
import { englishFieldErrors } from '../../lib/messages.js';

const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  '57P01', // admin_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08006',
]);

/**
 * node-postgres' own messages for a lost or unreachable connection, which carry no code. "not
 * queryable" is what a transaction's rollback meets on a connection that just broke: it replaces
 * the original error, so it must read as the same outage.
 */
const CONNECTION_ERROR_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|is not queryable/;

const isDatabaseUnavailable = (err: unknown): boolean => {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECTION_ERROR_CODES.has(code)) return true;
    if (e instanceof Error && CONNECTION_ERROR_MESSAGE.test(e.message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
};

/**
 * The one way an error envelope is built: from an AppError. Issues go out twice: as English
 * sentences per field, and as codes to word in any language.
 */
const body = ({ code, message, issues, issuesOmitted, reason }: AppError): ErrorEnvelope => ({
  status: 'error',
  message,
  data: null,
  error: {
    code,
    ...(issues ? { fieldErrors: englishFieldErrors(issues), issues } : {}),
    ...(issuesOmitted > 0 ? { issues_omitted: issuesOmitted } : {}),
    ...(reason ? { reason } : {}),
  },
});

/** The code of each of Fastify's own refusals, by status; the rest (malformed JSON, a bad URL: 400). */
const CLIENT_ERROR_CODES: Partial<Record<number, ErrorCode>> = {
  404: 'NOT_FOUND',
  413: 'BODY_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

const CONTEXT_LABEL: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'headers',
};

async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      // The contracts' checks say which rule failed (`rule:…`, packages/contracts/src/issues.ts).
      // Only the issues the answer carries are built; the rest are counted (ADR 059).
      const kept = err.validation.slice(0, MAX_ERROR_ISSUES);
      const issues: Issue[] = kept.map((issue) =>
        issueOf(
          issue.instancePath.slice(1).replaceAll('/', '.') ||
            CONTEXT_LABEL[err.validationContext ?? 'body'] ||
            'body',
          issue.message ?? '',
        ),
      );
      const omitted = err.validation.length - kept.length;
      return reply.code(400).send(body(validationError(issues, undefined, omitted)));
    }
    // A client that hung up mid-body fails the body's read with ECONNRESET: its own doing, not
    // the database's (ADR 058).
    if (err instanceof ClientGoneError || request.raw.readableAborted) {
      // Nobody reads this answer; nginx's 499 says so in the access log.
      request.log.info('the client left before its answer');
      return reply.code(499).send();
    }
    if (err instanceof AppError) {
      const status = statusOf(err.code);
      // Work of its kind is queued full: a second is the soonest worth trying again (ADR 058).
      if (err.code === 'BUSY') reply.header('retry-after', '1');
      if (status >= 500) request.log.warn({ err }, err.message);
      return reply.code(status).send(body(err));
    }
    if (isDatabaseUnavailable(err)) {
      request.log.error({ err }, 'database unavailable');
      return reply
        .code(503)
        .send(
          body(
            new AppError(
              'DATABASE_UNAVAILABLE',
              'The database is unavailable right now; try again in a moment.',
            ),
          ),
        );
    }
    const status = err.statusCode ?? 500;
    if (status < 500) {
      // Fastify's own client errors (malformed JSON, body too large, not JSON), each with its code.
      request.log.info({ err }, 'client error');
      const code = CLIENT_ERROR_CODES[status] ?? 'VALIDATION_FAILED';
      return reply.code(status).send(body(new AppError(code, err.message)));
    }
    request.log.error({ err }, 'unhandled error');
    return reply
      .code(500)
      .send(
        body(
          new AppError(
            'INTERNAL',
            `Something went wrong on our side; it was logged as request ${request.id}.`,
          ),
        ),
      );
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // Client-side routes of the SPA (no file extension, not an API path) get its index.html, as
    // does /index.html itself: only this copy carries the inlined client configuration. /metrics
    // is never a page: where it is not served (off, or METRICS_LISTEN), it is a plain 404.
    if (
      app.spaIndexHtml &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/(api|docs|oidc|metrics)(\/|$)/.test(pathname) &&
      (!/\.[a-z0-9]+$/i.test(pathname) || pathname === '/index.html')
    ) {
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(app.spaIndexHtml);
    }
    return reply
      .code(404)
      .send(body(new AppError('NOT_FOUND', `No such endpoint: ${request.method} ${pathname}`)));
  });
}

export default fp(errorHandler, { name: 'error-handler' });
