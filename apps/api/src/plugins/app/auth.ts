import type { Me, Role } from '@bec/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error.js';
import type { Identity, TokenVerifier } from './token-verifier.js';

type Member = Me;
/** An identity whose email the provider vouches for: the only kind matched to a member. */
export type VerifiedIdentity = Identity & { email: string };

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: a valid bearer token with a verified email; sets request.identity. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** onRequest hook factory: a member with one of the roles; sets request.member. */
    authorize: (roles: readonly Role[] | 'member') => (request: FastifyRequest) => Promise<void>;
    /**
     * The subject of the request's bearer token when it verifies; null with no token or a bad
     * one (never throws). Who a request comes from, for the rate limit (ADR 028).
     */
    tokenSubject: (request: FastifyRequest) => Promise<string | null>;
  }
  interface FastifyRequest {
    identity: VerifiedIdentity | null;
    member: Member | null;
  }
}

type AuthOptions = {
  verify: TokenVerifier;
  /** Finds the member behind an identity (or bootstraps an ADMIN_EMAILS one); null if none. */
  resolveMember: (identity: VerifiedIdentity) => Promise<Member | null>;
};

// The scheme is case-insensitive (RFC 9110 §11.1: "bearer" and "BEARER" too); the token's
// characters are already both cases, so the `i` flag changes nothing else.
// A JWT's parts split at their dots, each read one way: a long header of letters is refused in
// one pass, never retried at every split (ADR 058).
const BEARER = /^Bearer +([A-Za-z0-9\-_=]+\.[A-Za-z0-9\-_=]+(?:\.[A-Za-z0-9\-_.+/=]*)?)$/i;

const ROLE_LABELS: Record<Role, string> = {
  viewer: 'viewer',
  editor: 'editor',
  admin: 'admin',
};

async function auth(app: FastifyInstance, options: AuthOptions) {
  app.decorateRequest('identity', null);
  app.decorateRequest('member', null);

  // The rate limit asks who a request comes from before its route authenticates it: the token is
  // verified once per request, and a failure is answered by authenticate, as it always was.
  const verifications = new WeakMap<FastifyRequest, Promise<Identity>>();
  const verifyOnce = (request: FastifyRequest, token: string) => {
    let verification = verifications.get(request);
    if (!verification) {
      verification = options.verify(token);
      verifications.set(request, verification);
    }
    return verification;
  };

  app.decorate('tokenSubject', async (request: FastifyRequest) => {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!token) return null;
    try {
      return (await verifyOnce(request, token)).subject;
    } catch {
      return null;
    }
  });

  const authenticate = async (request: FastifyRequest) => {
    if (request.identity) return;
    const header = request.headers.authorization;
    if (!header)
      throw new AppError('UNAUTHENTICATED', 'Sign in to continue: this call needs a bearer token.');
    const match = BEARER.exec(header);
    if (!match?.[1])
      throw new AppError(
        'UNAUTHENTICATED',
        'The Authorization header must be "Bearer <access token>".',
      );
    const identity = await verifyOnce(request, match[1]);
    if (!identity.email) {
      throw new AppError(
        'FORBIDDEN',
        'Your identity provider did not share an email address, so BEC cannot tell who you are.',
      );
    }
    if (!identity.emailVerified) {
      throw new AppError(
        'FORBIDDEN',
        'Your identity provider has not verified your email address.',
      );
    }
    request.identity = { ...identity, email: identity.email };
  };

  app.decorate('authenticate', authenticate);
  app.decorate(
    'authorize',
    (roles: readonly Role[] | 'member') => async (request: FastifyRequest) => {
      await authenticate(request);
      const identity = request.identity as VerifiedIdentity;
      const member = await options.resolveMember(identity);
      if (!member) {
        throw new AppError(
          'WAITLISTED',
          'Your access request is pending: an administrator has to approve it.',
        );
      }
      if (roles !== 'member' && !roles.includes(member.role)) {
        throw new AppError(
          'FORBIDDEN',
          `This needs the ${roles.map((r) => ROLE_LABELS[r]).join(' or ')} role; you are a ${ROLE_LABELS[member.role]}.`,
        );
      }
      request.member = member;
    },
  );
}

/**
 * The member a route's access declaration resolved (`member` or its roles, ADR 065): the one
 * place that holds the guard to its promise, instead of a check in every handler.
 */
export function memberOf(request: FastifyRequest): Member {
  if (!request.member) throw new Error('the route declares no member access');
  return request.member;
}

export default fp(auth, { name: 'auth' });
