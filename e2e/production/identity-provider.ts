// The production journeys' external OpenID provider: the development provider (a real
// oidc-provider, the same sign-in page) on a Fastify instance of its own, on its own origin, in
// its own process, as Google or Auth0 would be. Run by playwright.config.ts.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { devIdentity, loadOrCreateDevKeys } from '@bec/api/tools';
import Fastify from 'fastify';
import { PRODUCTION } from './settings.js';

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bec-e2e-provider-'));
const app = Fastify({ logger: { level: 'warn' } });
await app.register(devIdentity, {
  issuer: PRODUCTION.issuer,
  audience: PRODUCTION.audience,
  clientId: PRODUCTION.clientId,
  appOrigins: [PRODUCTION.appOrigin],
  keys: await loadOrCreateDevKeys(dataDir),
  dataDir,
});

const stop = async () => {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
await app.listen({ host: '127.0.0.1', port: PRODUCTION.providerPort });
