import type { DatabaseHandle } from './client.js';
import { seedDemoProperties, seedReferenceData } from './seed.js';

/**
 * Migrations, reference data, and the demo (sample brokers and listings) on a database created
 * just now. A real database starts with no brokers.
 */
export async function prepareDatabase(handle: DatabaseHandle, { seedDemo }: { seedDemo: boolean }) {
  const { fresh } = await handle.migrate();
  await seedReferenceData(handle.db);
  const demo = fresh && seedDemo ? await seedDemoProperties(handle.db) : 0;
  return { fresh, demo };
}
