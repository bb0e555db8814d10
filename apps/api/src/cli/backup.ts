// `npm run backup [-- --out FILE]`: one archive of the database and the photos (ADR 021).
import { stat } from 'node:fs/promises';
import {
  BackupError,
  counted,
  createBackup,
  formatBytes,
} from '../modules/backup/backup.service.js';
import { BACKUP_USAGE, parseBackupArgs } from './backup-args.js';
import { describeError, openPhotoStorage, withDatabase } from './with-database.js';

const parsed = parseBackupArgs(process.argv.slice(2));

if ('error' in parsed) {
  console.error(parsed.error);
  if (parsed.usage) console.error(`\n${BACKUP_USAGE}`);
  process.exitCode = 1;
} else if (parsed.command === 'help') {
  console.log(BACKUP_USAGE);
} else {
  const file = parsed.out;
  await withDatabase(
    async (handle, config) => {
      const { storage, close } = await openPhotoStorage(config);
      const started = Date.now();
      try {
        const done = await createBackup({ database: handle, storage, file, report: console.log });
        const size = (await stat(file)).size;
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        console.log(
          `Backup written: ${file} (${formatBytes(size)}): ${counted(done.rows, 'row', 'rows')} in ${done.tables} tables, ${counted(done.photos, 'photo object', 'photo objects')} (${formatBytes(done.photoBytes)}), in ${seconds} s.`,
        );
      } catch (err) {
        console.error(
          err instanceof BackupError
            ? err.message
            : `The backup failed and no archive was written: ${describeError(err)}`,
        );
        process.exitCode = 1;
      } finally {
        close();
      }
    },
    // The database as it is: a backup changes nothing, not even the schema.
    { prepare: false },
  );
}
