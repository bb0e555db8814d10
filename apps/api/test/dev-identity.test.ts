import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createTestDatabase } from './database.js';
import { refresh, signInWithDevProvider, startSignIn } from './dev-signin-flow.js';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

let dataDir: string;
let base: string;
let app: App;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let env: Record<string, string>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'bec-dev-oidc-'));
  const port = await freePort();
  base = `http://localhost:${port}`;
  env = {
    PORT: String(port),
    HOST: 'localhost',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
  };
  database = await createTestDatabase();
  app = await buildApp({
    config: loadConfig(env),
    database: database.handle,
    logger: false,
    webRoot: null,
  });
  await app.listen({ host: 'localhost', port });
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
  await rm(dataDir, { recursive: true, force: true });
});

const me = (token: string, target: App = app) =>
  target.inject({
    method: 'GET',
    url: '/api/users/me',
    headers: { authorization: `Bearer ${token}` },
  });

describe('the embedded development provider', () => {
  it('publishes discovery at /oidc with the issuer the SPA is told about', async () => {
    const discovery = (await (
      await fetch(`${base}/oidc/.well-known/openid-configuration`)
    ).json()) as Record<string, unknown>;
    const config = (
      (await (await fetch(`${base}/api/config`)).json()) as { data: { oidc: { issuer: string } } }
    ).data;
    expect(config).toMatchObject({
      dev_signin: true,
      oidc: { issuer: `${base}/oidc`, client_id: 'bec-web' },
    });
    expect(discovery.issuer).toBe(config.oidc.issuer);
    expect(discovery.code_challenge_methods_supported).toContain('S256');
    expect(discovery.end_session_endpoint).toBe(`${base}/oidc/session/end`);
  });

  it('shows a sign-in page that says it stands in for Google and lists the seeded accounts', async () => {
    const { signInPage } = await signInWithDevProvider(base, { email: 'admin@bec.local' });
    expect(signInPage).toMatch(/stands in for Google/);
    for (const email of [
      'admin@bec.local',
      'editor@bec.local',
      'viewer@bec.local',
      'guest@bec.local',
    ]) {
      expect(signInPage).toContain(email);
    }
  });

  it('signs each seeded member in with a JWT access token for the API audience', async () => {
    for (const [email, role] of [
      ['admin@bec.local', 'admin'],
      ['editor@bec.local', 'editor'],
      ['viewer@bec.local', 'viewer'],
    ] as const) {
      const { tokens, state } = await signInWithDevProvider(base, { email });
      expect(state).toBe('state-123');
      expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({
        alg: 'RS256',
        typ: 'at+jwt',
      });
      expect(decodeJwt(tokens.access_token)).toMatchObject({
        aud: `${base}/api`,
        iss: `${base}/oidc`,
        email,
      });
      const response = await me(tokens.access_token);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toMatchObject({ email, role });
    }
  });

  it('puts the non-member and any new account on the waitlist', async () => {
    const guest = await signInWithDevProvider(base, { email: 'guest@bec.local' });
    expect((await me(guest.tokens.access_token)).statusCode).toBe(403);
    const anyone = await signInWithDevProvider(base, {
      email: 'Camila.Rojas@Example.cl',
      name: 'Camila Rojas',
    });
    const refused = await me(anyone.tokens.access_token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('WAITLISTED');

    const admin = await signInWithDevProvider(base, { email: 'admin@bec.local' });
    const waitlist = await app.inject({
      method: 'GET',
      url: '/api/waitlist',
      headers: { authorization: `Bearer ${admin.tokens.access_token}` },
    });
    expect(waitlist.json().data.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: 'guest@bec.local', name: 'Gabriel Guest' }),
        expect.objectContaining({ email: 'camila.rojas@example.cl', name: 'Camila Rojas' }),
      ]),
    );
  });

  it('renews with the refresh token', async () => {
    const { tokens } = await signInWithDevProvider(base, { email: 'editor@bec.local' });
    expect(tokens.refresh_token).toBeTruthy();
    const renewed = await refresh(base, tokens.refresh_token ?? '');
    expect(renewed.access_token).toBeTruthy();
    expect(renewed.access_token).not.toBe(tokens.access_token);
    expect((await me(renewed.access_token)).json().data.role).toBe('editor');
  });

  it('re-shows the page with a message for a bad email, writing nothing', async () => {
    const { browser, signInUrl, form } = await startSignIn(base);
    const response = await browser(signInUrl, form({ email: 'not-an-email', name: '<b>x</b>' }));
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('Enter a valid email address.');
    expect(html).toContain('value="not-an-email"');
    expect(html).not.toContain('<b>x</b>');
  });

  it('goes back to the app with access_denied when the person cancels', async () => {
    const { browser, signInUrl } = await startSignIn(base);
    let response = await browser(`${signInUrl}/abort`, { method: 'POST' });
    let location = response.headers.get('location') ?? '';
    for (let hops = 0; location && !location.includes('/auth/callback') && hops < 5; hops++) {
      response = await browser(new URL(location, base).toString());
      location = response.headers.get('location') ?? '';
    }
    const callback = new URL(location);
    expect(callback.pathname).toBe('/auth/callback');
    expect(callback.searchParams.get('error')).toBe('access_denied');
  });

  it('refuses a sign-in attempt that was already used, with a clear page', async () => {
    const { signInUrl, browser } = await signInWithDevProvider(base, { email: 'viewer@bec.local' });
    const stale = await browser(signInUrl);
    expect(stale.status).toBe(400);
    expect(await stale.text()).toMatch(/expired or was already used/);
  });

  it('refuses its tokens when the signature is altered', async () => {
    const { tokens } = await signInWithDevProvider(base, { email: 'admin@bec.local' });
    const [h, p, s] = tokens.access_token.split('.');
    const altered = `${h}.${p}.${s?.startsWith('A') ? `B${s.slice(1)}` : `A${s?.slice(1)}`}`;
    const response = await me(altered);
    expect(response.statusCode).toBe(401);
  });

  it('refuses its tokens where OIDC_AUDIENCE differs, and still accepts them after a restart', async () => {
    const { tokens } = await signInWithDevProvider(base, { email: 'admin@bec.local' });
    // A second process on the same DATA_DIR (same persisted keys), first with another audience.
    const other = await createTestDatabase();
    const elsewhere = await buildApp({
      config: loadConfig({ ...env, OIDC_AUDIENCE: 'https://elsewhere.example/api' }),
      database: other.handle,
      logger: false,
      webRoot: null,
    });
    const refused = await me(tokens.access_token, elsewhere);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toMatch(/aud/);
    await elsewhere.close();

    const restarted = await buildApp({
      config: loadConfig(env),
      database: other.handle,
      logger: false,
      webRoot: null,
    });
    const accepted = await me(tokens.access_token, restarted);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.role).toBe('admin');
    await restarted.close();
    await other.destroy();
  });

  it('keeps sessions across a restart: a refresh token issued before still renews after', async () => {
    const { tokens } = await signInWithDevProvider(base, { email: 'viewer@bec.local' });
    await app.close();
    app = await buildApp({
      config: loadConfig(env),
      database: database.handle,
      logger: false,
      webRoot: null,
    });
    await app.listen({ host: 'localhost', port: Number(env.PORT) });
    const renewed = await refresh(base, tokens.refresh_token ?? '');
    expect(renewed.access_token, JSON.stringify(renewed)).toBeTruthy();
    expect((await me(renewed.access_token)).json().data.email).toBe('viewer@bec.local');
  });
});
