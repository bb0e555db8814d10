import { missingBrowserReason } from '@bec/testkit/browser';
import { test } from './fixtures';
import { spanishSearchJourney } from './search-journey';

test.skip(missingBrowserReason !== undefined, missingBrowserReason);

// On the demo's data (32 properties, one of them a depto in Viña del Mar): ADR 019's search.
test('an editor searches "vina casas": the houses in Viña del Mar only, by relevance, and back to newest', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await spanishSearchJourney(page, 'editor@bec.local');
});
