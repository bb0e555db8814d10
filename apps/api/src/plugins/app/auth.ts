import type { Me, Role } from '@bec/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error.js';
import type { Identity, TokenVerifier } from './token-verifier.js';

export type Member = Me;
/** An identity whose email the provider vouches for: the only kind matched to a member. */
export type VerifiedIdentity = Identity & { email: string };

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: a valid bearer token with a verified email; sets request.identity. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** onRequest hook factory: a member with one of the roles; sets request.member. */
    authorize: (roles: readonly Role[] | 'member') => (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    identity: VerifiedIdentity | null;
    member: Member | null;
  }
}

export type AuthOptions = {
  verify: TokenVerifier;
  /** Finds the member behind an identity (or bootstraps an ADMIN_EMAILS one); null if none. */
  resolveMember: (identity: VerifiedIdentity) => Promise<Member | null>;
};

// The scheme is case-insensitive (RFC 9110 §11.1: "bearer" and "BEARER" too); the token's
// characters are already both cases, so the `i` flag changes nothing else.
const BEARER = /^Bearer +([A-Za-z0-9\-_=]+\.[A-Za-z0-9\-_=]+\.?[A-Za-z0-9\-_.+/=]*)$/i;

export const ROLE_LABELS: Record<Role, string> = {
  viewer: 'viewer',
  editor: 'editor',
  admin: 'admin',
};

async function auth(app: FastifyInstance, options: AuthOptions) {
  app.decorateRequest('identity', null);
  app.decorateRequest('member', null);

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
    const identity = await options.verify(match[1]);
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

export default fp(auth, { name: 'auth' });
