import { missingBrowserReason } from '@bec/testkit/browser';
import { spanishSearchJourney } from '../search-journey';
import { PRODUCTION, productionSkipReason } from './settings';
import { test } from './strict-test';

// ADR 019's search as deployed: PostgreSQL's own Spanish text search, the real CSP. Leaves no
// property behind (workflow.spec.ts runs after it).
const skipReason = missingBrowserReason ?? productionSkipReason;
test.skip(skipReason !== undefined, skipReason);

test('the admin searches "vina casas": the houses in Viña del Mar only, by relevance, and back to newest', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await spanishSearchJourney(page, PRODUCTION.admin);
});
