import path from 'node:path';
import { openDatabase } from '@bec/api/tools';
import type { TestIssuer } from '@bec/testkit/issuer';
import { progress } from '../common/progress.js';
import { adminToken, startEmbeddedServer } from '../common/server.js';
import { type ExportResult, measureExport } from './export.js';
import { BENCH_UF } from './plan.js';
import { createSeeder, type Queryable } from './seed-properties.js';

/** ADR 050: the CSV export the embedded database's peak memory is measured over. */
export const PGLITE_EXPORT_ROWS = 100_000;

export type PgliteExportFigures = {
  export: ExportResult;
  /** The server's peak resident memory over its start and the export (MB). */
  peakMb: number;
  /** Its resident memory once the export has been downloaded (MB). */
  afterMb: number;
};

/**
 * Loads PGLITE_EXPORT_ROWS listings into the PGlite folder `npm start` made in `demoDir` (the
 * demo's own stay), opened here as the API opens it, then serves it with the built server and
 * downloads the whole list as CSV. The server signs in through the bench's issuer: the
 * development sign-in's pages need a browser.
 */
export async function measurePgliteExport(
  demoDir: string,
  issuer: TestIssuer,
): Promise<PgliteExportFigures> {
  const handle = await openDatabase({ kind: 'pglite', dataDir: path.join(demoDir, 'data', 'db') });
  let expected: number;
  try {
    const client = (handle.db as unknown as { $client: Queryable }).$client;
    const seeder = await createSeeder(client, { ufValue: BENCH_UF });
    const started = performance.now();
    await seeder.loadUpTo(PGLITE_EXPORT_ROWS);
    const [row] = (await client.query<{ n: number }>('select count(*)::int as n from properties'))
      .rows;
    expected = row?.n ?? -1;
    progress(
      `PGlite: ${expected.toLocaleString('en-US')} listings loaded in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  } finally {
    await handle.close();
  }
  const server = await startEmbeddedServer({ tempDir: demoDir, issuer });
  try {
    const token = await adminToken(server.base, issuer);
    const result = await measureExport(
      { base: server.base, token, pid: server.pid },
      'all properties on PGlite',
      '',
      expected,
    );
    server.assertAlive();
    const memory = server.memory();
    progress(
      `PGlite CSV export: ${result.rows.toLocaleString('en-US')} rows in ${result.seconds.toFixed(1)} s; server RSS ${memory.rssMb.toFixed(0)} MB (peak ${memory.peakMb.toFixed(0)} MB)`,
    );
    return { export: result, peakMb: memory.peakMb, afterMb: memory.rssMb };
  } finally {
    await server.stop();
  }
}
