/**
 * Where the production-mode journeys run: the app, its external OpenID provider and its S3 store,
 * each on an origin of its own (localhost for the app, 127.0.0.1 for the others).
 */
const base = Number(process.env.E2E_PROD_PORT || 3110);

export const PRODUCTION = {
  appPort: base,
  appOrigin: `http://localhost:${base}`,
  providerPort: base + 1,
  issuer: `http://127.0.0.1:${base + 1}/oidc`,
  s3Port: base + 2,
  s3Origin: `http://127.0.0.1:${base + 2}`,
  bucket: 'bec-photos',
  audience: `http://localhost:${base}/api`,
  clientId: 'bec-web',
  admin: 'admin@bec.local',
} as const;

/**
 * The production journeys need a PostgreSQL server for their fresh database (CI's DATABASE_URL);
 * without one they are skipped, or fail the run under E2E=required (playwright.config.ts).
 */
export const productionSkipReason = process.env.DATABASE_URL
  ? undefined
  : 'no DATABASE_URL: the production-mode journeys need a PostgreSQL server for their database';

/**
 * The bucket's CORS rule, as docs/operations/storage.md has it: the app's origin may PUT uploads
 * and GET photos, sending the headers the upload sets.
 */
export const bucketCors = (appOrigin: string) => `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>${appOrigin}</AllowedOrigin>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedHeader>content-type</AllowedHeader>
    <AllowedHeader>if-none-match</AllowedHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;
