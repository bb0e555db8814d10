import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type IssuerOptions, type MintOptions, startIssuer } from '@bec/testkit/issuer';
import { smallPng } from '@bec/testkit/photo-fixtures';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { type BuildAppOptions, buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Resolver } from '../src/lib/safe-fetch.js';
import { createUsersService } from '../src/modules/users/users.service.js';
import { createTestDatabase, type TestDatabaseOptions } from './database.js';

export const AUDIENCE = 'bec-api-test';

/** Seeded members, one per role; `stranger` has a valid token but no membership. */
export const PEOPLE = {
  admin: { sub: 'sub-admin', email: 'admin@bec.test', name: 'Ana Admin' },
  editor: { sub: 'sub-editor', email: 'editor@bec.test', name: 'Elena Editora' },
  viewer: { sub: 'sub-viewer', email: 'viewer@bec.test', name: 'Víctor Viewer' },
  stranger: { sub: 'sub-stranger', email: 'stranger@bec.test', name: 'Sofía Stranger' },
} as const;
export type Person = keyof typeof PEOPLE;

type SetupOptions = {
  /** Extra environment, or a function making it once the file's other servers run (S3). */
  env?: Record<string, string> | (() => Promise<Record<string, string>>);
  issuer?: IssuerOptions;
  /** How the app reaches its database, read when the file's servers run (a fault proxy). */
  database?: () => TestDatabaseOptions;
  /** A built web app to serve (a test's own temporary folder); none by default. */
  webRoot?: string;
  /** The link import's resolver, instead of the system's: names that resolve where a test says. */
  resolveHost?: Resolver;
  /** More of buildApp's options (the alert mail's: its transport, its jobs off; a logger). */
  build?: Pick<BuildAppOptions, 'mailTransport' | 'mailJobs' | 'logger'>;
};

/**
 * One app per test file on a fresh database, a real issuer, and the three seeded members.
 * Call at the top of a file; use the returned accessors inside tests.
 */
export function setupApp(options: SetupOptions = {}) {
  let state: Awaited<ReturnType<typeof start>> | null = null;

  async function start() {
    const issuer = await startIssuer(AUDIENCE, options.issuer);
    const database = await createTestDatabase({ migrated: true, ...options.database?.() });
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bec-api-test-'));
    const extra = typeof options.env === 'function' ? await options.env() : options.env;
    const config = loadConfig({
      OIDC_ISSUER: issuer.issuer,
      OIDC_CLIENT_ID: 'bec-web',
      OIDC_AUDIENCE: AUDIENCE,
      SEED_DEMO: '0',
      // No test reaches the internet: the UF job's tests point a source at their own fake.
      UF_SOURCE: 'none',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      // A suite sends hundreds of requests as one member in a second (the fuzz, the matrix): limits
      // far above that, yet on, so every request passes the limiter. rate-limit.test.ts sets its own.
      RATE_LIMIT_ACCOUNT_PER_MINUTE: '1000000',
      RATE_LIMIT_ACCOUNT_BURST: '100000',
      RATE_LIMIT_ADDRESS_PER_MINUTE: '1000000',
      RATE_LIMIT_ADDRESS_BURST: '100000',
      ...extra,
    });
    const app = await buildApp({
      config,
      database: database.handle,
      logger: false,
      webRoot: options.webRoot ?? null,
      ...(options.resolveHost ? { resolveHost: options.resolveHost } : {}),
      ...options.build,
    });
    const users = createUsersService(database.handle.db, { adminEmails: [] });
    const ids = {} as Record<Exclude<Person, 'stranger'>, number>;
    for (const role of ['admin', 'editor', 'viewer'] as const) {
      const p = PEOPLE[role];
      ids[role] = (await users.upsertByEmail(p.email, role, p.name)).id;
    }
    return { issuer, database, app, ids, dataDir, config };
  }

  beforeAll(async () => {
    state = await start();
  });
  afterAll(async () => {
    await state?.app.close();
    await state?.database.destroy();
    await state?.issuer.close();
    if (state) await rm(state.dataDir, { recursive: true, force: true });
  });

  const get = () => {
    if (!state) throw new Error('setupApp: used outside a test');
    return state;
  };

  /** A valid access token for a person (or any claims), as the identity provider would issue. */
  const tokenFor = (who: Person | Record<string, unknown>, mint: MintOptions = {}) => {
    const claims = typeof who === 'string' ? PEOPLE[who] : who;
    return get().issuer.mint({ email_verified: true, ...claims }, mint);
  };

  /** `app.inject` with a bearer token and JSON content type, like the SPA sends. */
  const inject = async (who: Person | null | string, options: InjectOptions) => {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      ...(options.headers as object),
    };
    if (who !== null) {
      headers.authorization = `Bearer ${who in PEOPLE ? await tokenFor(who as Person) : who}`;
    }
    return get().app.inject({ ...options, headers });
  };

  return {
    get app() {
      return get().app;
    },
    get db() {
      return get().database.handle;
    },
    /** PostgreSQL only: the test database's direct address, bypassing any proxy. */
    get databaseUrl() {
      return get().database.url;
    },
    get issuer() {
      return get().issuer;
    },
    get ids() {
      return get().ids;
    },
    get dataDir() {
      return get().dataDir;
    },
    get config() {
      return get().config;
    },
    tokenFor,
    inject,
  };
}

import { validProperty } from '@bec/testkit/property-fixture';

export { validProperty };

type TestApp = ReturnType<typeof setupApp>;

/** Adds a valid property (with `overrides`) as the editor; answers its id, failing on anything but 201. */
export async function addProperty(t: TestApp, overrides: Record<string, unknown> = {}) {
  const added = await t.inject('editor', {
    method: 'POST',
    url: '/api/properties/add',
    payload: validProperty(overrides),
  });
  expect(added.statusCode, added.body).toBe(201);
  return added.json().data.id as number;
}

/** Uploads a small PNG through its signed local URL, as the browser would; answers its path. */
export async function uploadPng(t: TestApp, label: string) {
  const png = await smallPng();
  const signed = await t.inject('editor', {
    method: 'POST',
    url: '/api/photos/upload_url',
    payload: [{ name: `${label}.png`, content_type: 'image/png', size: png.length }],
  });
  const [entry] = signed.json().data as { url: string; path: string }[];
  if (!entry) throw new Error('no upload URL was issued');
  // Local upload URLs are paths on the API's own origin.
  const put = await t.app.inject({
    method: 'PUT',
    url: entry.url,
    headers: { 'content-type': 'image/png', 'content-length': String(png.length) },
    payload: png,
  });
  expect(put.statusCode).toBe(200);
  return entry.path;
}
