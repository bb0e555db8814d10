import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for these options. With no nonces they are the same on every
 * response, so helmet runs once, at start-up, against a response that only records them.
 */
function helmetHeaders(options: HelmetOptions) {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  helmet(options)({} as IncomingMessage, recorder, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * JSON answers are never rendered as documents, so most of helmet's set (CSP sources, COOP,
 * origin-agent-cluster, …) means nothing on them. They get the OWASP REST set instead: no
 * caching of signed-in data, no sniffing, no framing, nothing loaded if one is opened anyway.
 * A route that may be cached (photos) sets its own cache-control.
 */
const apiHeaders = (documentHeaders: Record<string, string>) => {
  const headers: Record<string, string> = {
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
  const hsts = documentHeaders['strict-transport-security'];
  if (hsts) headers['strict-transport-security'] = hsts;
  return headers;
};

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Computes the document headers anew for these helmet options (the API's set stays), e.g.
     * once the identity provider's discovery names the origins the CSP must allow.
     */
    setDocumentHeaderOptions(options: HelmetOptions): void;
  }
}

type SecurityHeadersOptions = HelmetOptions & {
  /** Paths that answer JSON only (the API): they get the short REST set. */
  apiPrefix?: string;
};

/**
 * Security headers on every response, errors and 404s included: helmet's set for documents and
 * files, the REST set for the API. @fastify/helmet builds helmet's middleware anew on every
 * request, parsing the CSP directives each time (a share of a list request's CPU, in
 * bench/reports/2026-12-08-figures-from-comments.md); here both sets are
 * computed once, and again only when `setDocumentHeaderOptions` changes them.
 */
async function securityHeaders(
  app: FastifyInstance,
  { apiPrefix, ...options }: SecurityHeadersOptions,
) {
  let documents = helmetHeaders(options);
  const api = apiHeaders(documents);
  app.decorate('setDocumentHeaderOptions', (next: HelmetOptions) => {
    documents = helmetHeaders(next);
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(apiPrefix && request.url.startsWith(apiPrefix) ? api : documents);
    done();
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
