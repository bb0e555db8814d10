import type { Role } from '@bec/contracts';

/**
 * Who may call a route under /api (ADR 065), declared by every route there or it fails to
 * register: `public` (no token), `signed-in` (a verified identity, member or not: the sign-in
 * call), `member` (any role), or the roles allowed.
 */
export type RouteAccess = 'public' | 'signed-in' | 'member' | readonly Role[];

/** A route's `config` declaring who may call it: `config: allow(['editor', 'admin'])`. */
export const allow = (access: RouteAccess): { access: RouteAccess } => ({ access });

/**
 * Per-route settings read by the app's own hooks, set in a route's `config` (or by an onRoute
 * hook for routes a third-party plugin registers).
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; under /api every route declares it (plugins/app/route-access.ts). */
    access?: RouteAccess;
    /**
     * The `route` label of request metrics instead of the route's URL template: one label for
     * routes without a template of their own (each file of the web build has a route).
     */
    metricsRoute?: string;
    /**
     * Log the request's completion line at debug instead of info: probes and scrapes that come
     * every few seconds would drown the log. Errors are logged as usual.
     */
    quietLog?: boolean;
    /**
     * Never rate limited (ADR 028): probes and scrapes, which must answer however busy a client
     * is, and the web build's files, which cost less to serve than to count.
     */
    noRateLimit?: boolean;
    /**
     * A POST that changes nothing, a read whose input does not fit a URL (ADR 045): no
     * Idempotency-Key is documented or claimed for it, since asking again is the same read.
     */
    readOnly?: boolean;
  }
}

/** The `route` label of the web build's files (hashed names, new with every build). */
export const STATIC_FILES_ROUTE = '(static)';
/**
 * The `route` label of requests no route matched: answered by the not-found handler, the SPA's
 * client-side pages (status 200) as well as real misses (404).
 */
export const UNMATCHED_ROUTE = '(unmatched)';
