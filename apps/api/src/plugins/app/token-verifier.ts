import { createHash } from 'node:crypto';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
  errors as joseErrors,
  jwtVerify,
} from 'jose';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';

export type Identity = {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
};

export type TokenVerifierOptions = {
  issuer: string;
  audience: string;
  algorithms: string[];
  /** Seconds of clock skew tolerated on exp/nbf/iat. */
  clockTolerance?: number;
  fetch?: typeof fetch;
  /**
   * The issuer's public keys, when this process holds them (the embedded development provider):
   * no discovery or key fetch over HTTP, which may not even reach PUBLIC_URL from inside.
   */
  localKeys?: JSONWebKeySet;
  /** Told each time discovery is read (at most hourly): the CSP follows the provider's origins. */
  onDiscovery?: (discovery: Discovery) => void;
};

/** An endpoint the API itself never calls: a bad one is dropped, not a failed discovery. */
const browserEndpoint = z.url().optional().catch(undefined);
const DiscoverySchema = z.object({
  issuer: z.string(),
  jwks_uri: z.url(),
  userinfo_endpoint: z.url().optional(),
  authorization_endpoint: browserEndpoint,
  token_endpoint: browserEndpoint,
  end_session_endpoint: browserEndpoint,
});
type Discovery = z.infer<typeof DiscoverySchema>;

const UserinfoSchema = z.object({
  sub: z.string(),
  email: z.string().optional(),
  email_verified: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  name: z.string().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
});

const unavailable = (what: string, cause?: unknown) =>
  Object.assign(
    new AppError(
      'IDENTITY_PROVIDER_UNAVAILABLE',
      `The identity provider cannot be reached (${what}); try again in a moment.`,
    ),
    { cause },
  );

const DISCOVERY_TTL_MS = 60 * 60_000;
const VERIFIED_TTL_MS = 5 * 60_000;
/** jose errors that mean the key set could not be had, not that the token is bad. */
const KEY_SET_UNAVAILABLE = new Set(['ERR_JWKS_TIMEOUT', 'ERR_JWKS_INVALID', 'ERR_JOSE_GENERIC']);

const unauthenticated = (message: string) => new AppError('UNAUTHENTICATED', message);

const asBool = (v: unknown) => v === true || v === 'true';

const nameFrom = (claims: Record<string, unknown>): string | null => {
  if (typeof claims.name === 'string' && claims.name.trim()) return claims.name.trim();
  const parts = [claims.given_name, claims.family_name].filter(
    (p): p is string => typeof p === 'string',
  );
  return parts.length ? parts.join(' ') : null;
};

/**
 * Verifies bearer access tokens against an OpenID issuer: discovery and JWKS are fetched lazily
 * and cached (failures are not), and userinfo answers are cached for the token's lifetime.
 */
