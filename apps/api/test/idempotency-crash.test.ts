// A keyed write whose process is killed (SIGKILL) right as its transaction commits, then replayed
// by a new process past the claim's timeout: the write is in once, and the replay answers what the
// first would have (ADR 043, 062). PostgreSQL only: the kill is timed by a proxy that sees the
// commit go by on its way to the database, and PGlite lives inside the process, with no connection
// to watch (ADR 023).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startIssuer, type TestIssuer } from '@bec/testkit/issuer';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { createTestDatabase } from './database.js';
import { AUDIENCE, PEOPLE, validProperty } from './helpers.js';
import { type ServerProcess, startServer } from './server-process.js';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.js';

const onPostgres = process.env.TEST_DB === 'postgres';
/** IDEMPOTENCY_CLAIM_TIMEOUT_SECONDS for these processes: a retry may take a claim over after 1 s. */
const CLAIM_TIMEOUT_S = 1;

const postgresAddress = () => {
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://127.0.0.1:5432');
  return { host: url.hostname, port: Number(url.port || 5432) };
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The property's insert, as Drizzle sends it; then the statement that ends its transaction. */
const INSERT_PROPERTY = /insert into "properties"/i;
const COMMIT = /\bcommit\b/i;

describe.skipIf(!onPostgres)(
  'a keyed write killed at its commit, replayed by a new process',
  () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    let proxy: TcpProxy;
    let issuer: TestIssuer;
    const dataDirs: string[] = [];
    const servers: ServerProcess[] = [];

    beforeAll(async () => {
      database = await createTestDatabase();
      proxy = await startTcpProxy(postgresAddress());
      issuer = await startIssuer(AUDIENCE);
    });

    afterAll(async () => {
      for (const server of servers) await server.stop();
      await Promise.allSettled([
        proxy?.close(),
        issuer?.close(),
        database?.destroy(),
        ...dataDirs.map((dir) => rm(dir, { recursive: true, force: true })),
      ]);
    });

    /** A production-like server on the test's database, through the proxy. */
    async function start() {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bec-crash-'));
      dataDirs.push(dataDir);
      const url = new URL(database.url ?? '');
      url.hostname = '127.0.0.1';
      url.port = String(proxy.port);
      const server = await startServer({
        env: {
          DATA_DIR: dataDir,
          DATABASE_URL: url.toString(),
          OIDC_ISSUER: issuer.issuer,
          OIDC_CLIENT_ID: 'bec-web',
          OIDC_AUDIENCE: AUDIENCE,
          ADMIN_EMAILS: PEOPLE.editor.email,
          SEED_DEMO: '0',
          UF_SOURCE: 'none',
          LOG_LEVEL: 'warn',
          IDEMPOTENCY_CLAIM_TIMEOUT_SECONDS: String(CLAIM_TIMEOUT_S),
        },
      });
      servers.push(server);
      return server;
    }

    async function add(server: ServerProcess, key: string, body: object) {
      const token = await issuer.mint({ email_verified: true, ...PEOPLE.editor });
      const response = await fetch(`${server.url}/api/properties/add`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'idempotency-key': key,
        },
        body: JSON.stringify(body),
      });
      return {
        status: response.status,
        replayed: response.headers.get('idempotent-replayed'),
        json: (await response.json()) as { status: string; message: string; data: { id: number } },
      };
    }

    /**
     * Kills `server` (SIGKILL) as soon as the connection that inserted a property sends the
     * statement that ends its transaction (`at: 'commit'`), or at the insert itself (`'insert'`):
     * the statement is already on its way to PostgreSQL, and the process gets no further.
     */
    function killAt(server: ServerProcess, at: 'insert' | 'commit') {
      const writing = new WeakSet<object>();
      let killed = false;
      proxy.tap((chunk, connection) => {
        if (killed) return;
        const text = chunk.toString('latin1');
        if (INSERT_PROPERTY.test(text)) writing.add(connection);
        const now =
          at === 'insert'
            ? INSERT_PROPERTY.test(text)
            : writing.has(connection) && COMMIT.test(text);
        if (!now) return;
        killed = true;
        process.kill(server.pid, 'SIGKILL');
      });
      return () => {
        proxy.tap(null);
        return killed;
      };
    }

    const rowsNamed = async (name: string) =>
      queryRows<{ id: number }>(
        database.handle.db,
        sql`select id from properties where name = ${name}`,
      );

    const keyRow = async (key: string) =>
      (
        await queryRows<{ status: number | null; body: string | null }>(
          database.handle.db,
          sql`select status, body from idempotency_keys where key = ${key}`,
        )
      )[0];

    it('killed as its write commits: the write and its answer are in; the replay answers it', async () => {
      const first = await start();
      const name = 'Muerta al confirmar';
      const key = randomUUID();
      const disarm = killAt(first, 'commit');
      const sent = await add(first, key, validProperty({ name })).then(
        (answer) => ({ answer }),
        (err: unknown) => ({ err }),
      );
      expect(disarm(), 'the kill fired').toBe(true);
      expect(sent, 'the client got no answer').toHaveProperty('err');
      await first.stop();

      // The write is in, once, and its answer with it: stored in the same transaction.
      const rows = await rowsNamed(name);
      expect(rows).toHaveLength(1);
      const stored = await keyRow(key);

      // A new process, after the claim's timeout: the stored answer, replayed; nothing written.
      await sleep(CLAIM_TIMEOUT_S * 1000 + 200);
      const second = await start();
      const replay = await add(second, key, validProperty({ name }));
      expect(await rowsNamed(name), 'the write ran once').toHaveLength(1);
      expect(stored?.status).toBe(201);
      expect(replay.status, JSON.stringify(replay.json)).toBe(201);
      expect(replay.replayed).toBe('true');
      expect(replay.json).toEqual({
        status: 'success',
        message: 'Property added successfully!',
        data: { id: rows[0]?.id },
      });
      expect(JSON.stringify(replay.json)).toBe(stored?.body);
      // What any add answers, the first one's included.
      const control = await add(second, randomUUID(), validProperty({ name: 'Control' }));
      expect(control.status).toBe(201);
      expect(Object.keys(control.json)).toEqual(Object.keys(replay.json));
      expect(await rowsNamed(name)).toHaveLength(1);
      await second.stop();
    });

    it('killed before its write commits: nothing is in; after the timeout the retry writes once', async () => {
      const first = await start();
      const name = 'Muerta antes de confirmar';
      const key = randomUUID();
      const disarm = killAt(first, 'insert');
      const sent = await add(first, key, validProperty({ name })).then(
        (answer) => ({ answer }),
        (err: unknown) => ({ err }),
      );
      expect(disarm(), 'the kill fired').toBe(true);
      expect(sent).toHaveProperty('err');
      await first.stop();
      expect(await rowsNamed(name)).toHaveLength(0);
      expect((await keyRow(key))?.status).toBeNull();

      await sleep(CLAIM_TIMEOUT_S * 1000 + 200);
      const second = await start();
      const retried = await add(second, key, validProperty({ name }));
      expect(retried.status, JSON.stringify(retried.json)).toBe(201);
      expect(retried.replayed).toBeNull();
      expect(await rowsNamed(name)).toHaveLength(1);
      const again = await add(second, key, validProperty({ name }));
      expect(again.replayed).toBe('true');
      expect(again.json).toEqual(retried.json);
      await second.stop();
    });
  },
);
