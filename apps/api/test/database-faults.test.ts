import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startIssuer } from '@bec/testkit/issuer';
import { smallPng } from '@bec/testkit/photo-fixtures';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './database.js';
import { AUDIENCE, PEOPLE, setupApp, validProperty } from './helpers.js';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.js';

/**
 * PostgreSQL going away under load: connections reset mid-transaction, the server down for a
 * while, the network stalling. Every request answers 2xx or 503 DATABASE_UNAVAILABLE, nothing is
 * half-written, and the process keeps serving and recovers by itself. PostgreSQL only: PGlite
 * lives in the process and has no connection to lose.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
/** DATABASE_TIMEOUT for these apps: short, so a stall costs the suite about a second. */
const TIMEOUT_MS = 1_000;

const postgresAddress = () => {
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://127.0.0.1:5432');
  return { host: url.hostname, port: Number(url.port || 5432) };
};

type Answer = { status: number; code?: string; body: string };

/** 2xx, or 503 naming the database: never a 500, never another error. */
function expectServedOrUnavailable(answers: Answer[]) {
  for (const a of answers) {
    if (a.status < 300) continue;
    expect({ status: a.status, code: a.code }, a.body).toEqual({
      status: 503,
      code: 'DATABASE_UNAVAILABLE',
    });
  }
}

