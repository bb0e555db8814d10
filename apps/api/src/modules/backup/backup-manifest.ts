import { z } from 'zod';
import { isPhotoObjectKey } from '../../plugins/app/storage/photo-storage.js';

/**
 * What a backup archive is: a gzipped tar of
 *
 *   database/<table>/000001.ndjson …  each table's rows, one JSON object per line, in batches
 *   photos/<storage key> …            every photo object: uploads (originals) and their variants
 *   manifest.json                     this file's shape, written last (it counts what came before)
 *
 * Tables come in load order (each after the tables it references). A restore reads the whole
 * archive once to check it against the manifest before it writes anything.
 */
export const BACKUP_FORMAT = 'bec-backup';
/** Raised when the layout changes; a restore refuses a version above its own. */
export const BACKUP_FORMAT_VERSION = 1;

export const MANIFEST_ENTRY = 'manifest.json';
const DATA_PREFIX = 'database/';
const PHOTO_PREFIX = 'photos/';

export const dataEntryName = (table: string, part: number) =>
  `${DATA_PREFIX}${table}/${String(part).padStart(6, '0')}.ndjson`;
export const photoEntryName = (key: string) => `${PHOTO_PREFIX}${key}`;

/** `database/<table>/<part>.ndjson` → its table and part, or null for any other name. */
export function parseDataEntryName(name: string): { table: string; part: number } | null {
  const match = /^database\/([a-z_][a-z0-9_]*)\/(\d{6})\.ndjson$/.exec(name);
  return match?.[1] && match[2] ? { table: match[1], part: Number(match[2]) } : null;
}

/** `photos/<key>` → the key, if it is one of BEC's photo objects; null otherwise. */
export function parsePhotoEntryName(name: string): string | null {
  if (!name.startsWith(PHOTO_PREFIX)) return null;
  const key = name.slice(PHOTO_PREFIX.length);
  return isPhotoObjectKey(key) ? key : null;
}

const identifier = z
  .string()
  .regex(/^[a-z_][a-z0-9_]*$/, { error: 'is not a table or column name' });
const count = z.number().int().min(0);

const TableSchema = z.object({
  name: identifier,
  /** The stored columns, in the order of every row's keys. */
  columns: z.array(identifier).min(1),
  rows: count,
  /** How many `database/<name>/…` entries hold them. */
  files: count,
  /** Where the table's sequences stood (identity columns): restored as they were. */
  sequences: z.array(
    z.object({
      column: identifier,
      last_value: z.string().regex(/^-?\d{1,19}$/),
      is_called: z.boolean(),
    }),
  ),
});

const PhotoSchema = z.object({
  key: z.string().refine(isPhotoObjectKey, { error: 'is not a photo key' }),
  bytes: count,
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

/** Just enough to tell a BEC backup, and which version of the format, before reading the rest. */
export const ManifestHeaderSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  format_version: z.number().int().min(1),
});

export const ManifestSchema = ManifestHeaderSchema.extend({
  created_at: z.iso.datetime({ offset: true }),
  /** The schema the rows belong to: the last migration applied to the database backed up. */
  bec: z.object({
    migrations: z.number().int().min(1),
    last_migration: z.string().min(1),
    /** Drizzle's timestamp of that migration (its journal's `when`), which a restore matches. */
    last_migration_at: z.number().int(),
  }),
  source: z.object({
    database: z.enum(['pglite', 'postgres']),
    storage: z.enum(['local', 's3']),
  }),
  tables: z.array(TableSchema).min(1),
  photos: z.array(PhotoSchema),
});

export type Manifest = z.infer<typeof ManifestSchema>;
