import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { type Config, ConfigError, loadConfig } from '../config.js';
import { type DatabaseHandle, openDatabase } from '../db/client.js';
import { prepareDatabase } from '../db/prepare.js';
import { AppError } from '../lib/app-error.js';
import { createLocalStorage } from '../plugins/app/storage/local-storage.js';
import type { PhotoStorage } from '../plugins/app/storage/photo-storage.js';
import { createUrlSigner } from '../plugins/app/storage/url-signer.js';

/** The message of an error, also for AggregateErrors (pg's refused connections) that have none. */
export function describeError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  if (err.message) return err.message;
  if (err instanceof AggregateError) return err.errors.map(describeError).join('; ');
  const code = (err as NodeJS.ErrnoException).code;
  return code ?? err.name;
}

export type WithDatabaseOptions = {
  /**
   * Migrate and load the reference data first (the default). Backups read the database as it is,
   * and a restore wants it untouched.
   */
  prepare?: boolean;
  /**
   * How long a PostgreSQL query may go without a byte before its connection is dropped, instead
   * of DATABASE_TIMEOUT (meant for requests): a restore's migrations may legitimately run longer.
   */
  timeoutMs?: number;
};

/**
 * Start-up of the shell commands: `.env`, the configuration, and the server's database, migrated
 * but with no demo data. Runs `task`, prints what went wrong for the user (a bad setting, a
 * refused rule, the embedded database held by the running server), and always closes the database.
 * Sets the exit code to 1 on failure.
 */
export async function withDatabase(
  task: (handle: DatabaseHandle, config: Config) => Promise<void>,
  options: WithDatabaseOptions = {},
): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exitCode = 1;
    return;
  }

  let handle: DatabaseHandle;
  try {
    handle = await openDatabase(
      config.database.kind === 'postgres' && options.timeoutMs
        ? { ...config.database, timeoutMs: Math.max(config.database.timeoutMs, options.timeoutMs) }
        : config.database,
    );
  } catch (err) {
    console.error(describeError(err));
    process.exitCode = 1;
    return;
  }

  try {
    if (options.prepare ?? true) {
      try {
        await prepareDatabase(handle, { seedDemo: false });
      } catch (err) {
        console.error(`Could not prepare the ${handle.kind} database: ${describeError(err)}`);
        process.exitCode = 1;
        return;
      }
    }
    await task(handle, config);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    console.error(err.message);
    process.exitCode = 1;
  } finally {
    await handle.close();
  }
}

/**
 * The server's photo storage, for commands that copy photos (backup, restore). They sign no URLs,
 * so the local driver gets a throwaway key rather than DATA_DIR's. Close it when done (S3 keeps
 * connections open).
 */
export async function openPhotoStorage(
  config: Config,
): Promise<{ storage: PhotoStorage; close: () => void }> {
  if (config.storage.kind === 'local') {
    const signer = createUrlSigner(randomBytes(32).toString('base64url'));
    return { storage: createLocalStorage({ dir: config.storage.dir, signer }).storage, close() {} };
  }
  // The AWS SDK only when photos live in S3 (ADR 020).
  const { createS3Storage } = await import('../plugins/app/storage/s3-storage.js');
  const s3 = createS3Storage(config.storage);
  return { storage: s3, close: () => s3.client.destroy() };
}
