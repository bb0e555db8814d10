import type { DatabaseHandle } from './client.js';
import { seedBrokers, seedDemoProperties, seedReferenceData } from './seed.js';

/** Migrations, reference data, and demo listings on a database created just now. */
export async function prepareDatabase(handle: DatabaseHandle, { seedDemo }: { seedDemo: boolean }) {
  const { fresh } = await handle.migrate();
  await seedReferenceData(handle.db);
  await seedBrokers(handle.db);
  const demo = fresh && seedDemo ? await seedDemoProperties(handle.db) : 0;
  return { fresh, demo };
}
