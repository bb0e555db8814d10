import type pg from 'pg';

/**
 * A large load with the tables' secondary indexes dropped, and the indexes built again after.
 * Maintaining some twenty indexes row by row was about half of the seed's time, and building each
 * once from the loaded rows is several times cheaper: a million listings load in minutes instead
 * of ten. Triggers stay on, so the database still derives every column as it does for any writer.
 * The definitions come from the catalogue (`pg_get_indexdef`), so the indexes built are exactly
 * the migrations' ones. Indexes that back a constraint (primary keys, unique keys, the targets of
 * foreign keys) are kept. The rebuilt indexes are freshly packed, where ones grown insert by
 * insert have half-full pages from splits: a little smaller than a grown table's (bench/method.md).
 */
export async function withoutIndexes<T>(
  pool: pg.Pool,
  tables: string[],
  load: () => Promise<T>,
): Promise<{ result: T; indexes: number; buildSeconds: number }> {
  const { rows } = await pool.query<{ name: string; definition: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i join pg_class t on t.oid = i.indrelid
      where t.relnamespace = 'public'::regnamespace and t.relname = any($1)
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
      order by pg_relation_size(i.indexrelid) desc`,
    [tables],
  );
  for (const { name } of rows) await pool.query(`drop index ${name}`);
  const loaded = await load().then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  // Rebuilt even when the load failed, so a kept database (BENCH_KEEP) has its schema.
  const started = performance.now();
  await buildIndexes(pool, rows);
  const buildSeconds = (performance.now() - started) / 1000;
  if ('error' in loaded) throw loaded.error;
  return { result: loaded.value, indexes: rows.length, buildSeconds };
}

/** Two builds at a time (the machine's two cores), the largest first, with room to sort in memory. */
async function buildIndexes(pool: pg.Pool, indexes: { definition: string }[]) {
  const queue = [...indexes];
  const worker = async () => {
    const client = await pool.connect();
    try {
      await client.query("set maintenance_work_mem = '256MB'");
      for (let next = queue.shift(); next; next = queue.shift())
        await client.query(next.definition);
    } finally {
      await client.query('reset maintenance_work_mem').catch(() => {});
      client.release();
    }
  };
  await Promise.all([worker(), worker()]);
}
