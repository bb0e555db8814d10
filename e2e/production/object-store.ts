// The production journeys' S3: s3rver on its own origin, its bucket's CORS letting the app's
// origin PUT uploads and GET photos. Run by playwright.config.ts.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { bucketCors, PRODUCTION } from './settings.js';

const directory = await mkdtemp(path.join(os.tmpdir(), 'bec-e2e-s3-'));
const server = new S3rver({
  address: '127.0.0.1',
  port: PRODUCTION.s3Port,
  directory,
  silent: true,
  configureBuckets: [{ name: PRODUCTION.bucket, configs: [bucketCors(PRODUCTION.appOrigin)] }],
});

const stop = async () => {
  await server.close();
  await rm(directory, { recursive: true, force: true });
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
await server.run();
