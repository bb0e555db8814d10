import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Locale } from '@bec/contracts';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import {
  DEV_CATALOGUES,
  type DevTextKey,
  devTexts,
} from '../src/plugins/app/dev-identity/dev-texts.js';
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
    expect(signInPage).toMatch(/reemplaza a Google/);
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
    expect(html).toContain('Escribe un correo electrónico válido.');
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
    expect(await stale.text()).toMatch(/venció o ya se usó/);
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

/** What a page of the provider answered: its status, its `<html lang>` and its HTML. */
async function read(response: Response) {
  const html = await response.text();
  return { status: response.status, lang: /<html lang="([^"]*)">/.exec(html)?.[1], html };
}

/** Whether `text` appears in `html` as whole words ("Cancel" is not in "Cancelar"). */
const hasWords = (html: string, text: string) =>
  new RegExp(`(?<!\\p{L})${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\p{L})`, 'u').test(html);

/** The sign-in page's texts in `locale`, as its catalogue words them (errors aside). */
function signInTexts(locale: Locale) {
  const { t } = devTexts(locale);
  return (Object.keys(DEV_CATALOGUES.en) as DevTextKey[])
    .filter((key) => /^(signIn|account|language)\./.test(key))
    .filter((key) => key !== 'signIn.invalidEmail' && key !== 'signIn.nameTooLong')
    .map((key) => t(key, { client: 'BEC', language: t('language.other') }));
}

