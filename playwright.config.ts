import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumPath, e2eRequired, missingBrowserReason } from './e2e/browser';

const port = Number(process.env.E2E_PORT || 3100);
const baseURL = `http://localhost:${port}`;
// Workers load this file again; only the main process (no TEST_WORKER_INDEX) sets things up.
const isMainProcess = process.env.TEST_WORKER_INDEX === undefined;

if (missingBrowserReason) {
  if (e2eRequired) throw new Error(`E2E=required but ${missingBrowserReason}.`);
  if (isMainProcess) console.warn(`\nE2E SKIPPED: ${missingBrowserReason}.\n`);
}

/**
 * Each run gets a fresh, empty data directory (database and photos), removed when the run ends.
 * It is handed to the workers through the environment so they do not make their own.
 */
function freshDataDir() {
  const given = process.env.BEC_E2E_DATA_DIR;
  if (given) return given;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bec-e2e-'));
  process.env.BEC_E2E_DATA_DIR = dir;
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    trace: 'retain-on-failure',
  },
  // Without a browser every test is skipped, so there is no server to start either.
  webServer: missingBrowserReason
    ? undefined
    : {
        // The real server, as `npm run serve` runs it; it serves the built web app (npm run build).
        command: 'node --import tsx apps/api/src/server.ts',
        url: `${baseURL}/readyz`,
        reuseExistingServer: false,
        timeout: 120_000,
        gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
        env: {
          PORT: String(port),
          HOST: 'localhost',
          DATA_DIR: freshDataDir(),
          LOG_LEVEL: 'warn',
          // Always the embedded PGlite in the fresh DATA_DIR, never a database from the shell
          // (a developer's own data); Playwright drops variables whose value is undefined.
          DATABASE_URL: undefined as unknown as string,
        },
      },
});
