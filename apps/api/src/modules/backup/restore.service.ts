import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Database, DatabaseHandle } from '../../db/client.js';
import { appliedMigrations, applyMigrations, knownMigrations } from '../../db/migrations.js';
import {
  PHOTO_PREFIXES,
  type PhotoStorage,
  photoObjectType,
} from '../../plugins/app/storage/photo-storage.js';
import * as repo from './backup.repository.js';
import { BackupError, counted, formatBytes, formatCount, sha256 } from './backup.service.js';
import { readArchive, readBody } from './backup-archive.js';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  MANIFEST_ENTRY,
  type Manifest,
  ManifestHeaderSchema,
  ManifestSchema,
  parseDataEntryName,
  parsePhotoEntryName,
} from './backup-manifest.js';

/**
 * Tables that hold rows before a database holds any data, which a restore replaces with the
 * backup's: the reference data every start loads (regions, comunas, property types), the one-row
 * bookkeeping tables the migrations create, and map cells and the deltas they and the total are
 * folded from (derived from properties). Any other
 * table with a row means the database is in use.
 */
const REPLACED_TABLES = new Set([
  'regions',
  'cities',
  'property_types',
  'properties_total',
  'uf_pricing',
  'uf_fetch',
  'property_map_cells',
  'properties_total_deltas',
  'property_map_cell_deltas',
]);

/** The largest entries a restore reads into memory: one batch of rows, one photo. */
const MAX_DATA_ENTRY = 256 * 1024 * 1024;
const MAX_PHOTO_ENTRY = 1024 * 1024 * 1024;
const PROGRESS_PHOTOS = 250;

const RowSchema = z.record(z.string(), z.unknown());

export type RestoreOptions = {
  database: DatabaseHandle;
  storage: PhotoStorage;
  file: string;
  report?: (line: string) => void;
};

export type RestoreSummary = {
  file: string;
  manifest: Manifest;
  tables: number;
  rows: number;
  photos: number;
  photoBytes: number;
};

