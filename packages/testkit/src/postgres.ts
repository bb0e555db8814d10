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
 * A new database named `<prefix>_<random>` on the PostgreSQL server at `serverUrl`, for one test
 * file or one run of the browser journeys: empty, or a copy of the database `template` (which
 * nobody may be connected to meanwhile).
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await execute(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => execute(serverUrl, `drop database if exists ${name} with (force)`),
  };
}
