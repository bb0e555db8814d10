import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type LocalS3, startS3rver } from '@bec/testkit/s3rver';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type DatabaseHandle, openDatabase, queryRows } from '../src/db/client.js';
import { appliedMigrations, applyMigrations, knownMigrations } from '../src/db/migrations.js';
import { prepareDatabase } from '../src/db/prepare.js';
import { foldPropertyDeltas } from '../src/db/property-deltas.js';
import { describeTables, tableNames } from '../src/modules/backup/backup.repository.js';
import { BackupError, createBackup } from '../src/modules/backup/backup.service.js';
import { openArchiveWriter, readArchive, readBody } from '../src/modules/backup/backup-archive.js';
import { restoreBackup } from '../src/modules/backup/restore.service.js';
import { createLocalStorage } from '../src/plugins/app/storage/local-storage.js';
import { PHOTO_PREFIXES, type PhotoStorage } from '../src/plugins/app/storage/photo-storage.js';
import { createS3Storage } from '../src/plugins/app/storage/s3-storage.js';
import { createUrlSigner } from '../src/plugins/app/storage/url-signer.js';
import { addBroker } from './broker-fixture.js';
import { createPostgresDatabase } from './database.js';
import { addProperty, setupApp, uploadPng, validProperty } from './helpers.js';

// An install with a bit of everything: properties with photos (one photo's card variant made),
// a deleted property (its id and history stay behind), an edit, a visit with a photo, an upload
// never attached, members, an approval (audit) and a waitlist entry. It is backed up once, then
// restored into a fresh DATA_DIR (PGlite + local disk, by the real `npm run restore`) and, when
// DATABASE_URL is set, into a fresh PostgreSQL database with S3 storage (s3rver): the move from
// a demo install to production. Each restore must be the same install, table by table (every
// column, generated ones too), sequence by sequence and photo by photo.

const t = setupApp();

/** The built command (`npm run backup` and `npm run restore` build, then run it); `npm test` builds first. */
const CLI = (name: string) => {
  const file = fileURLToPath(new URL(`../dist/${name}.js`, import.meta.url));
  if (!existsSync(file)) throw new Error(`no ${file}: run "npm run build -w @bec/api" first`);
  return file;
};
// Starting PGlite on a new folder takes seconds, more while other suites run.
const CLI_TIMEOUT = 90_000;

type Run = { code: number | null; stdout: string; stderr: string };

/** A CLI as `npm run` starts it, in a folder of its own (no developer's .env) with `env`. */
const runCli = (name: string, args: string[], cwd: string, env: Record<string, string>) =>
  new Promise<Run>((resolve) => {
    const base: NodeJS.ProcessEnv = { ...process.env };
    for (const key of Object.keys(base)) {
      if (/^(DATABASE_|S3_|STORAGE|DATA_DIR|ADMIN_EMAILS|OIDC_)/.test(key)) delete base[key];
    }
    execFile(
      process.execPath,
      [CLI(name), ...args],
      { cwd, env: { ...base, ...env }, timeout: CLI_TIMEOUT },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });

/** Every table's rows (all columns, by primary key) and every sequence, as PostgreSQL prints them. */
async function snapshot(db: Database) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    const out: Record<string, string[]> = {};
    for (const info of await describeTables(tx)) {
      const order = sql.join(
        info.primaryKey.map((k) => sql.identifier(k.name)),
        sql`, `,
      );
      const rows = await queryRows<{ line: string }>(
        tx,
        sql`select row_to_json(r)::text as line from (select * from ${sql.identifier(info.name)} order by ${order}) r`,
      );
      out[info.name] = rows.map((r) => r.line);
      for (const s of info.sequences) {
        const state = await queryRows<{ last_value: string; is_called: boolean }>(
          tx,
          sql`select last_value::text as last_value, is_called from ${sql.raw(s.sequence)}`,
        );
        out[`${info.name}.${s.column} (sequence)`] = [JSON.stringify(state)];
      }
    }
    return out;
  });
}

