import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createTestDatabase } from './database.js';

/** The warning lines an app logs while it is built with `env`. */
async function warningsAtStart(env: Record<string, string>) {
  const database = await createTestDatabase({ migrated: true });
  const lines: { level: number; msg: string; hosts?: string[] }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).trim().split('\n')) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = await buildApp({
    config: loadConfig({
      // Never asked: the app is built, not started.
      OIDC_ISSUER: 'http://127.0.0.1:9/',
      OIDC_CLIENT_ID: 'bec-web',
      OIDC_AUDIENCE: 'bec-api-test',
      SEED_DEMO: '0',
      UF_SOURCE: 'none',
      ...env,
    }),
    database: database.handle,
    logger: { level: 'warn', stream },
    webRoot: null,
  });
  await app.close();
  await database.destroy();
  return lines.filter((line) => line.level === 40);
}

describe('IMPORT_ALLOW_HOSTS', () => {
  it('is logged as a warning at start whenever it is set, and not otherwise', async () => {
    expect(await warningsAtStart({ IMPORT_ALLOW_HOSTS: 'localhost,page.test' })).toContainEqual(
      expect.objectContaining({
        hosts: ['localhost', 'page.test'],
        msg: expect.stringMatching(/^IMPORT_ALLOW_HOSTS is set: .*for tests only/),
      }),
    );
    const without = await warningsAtStart({});
    expect(without.filter((line) => line.msg.includes('IMPORT_ALLOW_HOSTS'))).toEqual([]);
  });
});
