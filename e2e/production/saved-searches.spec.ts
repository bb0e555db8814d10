import { missingBrowserReason } from '@bec/testkit/browser';
import { savedSearchJourney } from '../saved-search-journey';
import { productionSkipReason } from './settings';
import { test } from './strict-test';

// ADR 053's saved searches as deployed: the alert made by the matching worker on PostgreSQL, the
// bell and the sidebar under the real CSP. The editor is the one journeys.spec.ts approved.
const skipReason = missingBrowserReason ?? productionSkipReason;
test.skip(skipReason !== undefined, skipReason);

test('the editor saves a shared search; the admin adds a matching property; the editor hears of it and opens it', async ({
  page,
  newPage,
}) => {
  test.setTimeout(90_000);
  await savedSearchJourney(page, newPage);
});
