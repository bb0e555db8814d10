import { expect, it } from 'vitest';
import { measureListingAccuracy } from './listing-accuracy.js';
import { corpusReference, LISTING_CORPUS } from './listing-corpus.js';

// ADR 036's targets over the corpus; `npm run bench` prints the same figures per field.
it('reads the corpus within the targets', () => {
  expect(LISTING_CORPUS.length).toBeGreaterThanOrEqual(40);
  const report = measureListingAccuracy(LISTING_CORPUS, corpusReference);
  expect(report.mistakes.filter((m) => m.field === 'price' || m.field === 'price_unit')).toEqual(
    [],
  );
  expect(report.wrongPrices).toBe(0);
  expect(report.foundShare).toBeGreaterThanOrEqual(0.95);
  expect(report.wrongShare).toBeLessThanOrEqual(0.01);
});