/**
 * Restores an archive made by createBackup into an empty database and an empty photo storage:
 * checks the whole archive first, then migrates the database to the backup's migration, loads
 * every table verbatim with the tables' triggers off, puts the sequences back, applies any newer
 * migration, and copies the photos (each checked against its SHA-256), all in one transaction:
 * a restore that fails leaves the database as it was, and removes the photos it had copied.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreSummary> {
  const { database, storage, file } = options;
  const report = options.report ?? (() => {});
  const known = knownMigrations();

  await checkEmptyDatabase(database.db, database.kind, known);
  await checkEmptyStorage(storage);

  report(`Checking ${file}…`);
  const manifest = await inspectArchive(file);
  const archiveLevel = known.findIndex((m) => m.when === manifest.bec.last_migration_at);
  if (archiveLevel < 0) {
    throw new BackupError(
      `${file} was made by a newer BEC (its database is at migration ${manifest.bec.last_migration}, which this version does not have): upgrade BEC, then restore it.`,
    );
  }
  const totalRows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  const photoBytes = manifest.photos.reduce((sum, p) => sum + p.bytes, 0);
  report(
    `  made ${manifest.created_at} from ${manifest.source.database} + ${manifest.source.storage} storage at migration ${manifest.bec.last_migration}: ${counted(totalRows, 'row', 'rows')} in ${manifest.tables.length} tables, ${counted(manifest.photos.length, 'photo object', 'photo objects')} (${formatBytes(photoBytes)})`,
  );
  report(`Restoring into the ${database.kind} database and the ${storage.kind} photo storage…`);

  const tablesByName = new Map(manifest.tables.map((t) => [t.name, t]));
  const photosByKey = new Map(manifest.photos.map((p) => [p.key, p]));
  const written: string[] = [];
  try {
    await database.db.transaction(async (tx) => {
      await repo.lockMigrations(tx);
      // Again under the lock: nobody started a server on it meanwhile.
      const targetLevel = await checkEmptyDatabase(tx, database.kind, known);
      if (targetLevel > archiveLevel) {
        throw new BackupError(
          `The database is already at migration ${known[targetLevel]?.tag}, newer than the backup's ${manifest.bec.last_migration}: restore into a new, empty database.`,
        );
      }
      await step(`migrating to ${manifest.bec.last_migration}`, () =>
        applyMigrations(tx, known.slice(targetLevel + 1, archiveLevel + 1)),
      );
      const tables = await repo.describeTables(tx);
      checkSchema(tables, manifest);
      const names = tables.map((t) => t.name);
      await repo.setUserTriggers(tx, names, false);
      await repo.clearTables(tx, names);

      const loaded = new Map<string, number>();
      let databaseDone = false;
      const finishDatabase = async () => {
        for (const table of manifest.tables) {
          if ((loaded.get(table.name) ?? 0) !== table.rows) {
            throw new BackupError(`${file} changed while it was being restored (${table.name}).`);
          }
          const info = tables.find((t) => t.name === table.name);
          if (!info) continue;
          for (const state of table.sequences) {
            await step(`setting ${table.name}.${state.column}'s sequence`, () =>
              repo.restoreSequence(tx, info, state),
            );
          }
        }
        await repo.setUserTriggers(tx, names, true);
        const newer = known.slice(archiveLevel + 1);
        if (newer.length) {
          report(
            `  applying ${newer.length} newer migration(s): ${newer.map((m) => m.tag).join(', ')}`,
          );
          await step('applying the newer migrations', () => applyMigrations(tx, newer));
        }
        databaseDone = true;
      };

      for await (const entry of readArchive(file)) {
        const data = parseDataEntryName(entry.name);
        if (data) {
          const table = tablesByName.get(data.table);
          if (!table) throw new BackupError(`${file} changed while it was being restored.`);
          const lines = splitLines(await readBody(entry));
          await step(`loading ${table.name}`, () =>
            repo.insertRows(tx, table.name, table.columns, lines),
          );
          const rows = (loaded.get(table.name) ?? 0) + lines.length;
          loaded.set(table.name, rows);
          if (data.part === table.files) {
            report(`  ${table.name}: ${counted(rows, 'row', 'rows')}`);
          }
          continue;
        }
        if (!databaseDone) await finishDatabase();
        const key = parsePhotoEntryName(entry.name);
        if (!key) continue; // the manifest, read already
        const body = await readBody(entry);
        if (sha256(body) !== photosByKey.get(key)?.sha256) {
          throw new BackupError(`${file} changed while it was being restored (${key}).`);
        }
        await storage.write(key, body, photoObjectType(key) ?? 'application/octet-stream');
        written.push(key);
        if (written.length % PROGRESS_PHOTOS === 0) {
          report(
            `  photos: ${formatCount(written.length)} of ${formatCount(manifest.photos.length)}…`,
          );
        }
      }
      if (!databaseDone) await finishDatabase();
      if (written.length !== manifest.photos.length) {
        throw new BackupError(`${file} changed while it was being restored (its photos).`);
      }
      report(
        `  photos: ${counted(written.length, 'object', 'objects')} (${formatBytes(photoBytes)})`,
      );
    });
  } catch (err) {
    // The transaction rolled back; the photos copied so far go too, so a new try starts empty.
    await storage.remove(written).catch(() => {});
    throw err;
  }
  await repo.analyze(
    database.db,
    manifest.tables.map((t) => t.name),
  );
  return {
    file,
    manifest,
    tables: manifest.tables.length,
    rows: totalRows,
    photos: manifest.photos.length,
    photoBytes,
  };
}

/**
 * Runs one step of the load, naming it in its error. Drizzle's failed-query errors carry the whole
 * statement and its parameters (a batch of rows, megabytes): the database's own words are enough.
 */
