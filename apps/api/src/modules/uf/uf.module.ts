import type { ApiModule } from '../module-context.js';
import { ufRoutes } from './uf.routes.js';

/** How often each process checks whether the UF in effect moved (the day rolled over). */
const UF_CHECK_MS = 60_000;

export const ufModule: ApiModule = async (app, { uf, jobs }) => {
  await app.register(ufRoutes, { uf });
  // The UF: at start and every minute. It fetches only when the fetch is due for the whole
  // deployment (`uf_fetch`), so processes starting or restarting together (a rolling deploy)
  // fetch once per UF_REFRESH_MINUTES between them, and re-prices when the value in effect
  // moves.
  jobs.every(UF_CHECK_MS, () => uf.refresh({ signal: jobs.closing }), {
    atStart: true,
    onError: (err) => {
      // The database may be down; the next check tries again.
      if (!jobs.closing.aborted) app.log.warn({ err }, 'The UF job failed; it runs again shortly');
    },
  });
};
