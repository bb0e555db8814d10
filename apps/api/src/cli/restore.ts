// `npm run restore FILE`: an archive of `npm run backup` into an empty database and storage
// (ADR 021).
import { existsSync } from 'node:fs';
import { BackupError, counted, formatBytes } from '../modules/backup/backup.service.js';
import { checkArchiveStart, restoreBackup } from '../modules/backup/restore.service.js';
import { parseRestoreArgs, RESTORE_USAGE } from './backup-args.js';
import { describeError, openPhotoStorage, withDatabase } from './with-database.js';

/** A restore's migrations run on every row restored: far longer than any request's query. */
const RESTORE_QUERY_TIMEOUT_MS = 30 * 60_000;

async function restore(file: string) {
  if (!existsSync(file)) {
    console.error(`${file}: no such file.`);
    process.exitCode = 1;
    return;
  }
  try {
    // A file that is no backup at all is refused before the database is even opened.
    await checkArchiveStart(file);
  } catch (err) {
    if (!(err instanceof BackupError)) throw err;
    console.error(err.message);
    process.exitCode = 1;
    return;
  }
  await withDatabase(
    async (handle, config) => {
      const { storage, close } = await openPhotoStorage(config);
      const started = Date.now();
      try {
        const done = await restoreBackup({ database: handle, storage, file, report: console.log });
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        console.log(
          `Restored ${file}: ${counted(done.rows, 'row', 'rows')} in ${done.tables} tables, ${counted(done.photos, 'photo object', 'photo objects')} (${formatBytes(done.photoBytes)}), in ${seconds} s. Start the server as usual.`,
        );
      } catch (err) {
        console.error(
          err instanceof BackupError
            ? err.message
            : `The restore failed and was undone (the database and the photo storage are as they were): ${describeError(err)}`,
        );
        process.exitCode = 1;
      } finally {
        close();
      }
    },
    // Untouched until the archive is checked: the restore migrates it itself, in its transaction.
    { prepare: false, timeoutMs: RESTORE_QUERY_TIMEOUT_MS },
  );
}

const parsed = parseRestoreArgs(process.argv.slice(2));

if ('error' in parsed) {
  console.error(parsed.error);
  if (parsed.usage) console.error(`\n${RESTORE_USAGE}`);
  process.exitCode = 1;
} else if (parsed.command === 'help') {
  console.log(RESTORE_USAGE);
} else {
  await restore(parsed.file);
}