/** The measured figures (time to the first 503, to recovery) go to the test output. */
// biome-ignore lint/suspicious/noConsole: printing them is the point
const figure = (line: string) => console.info(`[database faults] ${line}`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls `probe` every 50 ms until `done` holds for its answer; answers it and the time it took. */
async function until(probe: () => Promise<Answer>, done: (a: Answer) => boolean, limitMs = 20_000) {
  const start = performance.now();
  for (;;) {
    const answer = await probe();
    if (done(answer)) return { answer, ms: Math.round(performance.now() - start) };
    if (performance.now() - start > limitMs)
      throw new Error(`still ${answer.status} after ${limitMs} ms: ${answer.body}`);
    await sleep(50);
  }
}

/** Resets every connection while a query is on its way, and again a moment later; answers when. */
async function dropMidQuery(proxy: TcpProxy) {
  await proxy.nextTraffic();
  proxy.dropAll();
  const droppedAt = performance.now();
  await sleep(30);
  // Unless the burst is already over.
  await Promise.race([proxy.nextTraffic(), sleep(500)]);
  proxy.dropAll();
  return droppedAt;
}

async function withDirectClient<T>(url: string, use: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Every added property (named `prefix …`) has all `photos` photos attached, or isn't there. */
async function expectWholeProperties(url: string, prefix: string, photos: number) {
  return withDirectClient(url, async (client) => {
    const { rows } = await client.query<{ name: string; photos: number; unattached: number }>(
      `select p.name, count(ph.id)::int as photos, count(ph.id) filter (where u.attached_at is null)::int as unattached
         from properties p
         left join property_photos ph on ph.property_id = p.id
         left join uploads u on u.key = ph.storage_key
        where p.name like $1 group by p.name`,
      [`${prefix}%`],
    );
    for (const row of rows) expect(row).toEqual({ name: row.name, photos, unattached: 0 });
    return new Set(rows.map((r) => r.name));
  });
}

describe.skipIf(!onPostgres)('PostgreSQL faults, in process', () => {
  let proxy: TcpProxy;
  beforeAll(async () => {
    proxy = await startTcpProxy(postgresAddress());
  });
  afterAll(async () => {
    await proxy?.close();
  });
  // Declared after the proxy's hooks: the app starts after it and closes before it.
  const t = setupApp({ database: () => ({ viaPort: proxy.port, timeoutMs: TIMEOUT_MS }) });

  const call = async (
    who: 'editor' | 'viewer' | null,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ): Promise<Answer> => {
    const r = await t.inject(who, { method, url, payload, headers });
    const json = String(r.headers['content-type']).startsWith('application/json');
    return { status: r.statusCode, code: json ? r.json().error?.code : undefined, body: r.body };
  };
  const list = () => call('viewer', 'GET', '/api/properties?page_size=5');
  const addKeyed = () =>
    call('editor', 'POST', '/api/properties/add', validProperty({ name: 'Down, keyed' }), {
      'idempotency-key': 'while-down',
    });
  const ready = () => call(null, 'GET', '/readyz');

  async function upload(file: Buffer) {
    const signed = await call('editor', 'POST', '/api/photos/upload_url', [
      { name: 'frente.png', content_type: 'image/png', size: file.length },
    ]);
    expect(signed.status, signed.body).toBe(200);
    const [entry] = JSON.parse(signed.body).data as { url: string; path: string }[];
    if (!entry) throw new Error('no upload entry');
    const target = new URL(entry.url, t.config.publicUrl);
    const put = await t.app.inject({
      method: 'PUT',
      url: `${target.pathname}${target.search}`,
      headers: { 'content-type': 'image/png', 'content-length': String(file.length) },
      payload: file,
    });
    expect(put.statusCode, put.body).toBe(200);
    return entry.path;
  }

  it('drops every connection during a burst of adds with photos and reads: 2xx or 503, nothing half-written, then serves again', async () => {
    const png = await smallPng();
    const ADDS = 8;
    const photos: string[][] = [];
    for (let i = 0; i < ADDS; i++) photos.push([await upload(png), await upload(png)]);

    let firstUnavailableAt = 0;
    const timed = async (answer: Promise<Answer>) => {
      const a = await answer;
      if (a.status === 503) firstUnavailableAt ||= performance.now();
      return a;
    };
    const burst = [
      ...photos.map((keys, i) =>
        timed(
          call(
            'editor',
            'POST',
            '/api/properties/add',
            validProperty({ name: `Burst ${i}`, photos: keys }),
          ),
        ),
      ),
      ...Array.from({ length: ADDS }, () => timed(list())),
    ];
    // Twice, so both transactions in flight and ones that began after the first reset are hit.
    const droppedAt = await dropMidQuery(proxy);
    const answers = await Promise.all(burst);
    expectServedOrUnavailable(answers);
    expect(answers.some((a) => a.status === 503)).toBe(true);

    const recovered = await until(list, (a) => a.status === 200);
    const added = answers.slice(0, ADDS).filter((a) => a.status === 201).length;
    figure(
      `reset during a burst: ${added}/${ADDS} adds 201, ${answers.filter((a) => a.status === 503).length}/${answers.length} answers 503 (first ${Math.round(firstUnavailableAt - droppedAt)} ms after the reset), next list 200 after ${recovered.ms} ms`,
    );

    const present = await expectWholeProperties(t.databaseUrl as string, 'Burst ', 2);
    answers.slice(0, ADDS).forEach((a, i) => {
      if (a.status === 201) expect(present.has(`Burst ${i}`)).toBe(true);
    });
    // The photos of the adds that failed can be attached by a retry.
    for (const [i, keys] of photos.entries()) {
      if (present.has(`Burst ${i}`)) continue;
      const retry = await call(
        'editor',
        'POST',
        '/api/properties/add',
        validProperty({ name: `Burst ${i}`, photos: keys }),
      );
      expect(retry.status, retry.body).toBe(201);
    }
    expect((await expectWholeProperties(t.databaseUrl as string, 'Burst ', 2)).size).toBe(ADDS);
  });

  it('answers 503 while PostgreSQL refuses connections, /readyz too, and recovers when it returns', async () => {
    const exportCsv = () => call('viewer', 'GET', '/api/properties/export.csv');
    expect((await exportCsv()).status).toBe(200); // and the viewer's role is remembered
    proxy.setMode('refuse');
    proxy.dropAll();
    const droppedAt = performance.now();
    try {
      // An export fails before its first byte, not as a 200 cut short.
      const exported = await exportCsv();
      const firstUnavailableMs = Math.round(performance.now() - droppedAt);
      const down = await until(list, (a) => a.status !== 200);
      const answers: Answer[] = [exported, down.answer];
      const downSince = performance.now();
      while (performance.now() - downSince < 2_000) {
        answers.push(await list());
        answers.push(
          await call('editor', 'POST', '/api/properties/add', validProperty({ name: 'Down' })),
        );
        // A keyed write claims nothing it cannot keep: its claim fails like any query (ADR 043).
        answers.push(await addKeyed());
        await sleep(100);
      }
      answers.push(await ready());
      expectServedOrUnavailable(answers);
      expect(answers.every((a) => a.status === 503)).toBe(true);
      figure(`database down: first 503 ${firstUnavailableMs} ms after the drop`);
    } finally {
      proxy.setMode('forward');
    }
    const back = await until(list, (a) => a.status === 200);
    expect((await ready()).status).toBe(200);
    const added = await call(
      'editor',
      'POST',
      '/api/properties/add',
      validProperty({ name: 'Back' }),
    );
    expect(added.status, added.body).toBe(201);
    // The key tried while the database was down is free: the same request runs now.
    const keyed = await addKeyed();
    expect(keyed.status, keyed.body).toBe(201);
    figure(`database back: first success ${back.ms} ms after the restore`);
  });

  it('answers 503 while the network stalls, within DATABASE_TIMEOUT and the connect timeout, and recovers', async () => {
    proxy.setMode('stall');
    try {
      const answers: Answer[] = [];
      const stalledSince = performance.now();
      let firstMs = 0;
      while (performance.now() - stalledSince < 2_500) {
        const sent = performance.now();
        // A request hanging on the stall fails the test by its timeout.
        answers.push(await list());
        firstMs ||= Math.round(performance.now() - sent);
        // A transaction whose `begin` meets the stall: its client must still go back to the pool.
        answers.push(
          await call('editor', 'POST', '/api/properties/add', validProperty({ name: 'Stalled' })),
        );
      }
      answers.push(await ready());
      expectServedOrUnavailable(answers);
      expect(answers.every((a) => a.status === 503)).toBe(true);
      figure(
        `network stalled: first 503 after ${firstMs} ms (DATABASE_TIMEOUT ${TIMEOUT_MS} ms), ${answers.length} requests in 2.5 s all 503`,
      );
    } finally {
      proxy.setMode('forward');
    }
    const back = await until(list, (a) => a.status === 200);
    figure(`network back: first success ${back.ms} ms after the restore`);
  });

  it('gave every connection back: the pool closes (a leaked client would hold it open)', async () => {
    await t.db.close();
  });
});

const here = path.dirname(fileURLToPath(import.meta.url));
const SERVER = path.resolve(here, '../src/server.ts');
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

async function freePort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.skipIf(!onPostgres)('PostgreSQL faults, the real server process', () => {
  let proxy: TcpProxy;
  let issuer: Awaited<ReturnType<typeof startIssuer>>;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataDir: string;
  let child: ChildProcess;
  let output = '';
  let base: string;

  beforeAll(async () => {
    proxy = await startTcpProxy(postgresAddress());
    issuer = await startIssuer(AUDIENCE);
    database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bec-faults-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const url = new URL(database.url as string);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    child = spawn(process.execPath, ['--import', TSX, SERVER], {
      cwd: dataDir, // no .env there
      env: {
        PATH: process.env.PATH,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: url.toString(),
        DATABASE_TIMEOUT: String(TIMEOUT_MS / 1000),
        OIDC_ISSUER: issuer.issuer,
        OIDC_CLIENT_ID: 'bec-web',
        OIDC_AUDIENCE: AUDIENCE,
        ADMIN_EMAILS: PEOPLE.editor.email,
        SEED_DEMO: '0',
        UF_SOURCE: 'none',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d) => {
      output += d;
    });
    child.stderr?.on('data', (d) => {
      output += d;
    });
    await until(
      async () => {
        if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
        const r = await fetch(`${base}/readyz`).catch(() => null);
        return { status: r?.status ?? 0, body: output };
      },
      (a) => a.status === 200,
      30_000,
    );
  });
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await proxy?.close();
    await database?.destroy();
    await issuer?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const call = async (method: 'GET' | 'POST', url: string, payload?: object): Promise<Answer> => {
    const token = await issuer.mint({ email_verified: true, ...PEOPLE.editor });
    try {
      const r = await fetch(`${base}${url}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: payload ? JSON.stringify(payload) : undefined,
      });
      const body = await r.text();
      return { status: r.status, code: JSON.parse(body).error?.code, body };
    } catch (err) {
      return { status: 0, body: `no answer: ${err}\n${output}` };
    }
  };

  it('keeps running when every connection drops during writes, and serves again', async () => {
    expect((await call('GET', '/api/properties')).status).toBe(200);
    const burst = [
      ...Array.from({ length: 8 }, (_, i) =>
        call('POST', '/api/properties/add', validProperty({ name: `Child ${i}` })),
      ),
      ...Array.from({ length: 4 }, () => call('GET', '/api/properties?page_size=5')),
    ];
    await dropMidQuery(proxy);
    const answers = await Promise.all(burst);
    // Long enough for an unhandled error to have ended the process.
    await sleep(500);
    expect(child.exitCode, output).toBe(null);
    expectServedOrUnavailable(answers);
    expect(answers.some((a) => a.status === 503)).toBe(true);

    const back = await until(
      () => call('GET', '/api/properties'),
      (a) => a.status === 200 || child.exitCode !== null,
    );
    expect(child.exitCode, output).toBe(null);
    expect(back.answer.status).toBe(200);
    figure(
      `server process: ${answers.filter((a) => a.status === 503).length}/${answers.length} answers 503 after the reset, still running, next list 200 after ${back.ms} ms`,
    );
    const added = await call('POST', '/api/properties/add', validProperty({ name: 'Child after' }));
    expect(added.status, added.body).toBe(201);
    await expectWholeProperties(database.url as string, 'Child ', 0);
  });
});