export function createTokenVerifier(options: TokenVerifierOptions) {
  const doFetch = options.fetch ?? fetch;
  let discovery: Promise<{ meta: Discovery; jwks: JWTVerifyGetKey }> | null = options.localKeys
    ? Promise.resolve({
        meta: { issuer: options.issuer, jwks_uri: `${options.issuer}/jwks` },
        jwks: createLocalJWKSet(options.localKeys),
      })
    : null;
  let discoveredAt = 0;
  const userinfoCache = new LRUCache<string, Identity>({ max: 10_000, ttlAutopurge: false });

  const discover = () => {
    // Re-read discovery now and then, so a provider that moves its key set URL is followed.
    if (discovery && !options.localKeys && Date.now() - discoveredAt > DISCOVERY_TTL_MS)
      discovery = null;
    if (!discovery) discoveredAt = Date.now();
    discovery ??= (async () => {
      const url = `${options.issuer}/.well-known/openid-configuration`;
      let response: Response;
      try {
        response = await doFetch(url, { signal: AbortSignal.timeout(5_000) });
      } catch (cause) {
        throw unavailable('discovery failed', cause);
      }
      if (!response.ok) throw unavailable(`discovery answered ${response.status}`);
      const meta = DiscoverySchema.safeParse(await response.json().catch(() => null));
      if (!meta.success) throw unavailable('discovery document is malformed');
      if (meta.data.issuer.replace(/\/$/, '') !== options.issuer.replace(/\/$/, '')) {
        throw unavailable(`discovery names issuer ${meta.data.issuer}, expected ${options.issuer}`);
      }
      const jwks = createRemoteJWKSet(new URL(meta.data.jwks_uri), {
        timeoutDuration: 5_000,
        cooldownDuration: 30_000,
        cacheMaxAge: 10 * 60_000,
      });
      options.onDiscovery?.(meta.data);
      return { meta: meta.data, jwks };
    })();
    // A failed discovery is retried on the next request rather than cached forever.
    discovery.catch(() => {
      discovery = null;
    });
    return discovery;
  };

  const fetchUserinfo = async (endpoint: string, token: string, exp: number | undefined) => {
    const key = createHash('sha256').update(token).digest('base64url');
    const cached = userinfoCache.get(key);
    if (cached) return cached;
    let response: Response;
    try {
      response = await doFetch(endpoint, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(5_000),
      });
    } catch (cause) {
      throw unavailable('userinfo failed', cause);
    }
    if (response.status === 401 || response.status === 403) {
      throw unauthenticated('The identity provider no longer accepts this sign-in; sign in again.');
    }
    if (!response.ok) throw unavailable(`userinfo answered ${response.status}`);
    const info = UserinfoSchema.safeParse(await response.json().catch(() => null));
    if (!info.success) throw unavailable('userinfo answer is malformed');
    const identity: Identity = {
      subject: info.data.sub,
      email: info.data.email?.toLowerCase() ?? null,
      emailVerified: asBool(info.data.email_verified),
      name: nameFrom(info.data),
    };
    const ttl = exp ? exp * 1000 - Date.now() : 60_000;
    if (ttl > 0) userinfoCache.set(key, identity, { ttl });
    return identity;
  };

  // A token verified once is the same token until it expires: the signature check (and jose's
  // key lookup) is most of an authenticated request's CPU, so a repeat skips it. Entries live
  // until the token's own expiry (the tolerance jose allows included), at most VERIFIED_TTL_MS,
  // so a key the issuer withdraws stops working within that.
  const verifiedCache = new LRUCache<string, Identity>({ max: 10_000 });

  async function verify(token: string): Promise<Identity> {
    const cached = verifiedCache.get(token);
    if (cached) return cached;
    const { identity, until } = await verifyOnce(token);
    const ttl = Math.min(VERIFIED_TTL_MS, until - Date.now());
    if (ttl > 0) verifiedCache.set(token, identity, { ttl });
    return identity;
  }
  /** Reads discovery now unless it is cached (at start-up, before any token arrives). */
  verify.discover = async () => (await discover()).meta;
  return verify;

  async function verifyOnce(token: string): Promise<{ identity: Identity; until: number }> {
    const { meta, jwks } = await discover();
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, jwks, {
        issuer: meta.issuer,
        audience: options.audience,
        algorithms: options.algorithms,
        clockTolerance: options.clockTolerance ?? 30,
        requiredClaims: ['sub', 'exp'],
      }));
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) {
        throw unauthenticated('Your sign-in has expired; sign in again.');
      }
      const code = (err as { code?: string }).code;
      if (
        (code && KEY_SET_UNAVAILABLE.has(code)) ||
        (err instanceof TypeError && /fetch/i.test(err.message))
      ) {
        throw unavailable('key set fetch failed', err);
      }
      if (err instanceof joseErrors.JWTClaimValidationFailed) {
        throw unauthenticated(`Invalid access token: ${err.claim} ${err.reason}.`);
      }
      throw unauthenticated('Invalid access token.');
    }
    const claims = payload as Record<string, unknown>;
    const subject = payload.sub as string;
    // Good until exp (a required claim), plus the clock tolerance jose granted.
    const until = ((payload.exp as number) + (options.clockTolerance ?? 30)) * 1000;
    let identity: Identity;
    if (typeof claims.email === 'string') {
      identity = {
        subject,
        email: claims.email.toLowerCase(),
        emailVerified: asBool(claims.email_verified),
        name: nameFrom(claims),
      };
    } else if (!meta.userinfo_endpoint) {
      identity = { subject, email: null, emailVerified: false, name: nameFrom(claims) };
    } else {
      identity = await fetchUserinfo(meta.userinfo_endpoint, token, payload.exp);
      if (identity.subject !== subject)
        throw unauthenticated('Userinfo belongs to another account.');
    }
    return { identity, until };
  }
}

export type TokenVerifier = ReturnType<typeof createTokenVerifier>;
