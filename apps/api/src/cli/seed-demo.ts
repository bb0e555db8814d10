// `npm run seed:demo`: loads the demo listings into the server's database, even if they were
// loaded (and perhaps deleted) before. Each run adds them again.
import { seedDemoProperties } from '../db/seed.js';
import { createUfService } from '../modules/uf/uf.service.js';
import { withDatabase } from './with-database.js';

await withDatabase(async (handle) => {
  const added = await seedDemoProperties(handle.db, { force: true });
  console.log(`Added ${added} demo ${added === 1 ? 'property' : 'properties'}.`);
  // The demo's UF listings get their peso price now (with the demo's UF value when no other is
  // stored), not at the server's next check.
  const uf = createUfService(handle.db, {
    source: null,
    log: { info: () => {}, warn: (details, message) => console.warn(message, details) },
    refreshMs: 0,
  });
  await uf.reprice({ wait: true });
});
