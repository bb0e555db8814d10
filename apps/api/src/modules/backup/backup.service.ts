import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { DatabaseHandle } from '../../db/client.js';
import { appliedMigrations, knownMigrations } from '../../db/migrations.js';
import {
  isPhotoObjectKey,
  PHOTO_PREFIXES,
  type PhotoStorage,
} from '../../plugins/app/storage/photo-storage.js';
import * as repo from './backup.repository.js';
import { openArchiveWriter } from './backup-archive.js';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  dataEntryName,
  MANIFEST_ENTRY,
  type Manifest,
  photoEntryName,
} from './backup-manifest.js';

/** A backup or restore that can't go on, for the person running it; nothing was written. */
export class BackupError extends Error {
  override readonly name = 'BackupError';
}

/** Rows read per query, and at most per archive entry. */
const BATCH_ROWS = 1000;
/** An entry is closed earlier once its rows reach this many bytes. */
const BATCH_BYTES = 4 * 1024 * 1024;
/** Progress lines on long work: a table's rows, photos copied. */
const PROGRESS_ROWS = 100_000;
const PROGRESS_PHOTOS = 250;

export type BackupOptions = {
  database: DatabaseHandle;
  storage: PhotoStorage;
  /** The archive to write; it must not exist. */
  file: string;
  /** Progress lines as the work goes on. */
  report?: (line: string) => void;
  now?: Date;
};

export type BackupSummary = {
  file: string;
  tables: number;
  rows: number;
  photos: number;
  photoBytes: number;
  /** Objects in the photo folders that are not BEC photos, left out. */
  skipped: string[];
  /** Objects listed that were gone when read (deleted while the backup ran). */
  vanished: string[];
  lastMigration: string;
};

export const sha256 = (body: Buffer) => createHash('sha256').update(body).digest('hex');

const numberFormat = new Intl.NumberFormat('en-US');
export const formatCount = (n: number) => numberFormat.format(n);
export const formatBytes = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(1)} kB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
/** `1 row`, `1,045 rows`. */
export const counted = (n: number, one: string, many: string) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;

const isMissing = (err: unknown) => {
  const e = err as { code?: string; name?: string; $metadata?: { httpStatusCode?: number } };
  return e.code === 'ENOENT' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

/**
 * Writes one archive of the database (a logical dump of every table, read in one snapshot) and
 * every photo object in storage. Works the same on PGlite and PostgreSQL, local disk and S3; on
 * PostgreSQL the server may keep running.
 */
export async function createBackup(options: BackupOptions): Promise<BackupSummary> {
  const { database, storage, file } = options;
  const report = options.report ?? (() => {});
  const db = database.db;

  const applied = await appliedMigrations(db);
  const last = applied.at(-1);
  if (last === undefined) {
    throw new BackupError(
      `The ${database.kind} database has no BEC tables yet: there is nothing to back up.`,
    );
  }
  const known = knownMigrations();
  const lastKnown = known.find((m) => m.when === last);
  if (!lastKnown) {
    throw new BackupError(
      `The ${database.kind} database has a migration this version of BEC does not know (a newer BEC ran on it): back it up with that version.`,
    );
  }

  if (existsSync(file)) throw new BackupError(`${file} already exists: choose another name.`);
  report(
    `Backing up the ${database.kind} database (migration ${lastKnown.tag}) and the ${storage.kind} photo storage to ${file}`,
  );
  const archive = await openArchiveWriter(file);
  try {
    const tables: Manifest['tables'] = [];
    // One snapshot: on PostgreSQL the server may write meanwhile, and the tables still agree.
    await db.transaction(
      async (tx) => {
        // The snapshot's schema is the one the manifest names (a server upgrading meanwhile).
        if ((await appliedMigrations(tx)).at(-1) !== last) {
          throw new BackupError(
            'The database was migrated while the backup started: run it again.',
          );
        }
        for (const info of await repo.describeTables(tx)) {
          let rows = 0;
          let files = 0;
          let pending: string[] = [];
          let pendingBytes = 0;
          const flush = async () => {
            if (pending.length === 0) return;
            files += 1;
            await archive.add(
              dataEntryName(info.name, files),
              Buffer.from(`${pending.join('\n')}\n`),
            );
            pending = [];
            pendingBytes = 0;
          };
          for await (const batch of repo.tableBatches(tx, info, BATCH_ROWS)) {
            for (const line of batch) {
              pending.push(line);
              pendingBytes += line.length;
              if (pending.length >= BATCH_ROWS || pendingBytes >= BATCH_BYTES) await flush();
            }
            const before = rows;
            rows += batch.length;
            if (Math.floor(rows / PROGRESS_ROWS) > Math.floor(before / PROGRESS_ROWS)) {
              report(`  ${info.name}: ${formatCount(rows)} rows…`);
            }
          }
          await flush();
          const sequences = await repo.sequenceStates(tx, info);
          tables.push({ name: info.name, columns: info.columns, rows, files, sequences });
          report(`  ${info.name}: ${counted(rows, 'row', 'rows')}`);
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );

    const photos: Manifest['photos'] = [];
    const skipped: string[] = [];
    const vanished: string[] = [];
    let photoBytes = 0;
    for (const prefix of PHOTO_PREFIXES) {
      for await (const object of storage.list(prefix)) {
        if (!isPhotoObjectKey(object.key)) {
          skipped.push(object.key);
          continue;
        }
        let body: Buffer;
        try {
          body = await storage.read(object.key);
        } catch (err) {
          if (!isMissing(err)) throw err;
          vanished.push(object.key);
          continue;
        }
        await archive.add(photoEntryName(object.key), body);
        photos.push({ key: object.key, bytes: body.length, sha256: sha256(body) });
        photoBytes += body.length;
        if (photos.length % PROGRESS_PHOTOS === 0) {
          report(`  photos: ${formatCount(photos.length)} objects (${formatBytes(photoBytes)})…`);
        }
      }
    }
    report(`  photos: ${counted(photos.length, 'object', 'objects')} (${formatBytes(photoBytes)})`);
    if (skipped.length) {
      report(
        `  left out ${skipped.length} object(s) in the photo folders that are not BEC photos, e.g. ${skipped[0]}`,
      );
    }
    if (vanished.length) {
      report(`  ${vanished.length} photo object(s) were deleted while the backup ran`);
    }

    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      format_version: BACKUP_FORMAT_VERSION,
      created_at: (options.now ?? new Date()).toISOString(),
      bec: {
        migrations: applied.length,
        last_migration: lastKnown.tag,
        last_migration_at: lastKnown.when,
      },
      source: { database: database.kind, storage: storage.kind },
      tables,
      photos,
    };
    await archive.add(MANIFEST_ENTRY, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    await archive.finish();
    return {
      file,
      tables: tables.length,
      rows: tables.reduce((sum, t) => sum + t.rows, 0),
      photos: photos.length,
      photoBytes,
      skipped,
      vanished,
      lastMigration: lastKnown.tag,
    };
  } catch (err) {
    await archive.abort(err instanceof Error ? err : new Error(String(err)));
    throw err;
  }
}
