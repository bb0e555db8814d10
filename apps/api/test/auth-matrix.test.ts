import { describe, expect, it } from 'vitest';
import { PEOPLE, setupApp, validProperty } from './helpers.js';

const t = setupApp();

type Caller =
  | 'anonymous'
  | 'bad signature'
  | 'expired'
  | 'wrong audience'
  | 'waitlisted'
  | 'viewer'
  | 'editor'
  | 'admin';

const token = async (caller: Caller): Promise<string | null> => {
  switch (caller) {
    case 'anonymous':
      return null;
    case 'bad signature': {
      const [header, payload, signature] = (await t.tokenFor('admin')).split('.');
      const flipped = `${signature?.slice(0, -4)}${signature?.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
      return `${header}.${payload}.${flipped}`;
    }
    case 'expired':
      return t.tokenFor('admin', { expiresIn: -3600 });
    case 'wrong audience':
      return t.tokenFor('admin', { audience: 'some-other-api' });
    case 'waitlisted':
      return t.tokenFor('stranger');
    default:
      return t.tokenFor(caller);
  }
};

const CALLERS: Caller[] = [
  'anonymous',
  'bad signature',
  'expired',
  'wrong audience',
  'waitlisted',
  'viewer',
  'editor',
  'admin',
];
const MEMBERS = ['viewer', 'editor', 'admin'] as const;
const EDITORS = ['editor', 'admin'] as const;
const ADMINS = ['admin'] as const;

type Route = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: unknown;
  /** Who gets past the guard, and the status they then get. */
  allowed: readonly string[] | 'everyone';
  ok: number;
};

// Mutations aimed at ids that do not exist: a 404 proves the caller got past the guard,
// and the matrix leaves the database as it found it (but for the adds).
const ROUTES: Route[] = [
  { method: 'GET', url: '/healthz', allowed: 'everyone', ok: 200 },
  { method: 'GET', url: '/readyz', allowed: 'everyone', ok: 200 },
  { method: 'GET', url: '/api/config', allowed: 'everyone', ok: 200 },
  { method: 'GET', url: '/api/users', allowed: ADMINS, ok: 200 },
  { method: 'PATCH', url: '/api/users/999999', body: { role: 'viewer' }, allowed: ADMINS, ok: 404 },
  { method: 'DELETE', url: '/api/users/999999', allowed: ADMINS, ok: 404 },
  { method: 'GET', url: '/api/waitlist', allowed: ADMINS, ok: 200 },
  {
    method: 'POST',
    url: '/api/waitlist/999999/approve',
    body: { role: 'viewer' },
    allowed: ADMINS,
    ok: 404,
  },
  { method: 'DELETE', url: '/api/waitlist/999999', allowed: ADMINS, ok: 404 },
  { method: 'GET', url: '/api/properties', allowed: MEMBERS, ok: 200 },
  { method: 'GET', url: '/api/properties/999999', allowed: MEMBERS, ok: 404 },
  { method: 'POST', url: '/api/properties/add', body: validProperty(), allowed: EDITORS, ok: 201 },
  {
    method: 'PATCH',
    url: '/api/properties/999999/stage',
    body: { stage: 'to_visit', updated_at: '2026-01-01T00:00:00.000Z' },
    allowed: EDITORS,
    ok: 404,
  },
  {
    method: 'PUT',
    url: '/api/properties/999999',
    body: { ...validProperty(), updated_at: new Date().toISOString() },
    allowed: EDITORS,
    ok: 404,
  },
  { method: 'DELETE', url: '/api/properties/999999', allowed: EDITORS, ok: 404 },
  {
    method: 'POST',
    url: '/api/properties/duplicates',
    body: { address: 'Av. Providencia 1234', city_id: 13123, property_type_id: 2 },
    allowed: EDITORS,
    ok: 200,
  },
  // A proposal read from a text: nothing is written.
  {
    method: 'POST',
    url: '/api/properties/import',
    body: { text: 'Depto 3D 2B en Ñuñoa, UF 5.450' },
    allowed: EDITORS,
    ok: 200,
  },
  // A photo at a refused address: a 400 proves the caller got past the guard, nothing is stored.
  {
    method: 'POST',
    url: '/api/properties/import/photos',
    body: { urls: ['http://127.0.0.1/foto.jpg'] },
    allowed: EDITORS,
    ok: 400,
  },
  {
    method: 'POST',
    url: '/api/properties/import/thumbnail',
    body: { url: 'http://127.0.0.1/foto.jpg' },
    allowed: EDITORS,
    ok: 400,
  },
  { method: 'GET', url: '/api/properties/999999/visits', allowed: MEMBERS, ok: 404 },
  {
    method: 'POST',
    url: '/api/properties/999999/visits',
    body: { visited_at: '2026-01-01T12:00:00.000Z', visitor_id: 1 },
    allowed: EDITORS,
    ok: 404,
  },
  {
    method: 'PUT',
    url: '/api/visits/999999',
    body: {
      visited_at: '2026-01-01T12:00:00.000Z',
      visitor_id: 1,
      updated_at: '2026-01-01T12:00:00.000Z',
    },
    allowed: EDITORS,
    ok: 404,
  },
  { method: 'DELETE', url: '/api/visits/999999', allowed: EDITORS, ok: 404 },
  { method: 'GET', url: '/api/visits/upcoming', allowed: MEMBERS, ok: 200 },
  { method: 'GET', url: '/api/visits/visitors', allowed: MEMBERS, ok: 200 },
  { method: 'POST', url: '/api/photos/upload_url', body: ['casa.jpg'], allowed: EDITORS, ok: 200 },
  // Saved searches and alerts (ADR 053): every member; who may change a shared one is
  // saved-searches.test.ts's.
  { method: 'GET', url: '/api/saved-searches', allowed: MEMBERS, ok: 200 },
  {
    method: 'POST',
    url: '/api/saved-searches',
    body: { name: 'Matriz', scope: 'personal', filters: { rooms_min: '3' } },
    allowed: MEMBERS,
    ok: 201,
  },
  {
    method: 'PATCH',
    url: '/api/saved-searches/999999',
    body: { name: 'Otra' },
    allowed: MEMBERS,
    ok: 404,
  },
  { method: 'DELETE', url: '/api/saved-searches/999999', allowed: MEMBERS, ok: 404 },
  { method: 'POST', url: '/api/saved-searches/999999/opened', allowed: MEMBERS, ok: 404 },
  {
    method: 'PUT',
    url: '/api/saved-searches/999999/subscription',
    body: { subscribed: true },
    allowed: MEMBERS,
    ok: 404,
  },
  {
    method: 'PUT',
    url: '/api/users/me/locale',
    body: { locale: 'es-CL' },
    allowed: MEMBERS,
    ok: 200,
  },
  { method: 'GET', url: '/api/alerts', allowed: MEMBERS, ok: 200 },
  { method: 'GET', url: '/api/alerts/unread', allowed: MEMBERS, ok: 200 },
  { method: 'POST', url: '/api/alerts/999999/read', allowed: MEMBERS, ok: 404 },
  { method: 'POST', url: '/api/alerts/read-all', allowed: MEMBERS, ok: 200 },
  { method: 'GET', url: '/api/brokers', allowed: MEMBERS, ok: 200 },
  { method: 'GET', url: '/api/property-types', allowed: MEMBERS, ok: 200 },
  { method: 'GET', url: '/api/regions', allowed: MEMBERS, ok: 200 },
  // The UF prices are converted with: every member reads it (the header shows it, ADR 026).
  { method: 'GET', url: '/api/uf', allowed: MEMBERS, ok: 200 },
  { method: 'GET', url: '/api/uf/values', allowed: ADMINS, ok: 200 },
  // A value out of bounds: a 400 proves the caller got past the guard, and nothing is stored.
  {
    method: 'PUT',
    url: '/api/uf/values/2026-11-27',
    body: { value: 1 },
    allowed: ADMINS,
    ok: 400,
  },
];

const expected = (route: Route, caller: Caller) => {
  if (route.allowed === 'everyone') return route.ok;
  if (
    caller === 'anonymous' ||
    caller === 'bad signature' ||
    caller === 'expired' ||
    caller === 'wrong audience'
  ) {
    return 401;
  }
  if (caller === 'waitlisted') return 403;
  return route.allowed.includes(caller) ? route.ok : 403;
};

describe('auth matrix: every route × every kind of caller', () => {
  for (const route of ROUTES) {
    for (const caller of CALLERS) {
      const status = expected(route, caller);
      it(`${route.method} ${route.url} as ${caller} → ${status}`, async () => {
        const response = await t.inject(await token(caller), {
          method: route.method,
          url: route.url,
          ...(route.body === undefined ? {} : { payload: route.body as object }),
        });
        expect(response.statusCode, response.body).toBe(status);
        const body = response.json();
        expect(body.status).toBe(status < 400 ? 'success' : 'error');
        if (status === 401) expect(body.error.code).toBe('UNAUTHENTICATED');
        if (status === 403)
          expect(body.error.code).toBe(caller === 'waitlisted' ? 'WAITLISTED' : 'FORBIDDEN');
      });
    }
  }

  it('GET /api/users/me: 401 without a valid token, 403 for a non-member, 200 for members', async () => {
    for (const caller of CALLERS) {
      const response = await t.inject(await token(caller), { method: 'GET', url: '/api/users/me' });
      const want = ['viewer', 'editor', 'admin'].includes(caller)
        ? 200
        : caller === 'waitlisted'
          ? 403
          : 401;
      expect(response.statusCode, `${caller}: ${response.body}`).toBe(want);
      if (want === 200)
        expect(response.json().data).toMatchObject({
          email: PEOPLE[caller as 'admin'].email,
          role: caller,
        });
    }
  });
});

describe('token checks', () => {
  it('checks the token before the body: an anonymous bad body gets 401, not field errors', async () => {
    const response = await t.inject(null, {
      method: 'POST',
      url: '/api/properties/add',
      payload: { price: 'x' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.fieldErrors).toBeUndefined();
  });

  it('refuses a token signed by a key the issuer does not publish', async () => {
    const foreign = await t.tokenFor('admin', { foreignKey: true });
    const response = await t.inject(foreign, { method: 'GET', url: '/api/properties' });
    expect(response.statusCode).toBe(401);
  });

  it('refuses an HS256 token (algorithm not allowed), even with a valid-looking body', async () => {
    const hs = await t.tokenFor('admin', { alg: 'HS256' });
    const response = await t.inject(hs, { method: 'GET', url: '/api/properties' });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a token from another issuer', async () => {
    const other = await t.tokenFor('admin', { issuer: 'https://evil.example' });
    const response = await t.inject(other, { method: 'GET', url: '/api/properties' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toMatch(/iss/);
  });

  it('refuses a token that is not valid yet (nbf beyond the skew)', async () => {
    const early = await t.tokenFor('admin', { notBefore: 600 });
    const response = await t.inject(early, { method: 'GET', url: '/api/properties' });
    expect(response.statusCode).toBe(401);
  });

  it('tolerates small clock skew on exp', async () => {
    const justExpired = await t.tokenFor('admin', { expiresIn: -5 });
    const response = await t.inject(justExpired, { method: 'GET', url: '/api/properties' });
    expect(response.statusCode).toBe(200);
  });

  it('says the sign-in expired for an expired token', async () => {
    const expired = await t.tokenFor('admin', { expiresIn: -3600 });
    const response = await t.inject(expired, { method: 'GET', url: '/api/properties' });
    expect(response.json().message).toMatch(/expired/);
  });

  it('refuses a malformed Authorization header with a clear message', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/properties',
      headers: { authorization: 'Token abc' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toMatch(/Bearer/);
  });

  it('reads the Bearer scheme case-insensitively (RFC 9110)', async () => {
    const token = await t.tokenFor('viewer');
    for (const scheme of ['bearer', 'BEARER', 'bEaReR']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/properties',
        headers: { authorization: `${scheme} ${token}` },
      });
      expect(response.statusCode, scheme).toBe(200);
    }
  });

  it('refuses an account whose email the provider has not verified', async () => {
    const unverified = await t.issuer.mint({ ...PEOPLE.admin, email_verified: false });
    const response = await t.inject(unverified, { method: 'GET', url: '/api/properties' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/verified/);
  });

  it('takes email and name from userinfo when the token carries none, and caches it', async () => {
    const bare = await t.issuer.mint({ sub: PEOPLE.editor.sub });
    t.issuer.setUserinfo(bare, {
      sub: PEOPLE.editor.sub,
      email: PEOPLE.editor.email,
      email_verified: true,
      name: 'Elena',
    });
    const before = t.issuer.hits.userinfo;
    for (let i = 0; i < 3; i++) {
      const response = await t.inject(bare, { method: 'GET', url: '/api/users/me' });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ email: PEOPLE.editor.email, role: 'editor' });
    }
    expect(t.issuer.hits.userinfo - before).toBe(1);
  });

  it('refuses userinfo that belongs to another subject', async () => {
    const bare = await t.issuer.mint({ sub: 'sub-x' });
    t.issuer.setUserinfo(bare, { sub: 'sub-y', email: PEOPLE.admin.email, email_verified: true });
    const response = await t.inject(bare, { method: 'GET', url: '/api/users/me' });
    expect(response.statusCode).toBe(401);
  });

  it('fetches discovery and the key set once, not per request', async () => {
    const before = { ...t.issuer.hits };
    for (let i = 0; i < 5; i++) await t.inject('viewer', { method: 'GET', url: '/api/brokers' });
    expect(t.issuer.hits.discovery).toBe(before.discovery);
    expect(t.issuer.hits.jwks).toBe(before.jwks);
  });
});