describe('the development sign-in pages in es-CL and en', () => {
  it('have the same texts in both catalogues, none empty', () => {
    expect(Object.keys(DEV_CATALOGUES['es-CL']).sort()).toEqual(
      Object.keys(DEV_CATALOGUES.en).sort(),
    );
    for (const catalogue of Object.values(DEV_CATALOGUES)) {
      for (const text of Object.values(catalogue)) expect(text.trim()).not.toBe('');
    }
  });

  it('shows the sign-in page in Spanish by default, every control named in Spanish', async () => {
    const { browser, signInUrl } = await startSignIn(base);
    const page = await read(await browser(signInUrl));
    expect(page.status).toBe(200);
    expect(page.lang).toBe('es-CL');
    for (const text of signInTexts('es-CL')) expect(page.html).toContain(text);
    for (const text of signInTexts('en')) expect(hasWords(page.html, text), text).toBe(false);
    expect(page.html).toContain('<label for="email">Correo electrónico</label>');
    expect(page.html).toContain('<label for="name">Nombre</label>');
    expect(page.html).toContain('type="submit">Iniciar sesión</button>');
    expect(page.html).toContain('type="submit">Cancelar</button>');
    // The other language, offered by a link named in it.
    const uid = new URL(signInUrl).pathname.split('/').pop();
    expect(page.html).toContain(
      `<nav class="language" aria-label="Idioma"><a href="/dev-signin/${uid}?lang=en" hreflang="en" aria-label="Cambiar el idioma a English"><span lang="en">English</span></a></nav>`,
    );
  });

  it("follows the app's language (ui_locales), else the browser's (Accept-Language)", async () => {
    for (const [options, lang] of [
      [{ uiLocales: 'en' }, 'en'],
      [{ uiLocales: 'en-US es' }, 'en'],
      [{ languages: 'fr-CA, en-GB;q=0.8, es;q=0.5' }, 'en'],
      [{ languages: 'en;q=0, es-AR' }, 'es-CL'],
      // The app's choice wins over the browser's.
      [{ uiLocales: 'es-CL', languages: 'en-US,en;q=0.9' }, 'es-CL'],
      [{ uiLocales: 'fr', languages: 'de, en;q=0.1' }, 'en'],
      [{ uiLocales: 'fr', languages: 'de' }, 'es-CL'],
    ] as const) {
      const { browser, signInUrl } = await startSignIn(base, options);
      const page = await read(await browser(signInUrl));
      expect(page.lang, JSON.stringify(options)).toBe(lang);
      for (const text of signInTexts(lang)) expect(page.html).toContain(text);
    }
  });

  it('in English: every control named in English, the link back to Spanish, and a refused submission stays in English', async () => {
    const { browser, signInUrl, form } = await startSignIn(base, { uiLocales: 'en' });
    const page = await read(await browser(signInUrl));
    expect(page.lang).toBe('en');
    for (const text of signInTexts('es-CL')) expect(hasWords(page.html, text), text).toBe(false);
    expect(page.html).toContain('<label for="email">Email</label>');
    expect(page.html).toContain('<label for="name">Name</label>');
    expect(page.html).toContain('type="submit">Sign in</button>');
    expect(page.html).toContain('type="submit">Cancel</button>');
    expect(page.html).toMatch(
      /<nav class="language" aria-label="Language"><a href="\/dev-signin\/[^"?]+\?lang=es-CL" hreflang="es-CL" aria-label="Switch the language to Español \(Chile\)"><span lang="es-CL">Español \(Chile\)<\/span><\/a><\/nav>/,
    );
    // Its forms carry the page's language.
    expect(page.html).toContain(`action="${new URL(signInUrl).pathname}?lang=en"`);
    const refused = await read(
      await browser(`${signInUrl}?lang=en`, form({ email: 'nope', name: 'x'.repeat(10) })),
    );
    expect(refused.status).toBe(400);
    expect(refused.lang).toBe('en');
    expect(refused.html).toContain('Enter a valid email address.');
    const tooLong = await read(
      await browser(`${signInUrl}?lang=en`, form({ email: 'a@b.cl', name: 'x'.repeat(101) })),
    );
    expect(tooLong.html).toContain('The name must be at most 100 characters.');
  });

  it('switches language by its link, whatever the app asked for', async () => {
    const { browser, signInUrl } = await startSignIn(base, { uiLocales: 'es-CL' });
    const english = await read(await browser(`${signInUrl}?lang=en`));
    expect(english.lang).toBe('en');
    expect(english.html).toContain('>Sign in to BEC</h1>');
    const spanish = await read(await browser(`${signInUrl}?lang=es-CL`));
    expect(spanish.lang).toBe('es-CL');
    expect(spanish.html).toContain('>Inicia sesión en BEC</h1>');
  });

  it('refuses a language it does not speak with a 400 naming lang', async () => {
    const { browser, signInUrl } = await startSignIn(base, { languages: 'en' });
    for (const lang of ['fr', 'es', '']) {
      const page = await read(await browser(`${signInUrl}?lang=${lang}`));
      expect(page.status).toBe(400);
      expect(page.lang).toBe('en');
      expect(page.html).toContain('The language (lang) must be one of: es-CL, en.');
    }
  });

  it('words the expired, error and sign-out pages in the chosen language too', async () => {
    const expired = (languages?: string) =>
      fetch(`${base}/dev-signin/no-such-attempt`, {
        headers: languages ? { 'accept-language': languages } : {},
      }).then(read);
    expect(await expired()).toMatchObject({ status: 400, lang: 'es-CL' });
    expect((await expired()).html).toContain(
      'Este intento de inicio de sesión venció o ya se usó.',
    );
    expect(await expired('en-US')).toMatchObject({ status: 400, lang: 'en' });
    expect((await expired('en-US')).html).toContain('This sign-in attempt has expired');

    // The provider's own error (an unknown client), its detail as it gives it.
    const failed = await read(await fetch(`${base}/oidc/auth?client_id=nobody`));
    expect(failed.lang).toBe('es-CL');
    expect(failed.html).toContain('No se pudo iniciar sesión');
    expect(failed.html).toContain('El servicio de inicio de sesión respondió:');

    // Signing out of a session asks to confirm, in the language the app asks for.
    const signOut = async (query: string) => {
      const { browser } = await signInWithDevProvider(base, { email: 'viewer@bec.local' });
      return read(await browser(`${base}/oidc/session/end${query}`));
    };
    const spanish = await signOut('');
    expect(spanish.lang).toBe('es-CL');
    expect(spanish.html).toContain('¿Cerrar tu sesión en BEC?');
    expect(spanish.html).toContain('name="logout">Cerrar sesión</button>');
    expect(spanish.html).toContain('form="op.logoutForm">Mantener la sesión</button>');
    const english = await signOut('?ui_locales=en');
    expect(english.lang).toBe('en');
    expect(english.html).toContain('Sign out of BEC?');
    expect(english.html).toContain('name="logout">Sign out</button>');
    expect(english.html).toContain('form="op.logoutForm">Stay signed in</button>');
  });

  it('says in its discovery which languages its pages speak', async () => {
    const discovery = (await (
      await fetch(`${base}/oidc/.well-known/openid-configuration`)
    ).json()) as Record<string, unknown>;
    expect(discovery.ui_locales_supported).toEqual(['es-CL', 'en']);
  });
});
