import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startIssuer } from '@bec/testkit/issuer';
import { sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { queryRows } from '../src/db/client.js';
import { prepareDatabase } from '../src/db/prepare.js';
import { seedReferenceData } from '../src/db/seed.js';
import { createUsersService } from '../src/modules/users/users.service.js';
import { createTestDatabase } from './database.js';

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/db/migrations');

/** A migrations folder holding only the first `count` migrations, as a database made before. */
async function migrationsUpTo(count: number) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'bec-migrations-'));
  await mkdir(path.join(folder, 'meta'));
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8'));
  journal.entries = journal.entries.slice(0, count);
  await writeFile(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries as { tag: string }[])
    await copyFile(
      path.join(MIGRATIONS, `${entry.tag}.sql`),
      path.join(folder, `${entry.tag}.sql`),
    );
  return folder;
}

const OLD_COLUMNS = sql.raw(`id, name, address, price, price_per_sqm, building_sqmts, land_sqmts,
  region_id, city_id, property_type_id, created_at, updated_at`);

it('keeps every price of a database made before UF prices, as pesos, unchanged (lossless)', async () => {
  const database = await createTestDatabase();
  const folder = await migrationsUpTo(2);
  const issuer = await startIssuer('bec-api-test');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bec-uf-migration-'));
  try {
    const { db } = database.handle;
    if (database.handle.kind === 'pglite')
      await migratePglite(db as never, { migrationsFolder: folder });
    else await migrateNodePg(db as never, { migrationsFolder: folder });
    await seedReferenceData(db);
    // Written as the API wrote them before: a price in whole pesos, and a lot with no built area.
    await db.execute(sql`insert into properties
      (name, address, price, building_sqmts, land_sqmts, city_id, property_type_id, created_at, updated_at)
      values
        ('Casa antigua', 'Los Jardines 1120', 398000000, 165, 310, 13120, 1, '2025-03-05T15:00:00Z', '2025-04-10T20:30:00Z'),
        ('Terreno antiguo', 'Camino a Farellones km 4', 9007199254740991, 0, 5000, 13115, 5, '2025-03-06T15:00:00Z', '2025-03-06T15:00:00Z')`);
    const before = await queryRows(db, sql`select ${OLD_COLUMNS} from properties order by id`);

    await prepareDatabase(database.handle, { seedDemo: false });

    expect(await queryRows(db, sql`select ${OLD_COLUMNS} from properties order by id`)).toEqual(
      before,
    );
    expect(
      await queryRows(db, sql`select price_amount::text, price_unit from properties order by id`),
    ).toEqual([
      { price_amount: '398000000.00', price_unit: 'CLP' },
      { price_amount: '9007199254740991.00', price_unit: 'CLP' },
    ]);

    // And through the API, as the web app reads them.
    const app = await buildApp({
      config: loadConfig({
        OIDC_ISSUER: issuer.issuer,
        OIDC_CLIENT_ID: 'bec-web',
        OIDC_AUDIENCE: 'bec-api-test',
        SEED_DEMO: '0',
        UF_SOURCE: 'none',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
      }),
      database: database.handle,
      logger: false,
      webRoot: null,
    });
    try {
      const viewer = { sub: 'sub-v', email: 'viewer@bec.test', name: 'Víctor Viewer' };
      await createUsersService(db, { adminEmails: [] }).upsertByEmail(
        viewer.email,
        'viewer',
        viewer.name,
      );
      const token = await issuer.mint({ ...viewer, email_verified: true });
      const get = async (url: string) =>
        (
          await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })
        ).json().data;
      expect(await get('/api/properties/1')).toMatchObject({
        price: 398_000_000,
        price_clp: 398_000_000,
        price_amount: 398_000_000,
        price_unit: 'CLP',
        price_uf: null,
        price_per_sqm: 2_412_121,
        updated_at: '2025-04-10T20:30:00.000Z',
      });
      expect((await get('/api/properties?sort=price_desc')).props[0]).toMatchObject({
        id: 2,
        price: Number.MAX_SAFE_INTEGER,
        price_amount: Number.MAX_SAFE_INTEGER,
        price_per_sqm: Math.round(Number.MAX_SAFE_INTEGER / 5000),
      });
    } finally {
      await app.close();
    }
  } finally {
    await database.destroy();
    await issuer.close();
    await rm(folder, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  }
});
