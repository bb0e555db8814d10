import type { DatabaseHandle } from './client.js';
import { seedDemoProperties, seedReferenceData } from './seed.js';

/**
 * Migrations, reference data, and the demo (sample brokers and listings) on a database created
 * just now. A real database starts with no brokers. `onWait` hears when another process holds the
 * migration lock (it is migrating) and this one waits for it.
 */
export async function prepareDatabase(
  handle: DatabaseHandle,
  { seedDemo, onWait }: { seedDemo: boolean; onWait?: () => void },
) {
  const { fresh, applied } = await handle.migrate({ onWait });
  // Idempotent upserts in one fixed order: processes starting together wait on each other's rows.
  await seedReferenceData(handle.db);
  const demo = fresh && seedDemo ? await seedDemoProperties(handle.db) : 0;
  return { fresh, applied, demo };
}
