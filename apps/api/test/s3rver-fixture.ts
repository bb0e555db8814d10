import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export type LocalS3 = { endpoint: string; close: () => Promise<void> };

/** A local S3-compatible server on a free port of 127.0.0.1, its files in a folder of its own. */
export async function startS3rver(buckets: string[] = []): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'bec-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
