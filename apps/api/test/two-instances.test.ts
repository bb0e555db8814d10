// Two real server processes on one PostgreSQL database and one S3 bucket, with an external
// OpenID issuer, behind a round-robin balancer written here: what "several instances" (ADR 023)
// promises, end to end. PostgreSQL only: PGlite is one process's database.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { startIssuer, type TestIssuer } from '@bec/testkit/issuer';
import { smallPng } from '@bec/testkit/photo-fixtures';
import { validProperty } from '@bec/testkit/property-fixture';
import { startS3rver } from '@bec/testkit/s3rver';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATION_LOCK, queryRows } from '../src/db/client.js';
import { chileDate } from '../src/lib/chile-date.js';
import { createTestDatabase } from './database.js';
import { type FakeUfSource, mindicadorSeries, startFakeUfSource } from './fake-uf-source.js';
import { type LogLine, type ServerProcess, startServer } from './server-process.js';

const onPostgres = process.env.TEST_DB === 'postgres';
const AUDIENCE = 'bec-api-test';
const BUCKET = 'bec-photos';
const ADMIN = { sub: 'sub-ana', email: 'ana@bec.test', name: 'Ana Admin', email_verified: true };
const JOURNAL = JSON.parse(
  readFileSync(new URL('../src/db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: unknown[] };

// biome-ignore lint/suspicious/noConsole: the timings are meant to be read in the test output
const figure = (line: string) => console.info(`[two instances] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` every 100 ms until it answers true; fails with `what` after `limitMs`. */
async function until(what: string, probe: () => Promise<boolean>, limitMs = 15_000) {
  const end = Date.now() + limitMs;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

type Backend = 'a' | 'b';

/**
 * The load balancer: each request goes to the next backend in turn, or to the one its
 * `x-backend` header names (a pinned request, to make a cross-process step explicit). Answers say
 * which backend served them in `x-backend`. No stickiness of any kind.
 */
async function startBalancer() {
  const backends = new Map<Backend, string>();
  const agent = new http.Agent({ keepAlive: true });
  let turn = 0;
  const server = http.createServer((req, res) => {
    const names = [...backends.keys()];
    const pinned = req.headers['x-backend'];
    const name =
      typeof pinned === 'string' && backends.has(pinned as Backend)
        ? (pinned as Backend)
        : names[turn++ % names.length];
    const base = name && backends.get(name);
    if (!name || !base) {
      res.writeHead(502).end();
      return;
    }
    const target = new URL(req.url ?? '/', base);
    const upstream = http.request(
      target,
      { method: req.method, headers: req.headers, agent },
      (answer) => {
        const { connection: _c, 'keep-alive': _k, ...headers } = answer.headers;
        res.writeHead(answer.statusCode ?? 502, { ...headers, 'x-backend': name });
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    add: (name: Backend, url: string) => backends.set(name, url),
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function startS3() {
  const { endpoint, close } = await startS3rver([BUCKET]);
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return {
    endpoint,
    exists: (key: string) =>
      client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key })).then(
        () => true,
        (err: { name?: string }) => {
          if (err.name === 'NotFound') return false;
          throw err;
        },
      ),
    close: async () => {
      client.destroy();
      await close();
    },
  };
}

describe.skipIf(!onPostgres)(
  'two API processes behind a balancer (PostgreSQL only: PGlite is one process’s database)',
  () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    let s3: Awaited<ReturnType<typeof startS3>>;
    let issuer: TestIssuer;
    let uf: FakeUfSource;
    let balancer: Awaited<ReturnType<typeof startBalancer>>;
    const dataDirs: string[] = [];
    const servers = {} as Record<Backend, ServerProcess>;
    /** Both starts, settled (never rejects): afterAll waits for a start still under way. */
    let starting: Promise<PromiseSettledResult<ServerProcess>[]> = Promise.resolve([]);
    const today = chileDate(new Date());

    beforeAll(async () => {
      // One after the other, so that afterAll closes whatever started before a failure.
      database = await createTestDatabase();
      s3 = await startS3();
      issuer = await startIssuer(AUDIENCE);
      uf = await startFakeUfSource(() => ({
        json: mindicadorSeries([{ date: today, value: 39_643.59 }]),
      }));
      balancer = await startBalancer();
    });

    afterAll(async () => {
      // Every process is stopped even when a test failed, or a start that failed the first test
      // finished after it (server-process.ts also kills what is left if this process exits).
      for (const r of await starting) if (r.status === 'fulfilled') await r.value.stop();
      await Promise.allSettled([
        balancer?.close(),
        s3?.close(),
        issuer?.close(),
        uf?.close(),
        database?.destroy(),
        ...dataDirs.map((dir) => rm(dir, { recursive: true, force: true })),
      ]);
    });

    const sharedSecret = randomBytes(32).toString('hex');
    /** Production mode; the same settings for both but DATA_DIR, which nothing shares. */
    const envOf = async (): Promise<Record<string, string>> => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bec-two-'));
      dataDirs.push(dataDir);
      return {
        DATA_DIR: dataDir,
        DATABASE_URL: database.url ?? '',
        STORAGE: 's3',
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: s3.endpoint,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: '1',
        OIDC_ISSUER: issuer.issuer,
        OIDC_CLIENT_ID: 'bec-web',
        OIDC_AUDIENCE: AUDIENCE,
        URL_SIGNING_SECRET: sharedSecret,
        PUBLIC_URL: balancer.url,
        ADMIN_EMAILS: ADMIN.email,
        SEED_DEMO: '0',
        // Debug: each collection run logs a line, so the test sees both processes run it.
        LOG_LEVEL: 'debug',
        UF_SOURCE: 'mindicador',
        UF_SOURCE_URL: uf.url,
        UPLOAD_COLLECTION_SECONDS: '1',
      };
    };

    let token = '';
    /** A call through the balancer, pinned to one backend or taking its turn. */
    async function call(backend: Backend | null, method: string, url: string, body?: unknown) {
      const response = await fetch(`${balancer.url}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(backend ? { 'x-backend': backend } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return {
        status: response.status,
        servedBy: response.headers.get('x-backend'),
        json: text ? JSON.parse(text) : null,
        text,
      };
    }

    /** An upload URL issued through `backend`, and the file PUT straight to S3 with it. */
    async function upload(backend: Backend, name: string) {
      const png = await smallPng();
      const signed = await call(backend, 'POST', '/api/photos/upload_url', [
        { name, content_type: 'image/png', size: png.length },
      ]);
      expect(signed.status, signed.text).toBe(200);
      expect(signed.servedBy).toBe(backend);
      const [entry] = signed.json.data as {
        url: string;
        path: string;
        headers: Record<string, string>;
      }[];
      if (!entry) throw new Error('no upload URL');
      expect(entry.url.startsWith(s3.endpoint)).toBe(true);
      const put = await fetch(entry.url, {
        method: 'PUT',
        body: new Uint8Array(png),
        headers: { ...entry.headers, 'content-type': 'image/png' },
      });
      expect(put.status).toBe(200);
      return { key: entry.path, png };
    }

    const linesOf = (backend: Backend, match: (line: LogLine) => boolean) =>
      servers[backend].logs().filter(match);

    it('start at the same moment on an empty database: one migrates under the lock, both become ready', async () => {
      // The test holds the migration lock first, so both processes certainly meet at it.
      const holder = new pg.Client({ connectionString: database.url ?? '' });
      await holder.connect();
      const started = performance.now();
      try {
        await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        const [envA, envB] = await Promise.all([envOf(), envOf()]);
        starting = Promise.allSettled([startServer({ env: envA }), startServer({ env: envB })]);
        const waiting = async () => {
          const [row] = await queryRows<{ n: number }>(
            database.handle.db,
            sql`select count(*)::int as n from pg_locks
              where locktype = 'advisory' and objid = ${MIGRATION_LOCK}::bigint::oid and not granted
                and database = (select oid from pg_database where datname = current_database())`,
          );
          return row?.n === 2;
        };
        await until('both processes waiting for the migration lock', waiting, 30_000);
        figure(
          `both waiting at the migration lock ${Math.round(performance.now() - started)} ms after the spawn`,
        );
      } finally {
        await holder.end();
      }
      const results = await starting;
      for (const r of results) if (r.status === 'rejected') throw r.reason;
      const [a, b] = results.map((r) => (r as PromiseFulfilledResult<ServerProcess>).value);
      if (!a || !b) throw new Error('a server did not start');
      Object.assign(servers, { a, b });
      balancer.add('a', a.url);
      balancer.add('b', b.url);
      figure(`both ready ${Math.round(performance.now() - started)} ms after the spawn`);

      // Each logged that it waited for the lock; exactly one applied the migrations, all of them.
      for (const s of [a, b])
        await s.waitForLog((l) => /waiting for its migration lock/.test(String(l.msg)));
      const applied = [a, b].map(
        (s) =>
          s.logs().find((l) => /^Applied \d+ database migrations?$/.test(String(l.msg)))
            ?.migrations,
      );
      expect(applied.sort()).toEqual([JOURNAL.entries.length, undefined]);

      const migrations = await queryRows<{ hash: string; n: number }>(
        database.handle.db,
        sql`select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash`,
      );
      expect(migrations).toHaveLength(JOURNAL.entries.length);
      expect(migrations.every((m) => m.n === 1)).toBe(true);
      // Both seeded the reference data at once: upserts, nothing doubled.
      const [types] = await queryRows<{ n: number }>(
        database.handle.db,
        sql`select count(*)::int as n from property_types`,
      );
      expect(types?.n).toBe(8);
    });

    it('signs in with the external issuer’s token on either process, with no stickiness', async () => {
      token = await issuer.mint(ADMIN);
      const first = await call('a', 'GET', '/api/users/me');
      expect(first.status, first.text).toBe(200);
      expect(first.json.data).toMatchObject({ email: ADMIN.email, role: 'admin' });
      // The member A made (ADMIN_EMAILS) is B's too: the database is all they share.
      const second = await call('b', 'GET', '/api/users/me');
      expect(second.status, second.text).toBe(200);
      expect(second.json.data.id).toBe(first.json.data.id);

      const turns: (string | null)[] = [];
      for (let i = 0; i < 4; i++) {
        const answer = await call(null, 'GET', '/api/users/me');
        expect(answer.status).toBe(200);
        turns.push(answer.servedBy);
      }
      expect([...new Set(turns)].sort()).toEqual(['a', 'b']);
      expect(turns.every((b, i) => i === 0 || b !== turns[i - 1])).toBe(true);
    });

    it('uploads through A, attaches through B, and both serve the photo', async () => {
      const { key, png } = await upload('a', 'front.png');
      const added = await call(
        'b',
        'POST',
        '/api/properties/add',
        validProperty({ photos: [key] }),
      );
      expect(added.status, added.text).toBe(201);
      const id = added.json.data.id as number;

      for (const backend of ['a', 'b'] as const) {
        const detail = await call(backend, 'GET', `/api/properties/${id}`);
        expect(detail.status).toBe(200);
        const [photo] = detail.json.data.photo_urls as {
          thumbnail_url: string;
          original_url: string;
        }[];
        if (!photo) throw new Error('no photo');
        for (const [variant, link] of [
          ['card', photo.thumbnail_url],
          ['original', photo.original_url],
        ] as const) {
          const answer = await fetch(new URL(link, balancer.url), {
            redirect: 'manual',
            headers: { 'x-backend': backend },
          });
          expect(answer.headers.get('x-backend')).toBe(backend);
          expect(answer.status, `${variant} through ${backend}`).toBe(302);
          const location = answer.headers.get('location') ?? '';
          expect(location.startsWith(s3.endpoint)).toBe(true);
          const bytes = Buffer.from(await (await fetch(location)).arrayBuffer());
          if (variant === 'original') expect(bytes.equals(png)).toBe(true);
          else expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
        }
      }
      expect(await s3.exists(key)).toBe(true);
    });

    it('collects an expired, never-attached upload once, while both processes run the collection', async () => {
      const { key } = await upload('b', 'never-attached.png');
      expect(await s3.exists(key)).toBe(true);
      // Issued a day and an hour ago, as far as the collection can tell.
      await database.handle.db.execute(
        sql`update uploads set issued_at = now() - interval '25 hours' where key = ${key}`,
      );
      const row = async () =>
        (await queryRows(database.handle.db, sql`select 1 from uploads where key = ${key}`)).length;

      const aged = performance.now();
      await until(
        'the upload to be collected',
        async () => !(await s3.exists(key)) && (await row()) === 0,
      );
      figure(`collected ${Math.round(performance.now() - aged)} ms after it expired`);

      const collected = (b: Backend) =>
        linesOf(b, (l) => Array.isArray(l.keys) && (l.keys as string[]).includes(key));
      await until(
        'the collection log line',
        async () => collected('a').length + collected('b').length > 0,
      );
      const [line, ...more] = [...collected('a'), ...collected('b')];
      expect(more).toEqual([]);
      expect(line).toMatchObject({ collected: 1, keys: [key] });
      // The other process ran the same tick's collection and found nothing to collect.
      const by: Backend = collected('a').length ? 'a' : 'b';
      const other: Backend = by === 'a' ? 'b' : 'a';
      const idle = await servers[other].waitForLog(
        (l) => l.tick === line?.tick && l.collected === 0,
        5_000,
      );
      const after = (l: LogLine | undefined) => Number(l?.time) - Date.parse(String(line?.tick));
      figure(
        `tick ${String(line?.tick)}: ${by} collected it, logged ${after(line)} ms after the tick; ${other} ran the same tick and found nothing, logged ${after(idle)} ms after it${after(idle) < after(line) ? ` (before ${by} committed: it skipped the row ${by} held)` : ''}`,
      );
      // The attached photo stays.
      const [kept] = await queryRows<{ n: number }>(
        database.handle.db,
        sql`select count(*)::int as n from uploads where attached_at is not null`,
      );
      expect(kept?.n).toBe(1);
    });

    it('fetched the UF once between the two processes', async () => {
      const year = today.slice(0, 4);
      expect(uf.requests.filter((r) => r === `/uf/${year}`)).toHaveLength(1);
      const stored = (['a', 'b'] as const).flatMap((b) =>
        linesOf(b, (l) => /^Stored \d+ new or corrected UF values$/.test(String(l.msg))),
      );
      expect(stored).toHaveLength(1);
      const [fetch] = await queryRows<{ next_in: string }>(
        database.handle.db,
        sql`select round(extract(epoch from next_at - now()) / 60) as next_in from uf_fetch`,
      );
      expect(Number(fetch?.next_in)).toBeGreaterThan(55);
    });

    it('kept nothing under either DATA_DIR: the processes share only the database and the bucket', async () => {
      for (const dir of dataDirs) expect(await readdir(dir)).toEqual([]);
    });
  },
);

// What the PGlite project checks instead: its database is one process's, and a second server on
// the same DATA_DIR stops at start, naming the first, which goes on serving.
describe.skipIf(onPostgres)('PGlite: a second process on the same DATA_DIR', () => {
  const started: ServerProcess[] = [];
  let dataDir = '';
  afterAll(async () => {
    for (const s of started) await s.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('stops at start with the first process named, and the first serves on', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bec-two-pglite-'));
    const env = { DATA_DIR: dataDir, SEED_DEMO: '0', UF_SOURCE: 'none', LOG_LEVEL: 'warn' };
    const first = await startServer({ env });
    started.push(first);
    const second = startServer({ env });
    await expect(second).rejects.toThrow(
      new RegExp(
        `BEC could not start: The embedded database in \\S+ is in use by process ${first.pid} `,
      ),
    );
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
  });
});
