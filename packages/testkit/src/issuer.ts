import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from 'jose';

export type MintOptions = {
  audience?: string;
  issuer?: string;
  /** Seconds from now; negative for an expired token. */
  expiresIn?: number;
  notBefore?: number;
  /** Sign with a key the issuer does not publish. */
  foreignKey?: boolean;
  alg?: 'RS256' | 'HS256';
};

export type IssuerOptions = {
  /** More endpoints for discovery to name (e.g. on another host, as Google's and Auth0's are). */
  endpoints?: Record<string, string>;
  /** What discovery answers at first (setDiscoveryStatus changes it), as during an outage. */
  discoveryStatus?: number;
};

/**
 * A real OpenID issuer on loopback: discovery, JWKS and userinfo over HTTP, so the API's
 * verifier runs exactly as in production. Tests mint tokens with its key.
 */
export async function startIssuer(audience: string, options: IssuerOptions = {}) {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const foreign = await generateKeyPair('RS256');
  const kid = randomUUID();
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  /** What userinfo answers for a token (keyed by the token itself). */
  const userinfo = new Map<string, Record<string, unknown>>();
  const hits = { discovery: 0, jwks: 0, userinfo: 0 };
  /** Set to make the key set endpoint fail with this status, as during a provider outage. */
  let jwksStatus = 200;
  let discoveryStatus = options.discoveryStatus ?? 200;

  const server: Server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/.well-known/openid-configuration') {
      hits.discovery++;
      if (discoveryStatus !== 200) return send(discoveryStatus, { error: 'unavailable' });
      return send(200, {
        issuer,
        jwks_uri: `${issuer}/jwks`,
        userinfo_endpoint: `${issuer}/userinfo`,
        ...options.endpoints,
      });
    }
    if (req.url === '/jwks') {
      hits.jwks++;
      return jwksStatus === 200
        ? send(200, { keys: [jwk] })
        : send(jwksStatus, { error: 'unavailable' });
    }
    if (req.url === '/userinfo') {
      hits.userinfo++;
      const token = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
      const info = userinfo.get(token);
      return info ? send(200, info) : send(401, { error: 'invalid_token' });
    }
    send(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function mint(claims: JWTPayload, options: MintOptions = {}) {
    const now = Math.floor(Date.now() / 1000);
    const jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: options.alg ?? 'RS256', kid, typ: 'at+jwt' })
      .setIssuer(options.issuer ?? issuer)
      .setAudience(options.audience ?? audience)
      .setIssuedAt(now)
      .setExpirationTime(now + (options.expiresIn ?? 600));
    if (options.notBefore !== undefined) jwt.setNotBefore(now + options.notBefore);
    if (options.alg === 'HS256')
      return jwt.sign(new TextEncoder().encode('a-shared-secret-of-32-bytes-long!'));
    return jwt.sign(options.foreignKey ? foreign.privateKey : privateKey);
  }

  return {
    issuer,
    audience,
    hits,
    mint,
    /** Makes userinfo answer these claims for this token. */
    setUserinfo: (token: string, claims: Record<string, unknown>) => userinfo.set(token, claims),
    setJwksStatus: (status: number) => {
      jwksStatus = status;
    },
    setDiscoveryStatus: (status: number) => {
      discoveryStatus = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestIssuer = Awaited<ReturnType<typeof startIssuer>>;
