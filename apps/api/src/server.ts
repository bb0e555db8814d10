import { existsSync } from 'node:fs';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

if (existsSync('.env')) process.loadEnvFile('.env');

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

let app: Awaited<ReturnType<typeof buildApp>>;
try {
  app = await buildApp({ config });
} catch (err) {
  // Known start-up failures (database locked or unreachable, a failed migration) in one line.
  console.error(`BEC could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}

// Supported on Node 24 LTS and later (ADR 020); `npm run serve` runs the Node 24 that npm installs.
if (Number(process.versions.node.split('.')[0]) < 24) {
  app.log.warn(
    `BEC is made for Node.js 24 or later and this is ${process.version}: start it with "npm run serve", which runs the Node 24 that "npm install" fetched.`,
  );
}

if (config.oidc.embedded) {
  app.log.warn(
    '*** DEVELOPMENT SIGN-IN IS ON: no OIDC_ISSUER is set, so anyone who reaches this server can sign in as anyone. Set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_AUDIENCE for production. ***',
  );
}

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info(`${signal} received: draining requests and closing the database`);
  await app.close();
});

try {
  await app.listen({ host: config.host, port: config.port });
  app.log.info(`BEC is ready on ${config.publicUrl} (database: ${config.database.kind})`);
} catch (err) {
  app.log.error({ err }, 'could not start');
  await app.close();
  process.exit(1);
}