async function step<T>(doing: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
    throw new Error(`${doing}: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause: err,
    });
  }
}

/**
 * Refuses a database that holds data (see REPLACED_TABLES) or that a newer BEC migrated; answers
 * the index of its last migration in `known` (-1 for a database BEC never ran on).
 */
async function checkEmptyDatabase(
  db: Database,
  kind: DatabaseHandle['kind'],
  known: { when: number }[],
): Promise<number> {
  const applied = await appliedMigrations(db);
  const last = applied.at(-1);
  const level = last === undefined ? -1 : known.findIndex((m) => m.when === last);
  if (last !== undefined && level < 0) {
    throw new BackupError(
      `The ${kind} database was migrated by a newer BEC than this one: restore into a new, empty database.`,
    );
  }
  const inUse = await repo.tablesWithRows(
    db,
    (await repo.tableNames(db)).filter((name) => !REPLACED_TABLES.has(name)),
  );
  if (inUse.length) {
    const where =
      kind === 'pglite'
        ? 'point DATA_DIR at a new folder (the embedded database lives in DATA_DIR/db)'
        : 'create a new database and point DATABASE_URL at it';
    throw new BackupError(
      `The ${kind} database already holds data (${inUse.join(', ')}): a backup is only restored into an empty one, so nothing was written. To restore, ${where}.`,
    );
  }
  return level;
}

async function checkEmptyStorage(storage: PhotoStorage) {
  for (const prefix of PHOTO_PREFIXES) {
    for await (const object of storage.list(prefix)) {
      throw new BackupError(
        `The ${storage.kind} photo storage already holds photos (e.g. ${object.key}): a backup is only restored into an empty one, so nothing was written. Use a new DATA_DIR or bucket.`,
      );
    }
  }
}

/** The backup's tables must be exactly the schema's at its migration, column for column. */
function checkSchema(tables: repo.TableInfo[], manifest: Manifest) {
  const problem = (detail: string) =>
    new BackupError(
      `The backup does not match BEC's schema at migration ${manifest.bec.last_migration} (${detail}); nothing was written.`,
    );
  const expected = new Map(tables.map((t) => [t.name, t]));
  for (const table of manifest.tables) {
    const info = expected.get(table.name);
    if (!info) throw problem(`no table ${table.name}`);
    if (info.columns.join(',') !== table.columns.join(',')) {
      throw problem(`${table.name} has columns ${info.columns.join(', ')}`);
    }
    for (const state of table.sequences) {
      if (!info.sequences.some((s) => s.column === state.column)) {
        throw problem(`${table.name}.${state.column} has no sequence`);
      }
    }
    expected.delete(table.name);
  }
  if (expected.size) throw problem(`missing ${[...expected.keys()].join(', ')}`);
}

function splitLines(body: Buffer): string[] {
  const text = body.toString('utf8');
  if (!text.endsWith('\n')) throw new Error('a data entry does not end with a newline');
  return text.slice(0, -1).split('\n');
}

/**
 * A quick look at an archive's first entry, before anything is opened: a file that is not a
 * .tar.gz of a BEC backup is refused at once.
 */
export async function checkArchiveStart(file: string): Promise<void> {
  const notBackup = (reason: string) => new BackupError(`${file} is not a BEC backup: ${reason}.`);
  try {
    for await (const entry of readArchive(file)) {
      const known =
        entry.name === MANIFEST_ENTRY ||
        parseDataEntryName(entry.name) !== null ||
        parsePhotoEntryName(entry.name) !== null;
      if (!known) throw notBackup(`${entry.name} is not part of one`);
      return;
    }
  } catch (err) {
    if (err instanceof BackupError) throw err;
    throw notBackup(err instanceof Error ? err.message : String(err));
  }
  throw notBackup('it is empty');
}

/**
 * Reads the whole archive once without writing anything: a BEC backup, of a format this code
 * reads, whose entries are exactly what its manifest lists (rows counted and shaped, photos by
 * size and SHA-256). Answers the manifest.
 */
