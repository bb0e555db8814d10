// s3rver ships no types; the programs that compile this file from elsewhere need them too.
/// <reference path="./s3rver.d.ts" />
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export type LocalS3 = { endpoint: string; close: () => Promise<void> };

/** A bucket by name, or with its subresources' XML (e.g. a CORSConfiguration). */
type Bucket = string | { name: string; configs: string[] };

/**
 * A local S3-compatible server on 127.0.0.1 (a free port unless one is given), its files in a
 * folder of its own that `close` removes.
 */
export async function startS3rver(buckets: Bucket[] = [], port = 0): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'bec-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    directory,
    silent: true,
    configureBuckets: buckets.map((bucket) =>
      typeof bucket === 'string' ? { name: bucket } : bucket,
    ),
  });
  const { port: bound } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${bound}`,
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
