import { parseArgs } from 'node:util';

export const BACKUP_USAGE = `Usage: npm run backup [-- --out FILE]

Writes one archive of the database and the photos: backups/bec-YYYYMMDD-HHMMSS.tar.gz (UTC) by
default, or FILE (a .tar.gz name; an existing file is never overwritten).

Options:
  -o, --out FILE   where to write the archive
  -h, --help       show this text

It reads the server's configuration (DATABASE_URL or the embedded database in DATA_DIR, and
STORAGE/S3_* or DATA_DIR/photos, from the environment or .env). PostgreSQL may stay in use while
it runs; the embedded database serves one process at a time: stop the server first.`;

export const RESTORE_USAGE = `Usage: npm run restore FILE

Restores an archive written by \`npm run backup\` into an EMPTY database and an EMPTY photo
storage (as configured for the server: DATABASE_URL or DATA_DIR, STORAGE/S3_*). It checks the
whole archive before it writes anything, and writes nothing when the database or the storage
already holds data. Start the server once it is done.

Options:
  -h, --help       show this text`;

export type BackupCommand = { command: 'backup'; out: string } | { command: 'help' };
export type RestoreCommand = { command: 'restore'; file: string } | { command: 'help' };
/** What went wrong, for the user; `usage` says whether the usage text helps. */
export type BackupArgsError = { error: string; usage: boolean };

const usageError = (error: string): BackupArgsError => ({ error, usage: true });
const ARCHIVE_NAME = /\.(tar\.gz|tgz)$/;

/** `backups/bec-20261124-031500.tar.gz`: the time in UTC, so names sort in the order made. */
export function defaultBackupFile(now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `backups/bec-${stamp}.tar.gz`;
}

function parse(argv: string[], withOut: boolean) {
  try {
    return parseArgs({
      args: argv,
      options: {
        help: { type: 'boolean', short: 'h' },
        ...(withOut ? { out: { type: 'string' as const, short: 'o' } } : {}),
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (err) {
    // parseArgs explains unknown flags and flags without their value.
    return usageError(err instanceof Error ? err.message : String(err));
  }
}

/** Reads the arguments after `npm run backup --`; no side effects, so tests call it directly. */
export function parseBackupArgs(
  argv: string[],
  now: Date = new Date(),
): BackupCommand | BackupArgsError {
  const parsed = parse(argv, true);
  if ('error' in parsed) return parsed;
  const { values, positionals } = parsed;
  if (values.help) return { command: 'help' };
  if (positionals.length) {
    return usageError(`Unexpected argument: ${positionals[0]} (name the archive with --out FILE).`);
  }
  const out = typeof values.out === 'string' ? values.out.trim() : undefined;
  if (out === undefined) return { command: 'backup', out: defaultBackupFile(now) };
  if (!ARCHIVE_NAME.test(out)) {
    return { error: `--out must name a .tar.gz file (got "${values.out}").`, usage: false };
  }
  return { command: 'backup', out };
}

/** Reads the arguments after `npm run restore`; no side effects, so tests call it directly. */
export function parseRestoreArgs(argv: string[]): RestoreCommand | BackupArgsError {
  const parsed = parse(argv, false);
  if ('error' in parsed) return parsed;
  const { values, positionals } = parsed;
  if (values.help) return { command: 'help' };
  const [file, extra] = positionals;
  if (file === undefined || !file.trim()) return usageError('FILE is missing: name the archive.');
  if (extra !== undefined) return usageError(`Unexpected argument: ${extra}`);
  return { command: 'restore', file };
}
