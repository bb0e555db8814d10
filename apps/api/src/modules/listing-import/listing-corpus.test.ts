import { measureListingAccuracy } from '@bec/testkit/listing-accuracy';
import { LISTING_CORPUS } from '@bec/testkit/listing-corpus';
import { expect, it } from 'vitest';
import { proposeFromPage } from './listing-proposal.js';
import { readListingText } from './listing-text.js';
import { seedListingReference } from './seed-reference.js';

// ADR 036's targets over the corpus; `npm run bench` prints the same figures per field.
it('reads the corpus within the targets', () => {
  expect(LISTING_CORPUS.length).toBeGreaterThanOrEqual(40);
  const report = measureListingAccuracy(LISTING_CORPUS, {
    reference: seedListingReference,
    readText: readListingText,
    readPage: proposeFromPage,
  });
  expect(report.mistakes.filter((m) => m.field === 'price' || m.field === 'price_unit')).toEqual(
    [],
  );
  expect(report.wrongPrices).toBe(0);
  expect(report.foundShare).toBeGreaterThanOrEqual(0.95);
  expect(report.wrongShare).toBeLessThanOrEqual(0.01);
});