async function inspectArchive(file: string): Promise<Manifest> {
  const notBackup = (reason: string) => new BackupError(`${file} is not a BEC backup: ${reason}.`);
  const seenTables = new Map<string, { rows: number; files: number; columns: string[] | null }>();
  const tableOrder: string[] = [];
  const seenPhotos = new Map<string, { bytes: number; sha256: string }>();
  let manifestText: string | null = null;

  try {
    for await (const entry of readArchive(file)) {
      if (manifestText !== null) throw notBackup(`${entry.name} comes after ${MANIFEST_ENTRY}`);
      if (entry.type !== 'file') throw notBackup(`it holds a ${entry.type}, ${entry.name}`);
      if (entry.name === MANIFEST_ENTRY) {
        if (entry.size > MAX_DATA_ENTRY) throw notBackup(`its ${MANIFEST_ENTRY} is too large`);
        manifestText = (await readBody(entry)).toString('utf8');
        continue;
      }
      const data = parseDataEntryName(entry.name);
      if (data) {
        if (seenPhotos.size) throw notBackup(`table data ${entry.name} comes after photos`);
        if (entry.size > MAX_DATA_ENTRY) throw notBackup(`${entry.name} is too large`);
        let table = seenTables.get(data.table);
        if (!table) {
          table = { rows: 0, files: 0, columns: null };
          seenTables.set(data.table, table);
          tableOrder.push(data.table);
        } else if (tableOrder.at(-1) !== data.table) {
          throw notBackup(`${data.table}'s rows are not together`);
        }
        if (data.part !== table.files + 1) throw notBackup(`${entry.name} is out of order`);
        table.files += 1;
        let lines: string[];
        try {
          lines = splitLines(await readBody(entry));
        } catch (err) {
          throw notBackup(`${entry.name}: ${(err as Error).message}`);
        }
        for (const [index, line] of lines.entries()) {
          let row: Record<string, unknown>;
          try {
            row = RowSchema.parse(JSON.parse(line));
          } catch {
            throw notBackup(`line ${index + 1} of ${entry.name} is not a JSON object`);
          }
          const columns = Object.keys(row);
          if (table.columns === null) table.columns = columns;
          else if (columns.join(',') !== table.columns.join(',')) {
            throw notBackup(`line ${index + 1} of ${entry.name} has other columns than the rest`);
          }
          table.rows += 1;
        }
        continue;
      }
      const key = parsePhotoEntryName(entry.name);
      if (key) {
        if (seenPhotos.has(key)) throw notBackup(`${entry.name} appears twice`);
        if (entry.size > MAX_PHOTO_ENTRY) throw notBackup(`${entry.name} is too large`);
        const hash = createHash('sha256');
        let bytes = 0;
        for await (const chunk of entry.body) {
          hash.update(chunk);
          bytes += chunk.length;
        }
        seenPhotos.set(key, { bytes, sha256: hash.digest('hex') });
        continue;
      }
      throw notBackup(`${entry.name} is not part of one`);
    }
  } catch (err) {
    if (err instanceof BackupError) throw err;
    // zlib's and tar's own words: "incorrect header check", "Invalid tar header", "unexpected end".
    throw notBackup(err instanceof Error ? err.message : String(err));
  }

  if (manifestText === null) throw notBackup(`it has no ${MANIFEST_ENTRY}`);
  let json: unknown;
  try {
    json = JSON.parse(manifestText);
  } catch {
    throw notBackup(`its ${MANIFEST_ENTRY} is not JSON`);
  }
  const header = ManifestHeaderSchema.safeParse(json);
  if (!header.success) throw notBackup(`its ${MANIFEST_ENTRY} is not a ${BACKUP_FORMAT} manifest`);
  if (header.data.format_version > BACKUP_FORMAT_VERSION) {
    throw new BackupError(
      `${file} was written by a newer BEC (backup format ${header.data.format_version}; this version reads format ${BACKUP_FORMAT_VERSION}): upgrade BEC, then restore it.`,
    );
  }
  const parsed = ManifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw notBackup(
      `its ${MANIFEST_ENTRY} is not valid (${issue?.path.join('.') || 'manifest'}: ${issue?.message})`,
    );
  }
  const manifest = parsed.data;

  const damaged = (detail: string) =>
    new BackupError(
      `${file} is damaged: ${detail}. Nothing was written; restore an older backup or a copy.`,
    );
  const listed = new Set<string>();
  for (const table of manifest.tables) {
    if (listed.has(table.name)) throw damaged(`the manifest lists ${table.name} twice`);
    listed.add(table.name);
    const seen = seenTables.get(table.name) ?? { rows: 0, files: 0, columns: null };
    if (seen.rows !== table.rows || seen.files !== table.files) {
      throw damaged(
        `${table.name} has ${seen.rows} rows in ${seen.files} entries, the manifest says ${table.rows} in ${table.files}`,
      );
    }
    if (seen.columns && seen.columns.join(',') !== table.columns.join(',')) {
      throw damaged(`${table.name}'s rows have other columns than the manifest lists`);
    }
  }
  for (const name of seenTables.keys()) {
    if (!listed.has(name)) throw damaged(`the manifest does not list ${name}`);
  }
  const manifestOrder = manifest.tables.filter((t) => t.files > 0).map((t) => t.name);
  if (manifestOrder.join(',') !== tableOrder.join(',')) {
    throw damaged('the tables are not in the manifest’s order');
  }
  if (manifest.photos.length !== seenPhotos.size) {
    throw damaged(
      `it holds ${seenPhotos.size} photo objects, the manifest lists ${manifest.photos.length}`,
    );
  }
  for (const photo of manifest.photos) {
    const seen = seenPhotos.get(photo.key);
    if (!seen) throw damaged(`${photo.key} is missing`);
    if (seen.bytes !== photo.bytes || seen.sha256 !== photo.sha256) {
      throw damaged(`${photo.key} does not match its SHA-256 in the manifest`);
    }
  }
  return manifest;
}