/** Every photo object's bytes, by key. */
async function photoFiles(storage: PhotoStorage) {
  const files = new Map<string, Buffer>();
  for (const prefix of PHOTO_PREFIXES) {
    for await (const object of storage.list(prefix)) {
      files.set(object.key, await storage.read(object.key));
    }
  }
  return files;
}

/** A copy of an archive with entries changed: `change` answers new bytes, null to keep, 'drop'. */
async function rewrite(
  source: string,
  target: string,
  change: (name: string, body: Buffer) => Buffer | null | 'drop',
) {
  const writer = await openArchiveWriter(target);
  for await (const entry of readArchive(source)) {
    const body = await readBody(entry);
    const changed = change(entry.name, body);
    if (changed !== 'drop') await writer.add(entry.name, changed ?? body);
  }
  await writer.finish();
  return target;
}

async function readManifest(file: string) {
  for await (const entry of readArchive(file)) {
    if (entry.name === 'manifest.json') return JSON.parse((await readBody(entry)).toString('utf8'));
  }
  throw new Error(`${file} has no manifest`);
}

const manifestChange =
  (edit: (manifest: Record<string, unknown>) => void) => (name: string, body: Buffer) => {
    if (name !== 'manifest.json') return null;
    const manifest = JSON.parse(body.toString('utf8'));
    edit(manifest);
    return Buffer.from(JSON.stringify(manifest));
  };

