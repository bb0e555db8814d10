// Issue 32's accuracy of the listing text reader over its corpus (both in the API,
// apps/api/src/modules/listing-import/): the table per field and its three targets. No database,
// no server: a few milliseconds, so every full run of the bench prints it.
import {
  accuracyTable,
  corpusReference,
  LISTING_CORPUS,
  measureListingAccuracy,
} from '@bec/api/tools';
import type { Target } from './figures.js';

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** The table's lines (with each wrong value read, to show what to fix) and the targets judged. */
export function listingAccuracy(): { lines: string[]; targets: Target[] } {
  const report = measureListingAccuracy(LISTING_CORPUS, corpusReference);
  const lines = [
    `Listing text reader over ${LISTING_CORPUS.length} corpus listings (found/right/wrong per field):`,
    ...accuracyTable(report),
    ...report.mistakes.map(
      (m) =>
        `  ! listing ${m.listing}, ${m.field}: read ${JSON.stringify(m.read)}, expected ${JSON.stringify(m.expected) ?? 'nothing'}`,
    ),
  ];
  return {
    lines,
    targets: [
      {
        name: 'import: expected fields found ≥ 95%',
        pass: report.foundShare >= 0.95,
        detail: percent(report.foundShare),
      },
      {
        name: 'import: proposed values wrong ≤ 1%',
        pass: report.wrongShare <= 0.01,
        detail: percent(report.wrongShare),
      },
      {
        name: 'import: no wrong price or price unit',
        pass: report.wrongPrices === 0,
        detail: String(report.wrongPrices),
      },
    ],
  };
}
