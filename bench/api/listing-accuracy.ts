// The accuracy of the listing readers (ADR 036, in the API) over their corpus (in @bec/testkit):
// texts as pasted, pages as the link import reads them. The table per field and its three
// targets. No database, no server: a few milliseconds, so every full run of the bench prints it.
import { proposeFromPage, readListingText, seedListingReference } from '@bec/api/tools';
import { accuracyTable, measureListingAccuracy } from '@bec/testkit/listing-accuracy';
import { LISTING_CORPUS } from '@bec/testkit/listing-corpus';
import type { Target } from './figures.js';

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** The table's lines (with each wrong value read, to show what to fix) and the targets judged. */
export function listingAccuracy(): { lines: string[]; targets: Target[] } {
  const report = measureListingAccuracy(LISTING_CORPUS, {
    reference: seedListingReference,
    readText: readListingText,
    readPage: proposeFromPage,
  });
  const pages = LISTING_CORPUS.filter((listing) => 'html' in listing).length;
  const lines = [
    `Listing reader over ${LISTING_CORPUS.length} corpus listings, ${pages} of them pages read as the link import reads them (found/right/wrong per field):`,
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