let work = '';
let archive = '';
let source: { snapshot: Record<string, string[]>; photos: Map<string, Buffer> };
let deletedId = 0;
let s3: LocalS3 | null = null;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'bec-backup-test-'));
});
afterAll(async () => {
  await s3?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

async function populate() {
  const add = (overrides: Record<string, unknown>) => addProperty(t, overrides);
  const brokerId = await addBroker(t);
  const photos = [];
  for (let i = 0; i < 5; i++) photos.push(await uploadPng(t, `foto-${i}`));
  const [p0, p1, p2, p3] = photos;
  const withTwo = await add({ name: 'Casa con dos fotos', broker_id: brokerId, photos: [p0, p1] });
  const withOne = await add({ name: 'Depto con una foto', visited: false, photos: [p2] });
  await add({ name: 'Parcela sin fotos', property_type_id: 6, city_id: 10101, latitude: null });
  deletedId = await add({ name: 'Para borrar' });
  // photos[4] stays an upload nobody attached.

  const removed = await t.inject('admin', {
    method: 'DELETE',
    url: `/api/properties/${deletedId}`,
  });
  expect(removed.statusCode, removed.body).toBe(200);

  const detail = (
    await t.inject('viewer', { method: 'GET', url: `/api/properties/${withTwo}` })
  ).json().data;
  const edited = await t.inject('admin', {
    method: 'PUT',
    url: `/api/properties/${withTwo}`,
    payload: {
      ...validProperty({ name: 'Casa con dos fotos', broker_id: brokerId, price: 150_000_000 }),
      photos: detail.photo_urls.map((p: { id: number }) => p.id),
      updated_at: detail.updated_at,
    },
  });
  expect(edited.statusCode, edited.body).toBe(200);
  // The card variant of the cover is made on its first view, beside the original.
  const card = await t.app.inject({ method: 'GET', url: detail.photo_url });
  expect(card.statusCode).toBe(200);

  const visit = await t.inject('editor', {
    method: 'POST',
    url: `/api/properties/${withOne}/visits`,
    payload: {
      visited_at: new Date(Date.now() - 86_400_000).toISOString(),
      visitor_id: t.ids.viewer,
      notes: 'Buena luz',
      rating: 4,
      photos: [p3],
    },
  });
  expect(visit.statusCode, visit.body).toBe(201);

  // Two people ask to join; one is let in (an access audit row), the other waits.
  const applicants = [
    { sub: 'sub-pia', email: 'pia@bec.test', name: 'Pía Postulante' },
    { sub: 'sub-ivo', email: 'ivo@bec.test', name: 'Ivo Espera' },
  ];
  for (const who of applicants) {
    const me = await t.inject(await t.tokenFor(who), { method: 'GET', url: '/api/users/me' });
    expect(me.statusCode).toBe(403);
  }
  const waitlist = (await t.inject('admin', { method: 'GET', url: '/api/waitlist' })).json().data
    .items as { id: number; email: string }[];
  const pia = waitlist.find((e) => e.email === 'pia@bec.test');
  const approved = await t.inject('admin', {
    method: 'POST',
    url: `/api/waitlist/${pia?.id}/approve`,
    payload: { role: 'editor' },
  });
  expect(approved.statusCode, approved.body).toBe(201);
}

/** The fresh DATA_DIR the backup is restored into (PGlite in db/, photos in photos/). */
const restoredDataDir = () => path.join(work, 'restored-data');

/** The local photo storage of a DATA_DIR, as the server and the commands open it. */
const localStorageOf = (dataDir: string) =>
  createLocalStorage({
    dir: path.join(dataDir, 'photos'),
    signer: createUrlSigner(randomBytes(32).toString('hex')),
  }).storage;

describe('npm run backup and npm run restore', () => {
  it('backs up an install: every table in the manifest and every photo object', {
    timeout: 60_000,
  }, async () => {
    await populate();
    const storage = localStorageOf(t.dataDir);
    source = { snapshot: await snapshot(t.db.db), photos: await photoFiles(storage) };
    // Not vacuous: the install holds what the restores must bring back.
    expect(source.snapshot.properties).toHaveLength(3);
    expect(source.snapshot.users).toHaveLength(4);
    expect(source.snapshot.waitlist).toHaveLength(1);
    expect(source.snapshot.property_visits).toHaveLength(1);
    expect(source.snapshot.visit_photos).toHaveLength(1);
    expect(source.snapshot.access_audit?.length).toBeGreaterThan(0);
    expect(source.snapshot.property_history?.length).toBeGreaterThan(4);
    const keys = [...source.photos.keys()];
    expect(keys.filter((k) => k.startsWith('uploads/'))).toHaveLength(5);
    expect(keys.filter((k) => k.startsWith('variants/'))).toHaveLength(1);

    archive = path.join(work, 'backups', 'bec-source.tar.gz');
    if (t.databaseUrl) {
      // PostgreSQL can be reached from another process: the real command, as cron would run it.
      const run = await runCli('backup', ['--out', archive], work, {
        DATABASE_URL: t.databaseUrl,
        DATA_DIR: t.dataDir,
      });
      expect(run, run.stderr).toMatchObject({ code: 0 });
      expect(run.stdout).toMatch(/^ {2}properties: 3 rows$/m);
      expect(run.stdout).toMatch(/^ {2}photos: 6 objects \(/m);
      expect(run.stdout).toMatch(
        /^Backup written: .*bec-source\.tar\.gz \(.+\): [\d,]+ rows in \d+ tables, 6 photo objects/m,
      );
    } else {
      const lines: string[] = [];
      const done = await createBackup({
        database: t.db,
        storage,
        file: archive,
        report: (line) => lines.push(line),
      });
      expect(done).toMatchObject({ photos: 6, lastMigration: knownMigrations().at(-1)?.tag });
      expect(lines).toContain('  properties: 3 rows');
    }

    // Every member's email and every note: for its owner's eyes only.
    expect((await stat(archive)).mode & 0o777).toBe(0o600);
    const manifest = await readManifest(archive);
    expect(manifest).toMatchObject({
      format: 'bec-backup',
      format_version: 1,
      source: { database: t.db.kind, storage: 'local' },
    });
    expect(manifest.photos).toHaveLength(6);
    const counts = Object.fromEntries(
      manifest.tables.map((table: { name: string; rows: number }) => [table.name, table.rows]),
    );
    for (const [table, rows] of Object.entries(source.snapshot)) {
      if (!table.includes(' ')) expect(counts[table], table).toBe(rows.length);
    }
    // A second backup never writes over the first.
    const again = await createBackup({ database: t.db, storage, file: archive }).catch((e) => e);
    expect(again).toBeInstanceOf(BackupError);
    expect(again.message).toContain('already exists');
  });

  // Against the fresh DATA_DIR the real restore goes into next: each refusal leaves it empty.
  describe('refusals, with nothing written', () => {
    let empty: DatabaseHandle;
    let storage: PhotoStorage;
    const emptyOnes = async () => {
      expect(await tableNames(empty.db)).toEqual([]);
      expect((await photoFiles(storage)).size).toBe(0);
    };
    const refusal = async (file: string) => {
      const error = await restoreBackup({ database: empty, storage, file }).catch((e) => e);
      await emptyOnes();
      return error;
    };

    beforeAll(async () => {
      empty = await openDatabase({ kind: 'pglite', dataDir: path.join(restoredDataDir(), 'db') });
      storage = localStorageOf(restoredDataDir());
    });
    afterAll(async () => {
      await empty?.close();
    });

    it('a storage that already holds photos', async () => {
      const error = await restoreBackup({
        database: empty,
        storage: localStorageOf(t.dataDir),
        file: archive,
      }).catch((e) => e);
      expect(error).toBeInstanceOf(BackupError);
      expect(error.message).toMatch(/photo storage already holds photos \(e\.g\. uploads\//);
      expect(await tableNames(empty.db)).toEqual([]);
    });

    it('a file that is not a backup, and a .tar.gz that is not a BEC backup', async () => {
      const junk = path.join(work, 'junk.tar.gz');
      await writeFile(junk, randomBytes(2048));
      const notGzip = await refusal(junk);
      expect(notGzip).toBeInstanceOf(BackupError);
      expect(notGzip.message).toMatch(/junk\.tar\.gz is not a BEC backup: /);

      const other = await openArchiveWriter(path.join(work, 'other.tar.gz'));
      await other.add('notes.txt', Buffer.from('hola'));
      await other.finish();
      const notOurs = await refusal(path.join(work, 'other.tar.gz'));
      expect(notOurs.message).toMatch(/other\.tar\.gz is not a BEC backup: notes\.txt is not part/);

      const noManifest = await rewrite(archive, path.join(work, 'no-manifest.tar.gz'), (name) =>
        name === 'manifest.json' ? 'drop' : null,
      );
      expect((await refusal(noManifest)).message).toMatch(
        /is not a BEC backup: it has no manifest/,
      );
    });

    it('a backup of a newer format, or from a newer migration', async () => {
      const newerFormat = await rewrite(
        archive,
        path.join(work, 'newer-format.tar.gz'),
        manifestChange((m) => {
          m.format_version = 2;
          m.layout = 'something new';
        }),
      );
      expect((await refusal(newerFormat)).message).toMatch(
        /was written by a newer BEC \(backup format 2; this version reads format 1\)/,
      );

      const last = knownMigrations().at(-1);
      const newerSchema = await rewrite(
        archive,
        path.join(work, 'newer-schema.tar.gz'),
        manifestChange((m) => {
          m.bec = {
            migrations: 99,
            last_migration: '0099_future',
            last_migration_at: (last?.when ?? 0) + 1,
          };
        }),
      );
      expect((await refusal(newerSchema)).message).toMatch(
        /was made by a newer BEC \(its database is at migration 0099_future/,
      );
    });

    it('a damaged photo or row count', async () => {
      let flipped = false;
      const damagedPhoto = await rewrite(
        archive,
        path.join(work, 'damaged.tar.gz'),
        (name, body) => {
          if (flipped || !name.startsWith('photos/')) return null;
          flipped = true;
          const copy = Buffer.from(body);
          copy[copy.length - 1] = (copy[copy.length - 1] ?? 0) ^ 0xff;
          return copy;
        },
      );
      expect((await refusal(damagedPhoto)).message).toMatch(
        /damaged\.tar\.gz is damaged: uploads\/\S+ does not match its SHA-256 in the manifest/,
      );

      const missingRow = await rewrite(archive, path.join(work, 'short.tar.gz'), (name, body) =>
        name.startsWith('database/users/')
          ? Buffer.from(`${body.toString('utf8').split('\n').slice(1).join('\n')}`)
          : null,
      );
      expect((await refusal(missingRow)).message).toMatch(
        /is damaged: users has 3 rows in 1 entries, the manifest says 4 in 1/,
      );
    });

    it('a load that fails half way is undone: no tables, no photos', async () => {
      // Well formed, but one row breaks a check constraint: found only while loading.
      const badRow = await rewrite(archive, path.join(work, 'bad-row.tar.gz'), (name, body) =>
        name.startsWith('database/properties/')
          ? Buffer.from(body.toString('utf8').replace(/"price_amount":\d+/, '"price_amount":-1'))
          : null,
      );
      const error = await refusal(badRow);
      expect(error).not.toBeInstanceOf(BackupError);
      expect(error.message).toMatch(
        /^loading properties: .*violates check constraint "properties_price_amount_check"$/,
      );
    });
  });

  it('restores it into a fresh DATA_DIR (PGlite + local disk): the same install', {
    timeout: 2 * CLI_TIMEOUT,
  }, async () => {
    const dataDir = restoredDataDir();
    const run = await runCli('restore', [archive], work, { DATA_DIR: dataDir });
    expect(run, run.stderr).toMatchObject({ code: 0 });
    expect(run.stdout).toMatch(/^ {2}properties: 3 rows$/m);
    expect(run.stdout).toMatch(/^Restored .*: [\d,]+ rows in \d+ tables, 6 photo objects/m);

    const handle = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
    try {
      expect(await snapshot(handle.db)).toEqual(source.snapshot);
      expect(await photoFiles(localStorageOf(dataDir))).toEqual(source.photos);
      await expectWorking(handle.db);

      // Restoring again into what is now in use is refused, and changes nothing.
      const before = await snapshot(handle.db);
      const refused = await restoreBackup({
        database: handle,
        storage: localStorageOf(path.join(work, 'empty-photos')),
        file: archive,
      }).catch((e) => e);
      expect(refused).toBeInstanceOf(BackupError);
      expect(refused.message).toMatch(/already holds data \(.*properties.*\).*nothing was written/);
      expect(await snapshot(handle.db)).toEqual(before);
    } finally {
      await handle.close();
    }
  });

  it.runIf(process.env.DATABASE_URL)(
    'restores it into a new PostgreSQL database (started once) with S3 storage: the same install',
    { timeout: 60_000 },
    async () => {
      const target = await freshPostgres();
      const bucket = await freshBucket();
      try {
        // As if the server had been started on it once: migrated, with its reference data.
        await prepareDatabase(target.handle, { seedDemo: false });
        const lines: string[] = [];
        const done = await restoreBackup({
          database: target.handle,
          storage: bucket,
          file: archive,
          report: (line) => lines.push(line),
        });
        expect(done).toMatchObject({ photos: 6 });
        expect(lines).toContain('  properties: 3 rows');
        expect(await snapshot(target.handle.db)).toEqual(source.snapshot);
        expect(await photoFiles(bucket)).toEqual(source.photos);
        await expectWorking(target.handle.db);
      } finally {
        await target.destroy();
      }
    },
  );

  // Fresh PostgreSQL databases cost a fraction of a second; the load is the same on PGlite.
  it.runIf(process.env.TEST_DB === 'postgres')(
    'restores a backup made at an older migration: loads it at its level, then migrates',
    { timeout: 60_000 },
    async () => {
      const known = knownMigrations();
      const level = known.findIndex((m) => m.tag === '0004_team_workflow');
      const old = await freshPostgres();
      const target = await freshPostgres();
      try {
        const storage = localStorageOf(path.join(work, 'old-level'));
        const none = await createBackup({
          database: old.handle,
          storage,
          file: path.join(work, 'nothing.tar.gz'),
        }).catch((e) => e);
        expect(none.message).toMatch(/has no BEC tables yet: there is nothing to back up/);

        // An install last migrated by 0004 (no search_vector yet), with one listing.
        await old.handle.db.transaction((tx) => applyMigrations(tx, known.slice(0, level + 1)));
        await old.handle.db.execute(sql`
          insert into regions (id, code, name, roman, position) values (13, '13', 'Metropolitana de Santiago', 'RM', 7);
          insert into cities (id, code, name, region_id) values (13123, '13123', 'Providencia', 13);
          insert into property_types (id, name) overriding system value values (2, 'Departamento');
          insert into properties (name, address, price_amount, building_sqmts, land_sqmts, property_type_id, city_id)
            values ('Depto antiguo', 'Av. Nueva Providencia 1', 1000, 10, 10, 2, 13123)`);
        const file = path.join(work, 'old-level.tar.gz');
        await createBackup({ database: old.handle, storage, file });
        expect((await readManifest(file)).bec.last_migration).toBe('0004_team_workflow');

        const lines: string[] = [];
        await restoreBackup({
          database: target.handle,
          storage,
          file,
          report: (l) => lines.push(l),
        });
        expect(lines).toContain(
          `  applying ${known.length - level - 1} newer migration(s): ${known
            .slice(level + 1)
            .map((m) => m.tag)
            .join(', ')}`,
        );
        expect(await appliedMigrations(target.handle.db)).toEqual(known.map((m) => m.when));
        // 0005's backfill ran on the restored row, with the triggers on again.
        const [row] = await queryRows<{ region_id: number; found: boolean }>(
          target.handle.db,
          sql`select region_id, search_vector @@ bec_search_query('providencia') as found from properties`,
        );
        expect(row).toEqual({ region_id: 13, found: true });
      } finally {
        await old.destroy();
        await target.destroy();
      }
    },
  );
});

/** A restored install keeps working: a new property gets the next id, its derived columns and counts. */
async function expectWorking(db: Database) {
  const [added] = await queryRows<{ id: number; region_id: number; search: boolean }>(
    db,
    sql`insert into properties (name, address, price_amount, building_sqmts, land_sqmts, property_type_id, city_id)
        values ('Nueva tras restaurar', 'Av. Providencia 1', 1000, 10, 10, 2, 13123)
        returning id, region_id, search_vector @@ to_tsquery('simple', 'providencia') as search`,
  );
  // The deleted property's id (its history stays) is not handed out again.
  expect(added).toEqual({ id: deletedId + 1, region_id: 13, search: true });
  // The add's delta folds into the restored total (ADR 055).
  await foldPropertyDeltas(db);
  const [total] = await queryRows<{ n: string | number; count: string | number }>(
    db,
    sql`select n, (select count(*) from properties) as count from properties_total`,
  );
  expect(Number(total?.n)).toBe(Number(total?.count));
  expect(Number(total?.n)).toBe(4);
}

/** A new database on DATABASE_URL's server, whatever TEST_DB is: the restore's empty target. */
const freshPostgres = () => createPostgresDatabase(process.env.DATABASE_URL ?? '', { poolSize: 2 });

async function freshBucket() {
  const bucket = `bec-restore-${randomBytes(4).toString('hex')}`;
  s3 ??= await startS3rver();
  const storage = createS3Storage({
    bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
    timeoutMs: 10_000,
    maxAttempts: 3,
  });
  const { CreateBucketCommand } = await import('@aws-sdk/client-s3');
  await storage.client.send(new CreateBucketCommand({ Bucket: bucket }));
  return storage;
}
