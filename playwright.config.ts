import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  chromiumArgs,
  chromiumPath,
  e2eRequired,
  missingBrowserReason,
} from '@bec/testkit/browser';
import { serveArgs } from '@bec/testkit/serve-command';
import { defineConfig } from '@playwright/test';
import { TILES } from './e2e/map-tiles';
import { PRODUCTION, productionSkipReason } from './e2e/production/settings';

const port = Number(process.env.E2E_PORT || 3100);
const baseURL = `http://localhost:${port}`;
// The accessibility walks' own demo server, on the next port: they read every screen in both
// languages (two minutes), beside the other journeys rather than after them.
const walkPort = port + 1;
const walkURL = `http://localhost:${walkPort}`;
// Workers load this file again; only the main process (no TEST_WORKER_INDEX) sets things up.
const isMainProcess = process.env.TEST_WORKER_INDEX === undefined;

if (missingBrowserReason) {
  if (e2eRequired) throw new Error(`E2E=required but ${missingBrowserReason}.`);
  if (isMainProcess) console.warn(`\nE2E SKIPPED: ${missingBrowserReason}.\n`);
}

// The production project (the app on PostgreSQL, S3 and an external OpenID provider, each on an
// origin of its own, the real CSP enforced) needs a PostgreSQL server for its fresh database.
if (!missingBrowserReason && productionSkipReason) {
  if (e2eRequired) throw new Error(`E2E=required but ${productionSkipReason}.`);
  if (isMainProcess) console.warn(`\nPRODUCTION E2E SKIPPED: ${productionSkipReason}.\n`);
}
const runProduction = !missingBrowserReason && !productionSkipReason;

/** How Playwright stops each server: SIGTERM, as a process manager would. */
const gracefulShutdown = { signal: 'SIGTERM', timeout: 10_000 } as const;

/** The external provider, the S3 store and the app of the production project. */
const productionServers = [
  {
    command: 'node --import tsx e2e/production/identity-provider.ts',
    url: `${PRODUCTION.issuer}/.well-known/openid-configuration`,
    reuseExistingServer: false,
    timeout: 60_000,
    gracefulShutdown,
  },
  {
    command: 'node --import tsx e2e/production/object-store.ts',
    port: PRODUCTION.s3Port,
    reuseExistingServer: false,
    timeout: 60_000,
    gracefulShutdown,
  },
  {
    // The real server, on a fresh PostgreSQL database (serve-app.ts makes and drops it).
    command: 'node --import tsx e2e/production/serve-app.ts',
    url: `${PRODUCTION.appOrigin}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    gracefulShutdown,
    env: {
      PORT: String(PRODUCTION.appPort),
      HOST: 'localhost',
      LOG_LEVEL: 'warn',
      OIDC_ISSUER: PRODUCTION.issuer,
      OIDC_CLIENT_ID: PRODUCTION.clientId,
      OIDC_AUDIENCE: PRODUCTION.audience,
      ADMIN_EMAILS: PRODUCTION.admin,
      // No test reaches the internet (production's default UF source is mindicador.cl, its
      // default map tiles OpenStreetMap's).
      UF_SOURCE: 'none',
      MAP_TILES_URL: TILES.url,
      STORAGE: 's3',
      S3_BUCKET: PRODUCTION.bucket,
      S3_ENDPOINT: PRODUCTION.s3Origin,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
      // The link import's journey serves its listing page on 127.0.0.1 (e2e/production/
      // import-listing.spec.ts), a private address the import refuses otherwise (ADR 037).
      IMPORT_ALLOW_HOSTS: '127.0.0.1',
    },
  },
];

/**
 * Each run gets fresh, empty data directories (database and photos), one per demo server, removed
 * when the run ends. Their parent is handed to the workers through the environment so they do not
 * make their own.
 */
function freshDataDir(name: string) {
  let root = process.env.BEC_E2E_DATA_DIR;
  if (!root) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bec-e2e-'));
    root = dir;
    process.env.BEC_E2E_DATA_DIR = dir;
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  const dir = path.join(root, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** A demo server (`npm run serve`'s built server, embedded PGlite) on `port`, its own data. */
const demoServer = (serverPort: number, data: string) => ({
  command: ['node', ...serveArgs()].join(' '),
  url: `http://localhost:${serverPort}/readyz`,
  reuseExistingServer: false,
  timeout: 120_000,
  gracefulShutdown,
  env: {
    PORT: String(serverPort),
    HOST: 'localhost',
    DATA_DIR: freshDataDir(data),
    LOG_LEVEL: 'warn',
    // Always the embedded PGlite in the fresh DATA_DIR, never a database from the shell (a
    // developer's own data); Playwright drops variables whose value is undefined.
    DATABASE_URL: undefined as unknown as string,
    // The maps' tiles from the fake tile server, never OpenStreetMap's.
    MAP_TILES_URL: TILES.url,
  },
});

export default defineConfig({
  testDir: './e2e',
  projects: [
    // The development configuration: embedded PGlite, local photos, the embedded provider.
    {
      name: 'demo',
      testIgnore: ['production/**', 'accessibility.spec.ts'],
      use: { baseURL },
      workers: 1,
    },
    // The same configuration on a server of its own, for the walks through every screen.
    {
      name: 'demo-walk',
      testMatch: 'accessibility.spec.ts',
      use: { baseURL: walkURL },
      workers: 1,
    },
    // Skipped, with the reason, when it cannot run (journeys.spec.ts).
    {
      name: 'production',
      testDir: './e2e/production',
      use: { baseURL: PRODUCTION.appOrigin },
      workers: 1,
    },
  ],
  // Each project's journeys share one server and its data, so they run one at a time, in file
  // order; the projects (each with servers of its own) run side by side, two at a time.
  fullyParallel: false,
  workers: 2,
  // A journey that fails is run once more, and the summary counts it apart ("passed only on
  // retry"): the browser on a loaded 2-core machine is sometimes slower than a wait allows, and
  // one such stall must not hide the rest of the run's verdict. A second failure fails the run.
  retries: 1,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  // A journey's own time varies with the machine's browser speed, not with BEC: on one 2-core
  // machine the whole run took more than twice as long as on another of the same kind (ADR 056),
  // and the Data page's journeys, beside the other projects, took twice their time alone, past a
  // 30 s limit (bench/reports/2026-12-08-figures-from-comments.md). The limits leave twice that
  // room; a wait that never ends still fails.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL,
    browserName: 'chromium',
    // BEC's people read Spanish: the browser's language (navigator.languages, Accept-Language) is
    // Chile's, so the app starts in Spanish as it does for them. A journey in English chooses it.
    locale: 'es-CL',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
    trace: 'retain-on-failure',
    // The web app's service worker (ADR 044) would precache the whole build in every journey's
    // fresh browser and answer its navigations; only e2e/production/installable.spec.ts allows it.
    serviceWorkers: 'block',
  },
  // Without a browser every test is skipped, so there is no server to start either.
  webServer: missingBrowserReason
    ? undefined
    : [
        // The built server, as `npm run serve` runs it; it serves the built web app (npm run build).
        demoServer(port, 'demo'),
        demoServer(walkPort, 'walk'),
        {
          // Both projects' map tiles (e2e/map-tiles.ts): no test reaches the internet.
          command: 'node --import tsx e2e/fake-tile-server.ts',
          port: TILES.port,
          reuseExistingServer: false,
          timeout: 30_000,
          gracefulShutdown,
        },
        ...(runProduction ? productionServers : []),
      ],
});
