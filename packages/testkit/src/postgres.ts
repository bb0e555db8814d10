import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type ScratchDatabase = {
  name: string;
  /** The new database's address on the server. */
  url: string;
  /** Drops it, ending any session still open on it. */
  drop: () => Promise<void>;
};

/** Runs one statement on the database at `url`. */
async function execute(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty database named `<prefix>_<random>` on the PostgreSQL server at `serverUrl`, for
 * one test file or one run of the browser journeys.
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await execute(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => execute(serverUrl, `drop database if exists ${name} with (force)`),
  };
}
