import pg from 'pg';

/** Where the bench creates its own database when DATABASE_URL is not given (trust auth). */
const LOCAL_SERVER = 'postgres://postgres@127.0.0.1:5432';
const LOCAL_DATABASE = 'bec_bench';

export type BenchDatabase = {
  url: string;
  /** True when the bench created the database (and so may drop it). */
  owned: boolean;
  /** Drops the database unless it was given or BENCH_KEEP=1; safe to call twice. */
  dispose: (keep: boolean) => Promise<string>;
};

/** Thrown for problems the user fixes outside the bench; run.ts prints just the message. */
export class BenchSetupError extends Error {}

const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (err) {
    // A refused connection to a name with two addresses is an AggregateError with no message.
    const code = (err as { code?: string }).code;
    const reason = err instanceof Error ? err.message || code || err.name : String(err);
    throw new BenchSetupError(`PostgreSQL is not reachable at ${redact(url)}: ${reason}`);
  }
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The database to benchmark: DATABASE_URL as given (it must hold no properties yet, or the row
 * counts would be wrong), or a fresh `bec_bench` on the local server, dropped first if a previous
 * run left it behind.
 */
export async function provideDatabase(givenUrl: string | undefined): Promise<BenchDatabase> {
  if (givenUrl) {
    await withClient(givenUrl, async (client) => {
      const exists = await client.query<{ table: string | null }>(
        "select to_regclass('public.properties')::text as table",
      );
      if (exists.rows[0]?.table) {
        const count = await client.query<{ n: number }>(
          'select count(*)::int as n from properties',
        );
        const n = count.rows[0]?.n ?? 0;
        if (n > 0) {
          throw new BenchSetupError(
            `DATABASE_URL (${redact(givenUrl)}) already holds ${n} properties; the bench needs an empty database.`,
          );
        }
      }
    });
    return { url: givenUrl, owned: false, dispose: async () => 'kept (DATABASE_URL was given)' };
  }

  const adminUrl = `${LOCAL_SERVER}/postgres`;
  await withClient(adminUrl, async (client) => {
    // `with (force)` ends sessions a crashed run may have left open (PostgreSQL 13+).
    await client.query(`drop database if exists ${LOCAL_DATABASE} with (force)`);
    await client.query(`create database ${LOCAL_DATABASE}`);
  });
  let disposed = false;
  return {
    url: `${LOCAL_SERVER}/${LOCAL_DATABASE}`,
    owned: true,
    dispose: async (keep) => {
      if (disposed) return 'already dropped';
      disposed = true;
      if (keep) return `kept: ${LOCAL_SERVER}/${LOCAL_DATABASE} (BENCH_KEEP=1)`;
      await withClient(adminUrl, (client) =>
        client.query(`drop database if exists ${LOCAL_DATABASE} with (force)`),
      );
      return `dropped ${LOCAL_DATABASE}`;
    },
  };
}

export const serverVersion = async (pool: pg.Pool) =>
  (await pool.query<{ v: string }>('select version() as v')).rows[0]?.v ?? 'unknown';
