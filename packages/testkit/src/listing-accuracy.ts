import { IMPORTED_FIELDS, type ImportedField } from '@bec/contracts';
import type { CorpusListing } from './listing-corpus.js';

/** The reference data the readers match names against, as the API's readers take it. */
export type CorpusReference = {
  comunas: { id: number; name: string }[];
  propertyTypes: { id: number; name: string }[];
};

type ReadFields = { fields: Partial<Record<ImportedField, unknown>> };

/**
 * The API's readers, passed in (testkit knows no app): a pasted text as the text reader reads it
 * (listing-text.ts `readListingText`), a page as the link import reads it (listing-proposal.ts
 * `proposeFromPage`), both with the same reference.
 */
export type ListingReaders = {
  reference: CorpusReference;
  readText: (text: string, reference: CorpusReference) => ReadFields;
  readPage: (html: string, url: string, reference: CorpusReference) => ReadFields;
};

/** Per field over a corpus: expected, found right, found wrong, and proposed where none was expected. */
type FieldScore = {
  field: ImportedField;
  expected: number;
  right: number;
  wrong: number;
  /** Proposed for a listing that expects nothing there and does not allow it: counted as wrong. */
  unexpected: number;
};

export type AccuracyReport = {
  fields: FieldScore[];
  /** Right over expected (ADR 036's target: at least 95%). */
  foundShare: number;
  /** Wrong and unexpected over everything proposed (target: at most 1%). */
  wrongShare: number;
  /** Wrong or unexpected prices and price units (target: none). */
  wrongPrices: number;
  /** Each wrong value, to show what to fix: the listing's index, the field, read and expected. */
  mistakes: { listing: number; field: ImportedField; read: unknown; expected: unknown }[];
};

/** The import's fields in its order; the coordinates only a page's JSON-LD can state. */
const FIELDS = IMPORTED_FIELDS;

/** A corpus listing's expectations as the reader's fields (the type and comuna by id). */
function expectedFields(listing: CorpusListing, reference: CorpusReference) {
  const { type, comuna, ...rest } = listing.expect;
  const expected: Partial<Record<ImportedField, unknown>> = { ...rest };
  const id = (list: { id: number; name: string }[], name: string) => {
    const found = list.find((item) => item.name === name);
    if (!found) throw new Error(`corpus: no reference entry named ${name}`);
    return found.id;
  };
  if (type) expected.property_type_id = id(reference.propertyTypes, type);
  if (comuna) expected.city_id = id(reference.comunas, comuna);
  return expected;
}

/** Runs the readers over a corpus and scores every field they propose or miss. */
export function measureListingAccuracy(
  corpus: CorpusListing[],
  { reference, readText, readPage }: ListingReaders,
): AccuracyReport {
  const scores = new Map(
    FIELDS.map((field) => [field, { field, expected: 0, right: 0, wrong: 0, unexpected: 0 }]),
  );
  const mistakes: AccuracyReport['mistakes'] = [];
  corpus.forEach((listing, index) => {
    const expected = expectedFields(listing, reference);
    // A page is read as the link import reads it; a text as the reader reads a paste.
    const fields: Partial<Record<ImportedField, unknown>> =
      'html' in listing
        ? readPage(listing.html, listing.url, reference).fields
        : readText(listing.text, reference).fields;
    for (const field of FIELDS) {
      const score = scores.get(field);
      if (!score) continue;
      const want = expected[field];
      const read = fields[field];
      if (want !== undefined) {
        score.expected++;
        if (read === want) score.right++;
        else if (read !== undefined) {
          score.wrong++;
          mistakes.push({ listing: index, field, read, expected: want });
        }
      } else if (read !== undefined && !listing.allowed?.includes(field)) {
        score.unexpected++;
        mistakes.push({ listing: index, field, read, expected: undefined });
      }
    }
  });
  const all = [...scores.values()];
  const sum = (pick: (s: FieldScore) => number) => all.reduce((total, s) => total + pick(s), 0);
  const proposed = sum((s) => s.right + s.wrong + s.unexpected);
  return {
    fields: all,
    foundShare:
      sum((s) => s.right) /
      Math.max(
        1,
        sum((s) => s.expected),
      ),
    wrongShare: sum((s) => s.wrong + s.unexpected) / Math.max(1, proposed),
    wrongPrices: all
      .filter((s) => s.field === 'price' || s.field === 'price_unit')
      .reduce((total, s) => total + s.wrong + s.unexpected, 0),
    mistakes,
  };
}

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** The report as a table for a terminal: one row per field, then the totals against the targets. */
export function accuracyTable(report: AccuracyReport): string[] {
  const rows = report.fields.map((s) => [
    s.field,
    String(s.expected),
    String(s.right),
    String(s.wrong),
    String(s.unexpected),
    s.expected ? percent(s.right / s.expected) : '–',
  ]);
  const head = ['field', 'expected', 'right', 'wrong', 'unexpected', 'found'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ');
  return [
    line(head),
    ...rows.map(line),
    `found ${percent(report.foundShare)} of expected fields (target ≥ 95%); wrong ${percent(report.wrongShare)} of proposed values (target ≤ 1%); wrong prices or units: ${report.wrongPrices} (target 0)`,
  ];
}
