import path from 'node:path';
import { type SpawnedServer, spawnServer } from './server.js';

export type DemoServer = SpawnedServer;

/**
 * The server as `npm start` serves it (the built web app, embedded PGlite, local photos, the
 * development sign-in with the demo properties), on a fresh DATA_DIR under `tempDir`. PUBLIC_URL
 * is `localhost`, as in the e2e setup: the sign-in's issuer and the tokens' audience derive from
 * it, so the browser must use that origin. The environment is minimal (no DATABASE_URL from the
 * shell); `env` adds to it (the Lighthouse bench's MAP_TILES_URL).
 */
export function startDemoServer(
  tempDir: string,
  env: Record<string, string> = {},
): Promise<DemoServer> {
  return spawnServer(tempDir, (port) => {
    const base = `http://localhost:${port}`;
    return {
      base,
      env: {
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: base,
        DATA_DIR: path.join(tempDir, 'data'),
        SEED_DEMO: '1',
        ...env,
      },
    };
  });
}
