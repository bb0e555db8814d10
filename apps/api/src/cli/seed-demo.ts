// `npm run seed:demo`: loads the demo listings into the server's database, even if they were
// loaded (and perhaps deleted) before. Each run adds them again.
import { seedDemoProperties } from '../db/seed.js';
import { withDatabase } from './with-database.js';

await withDatabase(async (handle) => {
  const added = await seedDemoProperties(handle.db, { force: true });
  console.log(`Added ${added} demo ${added === 1 ? 'property' : 'properties'}.`);
});
