// The production journeys' S3: s3rver on its own origin, its bucket's CORS letting the app's
// origin PUT uploads and GET photos. Run by playwright.config.ts.
import { startS3rver } from '@bec/testkit/s3rver';
import { bucketCors, PRODUCTION } from './settings.js';

const store = await startS3rver(
  [{ name: PRODUCTION.bucket, configs: [bucketCors(PRODUCTION.appOrigin)] }],
  PRODUCTION.s3Port,
);

const stop = async () => {
  await store.close();
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
