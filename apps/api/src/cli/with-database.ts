import { existsSync } from 'node:fs';
import { type Config, ConfigError, loadConfig } from '../config.js';
import { type DatabaseHandle, openDatabase } from '../db/client.js';
import { prepareDatabase } from '../db/prepare.js';
import { AppError } from '../lib/app-error.js';

/** The message of an error, also for AggregateErrors (pg's refused connections) that have none. */
export function describeError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  if (err.message) return err.message;
  if (err instanceof AggregateError) return err.errors.map(describeError).join('; ');
  const code = (err as NodeJS.ErrnoException).code;
  return code ?? err.name;
}

/**
 * Start-up of the shell commands: `.env`, the configuration, and the server's database, migrated
 * but with no demo data. Runs `task`, prints what went wrong for the user (a bad setting, a
 * refused rule, the embedded database held by the running server), and always closes the database.
 * Sets the exit code to 1 on failure.
 */
export async function withDatabase(
  task: (handle: DatabaseHandle, config: Config) => Promise<void>,
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
    handle = await openDatabase(config.database);
  } catch (err) {
    console.error(describeError(err));
    process.exitCode = 1;
    return;
  }

  try {
    try {
      await prepareDatabase(handle, { seedDemo: false });
    } catch (err) {
      console.error(`Could not prepare the ${handle.kind} database: ${describeError(err)}`);
      process.exitCode = 1;
      return;
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
