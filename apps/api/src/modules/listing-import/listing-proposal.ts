import {
  IMPORTED_FIELDS,
  type ImportedListing,
  type ImportedListingFields,
  ImportedListingFieldsSchema,
  type ImportedListingSources,
} from '@bec/contracts';
import { type ListingPage, readListingPage } from './listing-page.js';
import {
  type ListingReading,
  type ListingReference,
  matchComuna,
  readListingText,
} from './listing-text.js';

/**
 * A listing's proposal as the import answers it (ADR 039), from a pasted text or a fetched page's
 * HTML: one place, so the endpoint and the accuracy corpus
 * (packages/testkit/src/listing-accuracy.ts) read alike.
 */

type Proposal = { fields: Record<string, unknown>; sources: Record<string, string | undefined> };

/**
 * The proposal as the contract states it: a value out of the contract's shape is left out with
 * its words (when unsure, nothing), and so are words whose field was left out.
 */
function checked({ fields, sources }: Proposal, photos: string[]): ImportedListing {
  const kept: Record<string, unknown> = {};
  const words: Record<string, string> = {};
  for (const field of IMPORTED_FIELDS) {
    const value = fields[field];
    const source = sources[field];
    if (value === undefined || source === undefined) continue;
    if (!ImportedListingFieldsSchema.shape[field].safeParse(value).success) continue;
    kept[field] = value;
    words[field] = source;
  }
  return {
    fields: kept as ImportedListingFields,
    sources: words as ImportedListingSources,
    photos,
  };
}

/** JSON-LD is the listing's own statement of a field; a title or og:title is only a name. */
const structured = (words: string | undefined) => words?.startsWith('JSON-LD') ?? false;

/**
 * A page's reading over its text's: every field the page states in JSON-LD wins (price and unit,
 * latitude and longitude come in pairs, so a pair is never split); the comuna from the page's
 * addressLocality, matched as the text reader matches one; the name from JSON-LD, else the text
 * reader's ("Departamento 3D 2B en Ñuñoa"), else the page's title.
 */
function merge(
  page: ListingPage,
  text: ListingReading,
  comunas: ListingReference['comunas'],
): Proposal {
  const fields: Record<string, unknown> = { ...text.fields };
  const sources: Record<string, string | undefined> = { ...text.sources };
  for (const [field, value] of Object.entries(page.fields)) {
    const words = page.sources[field as keyof ListingPage['sources']];
    if (field === 'name' && !structured(words) && fields.name !== undefined) continue;
    fields[field] = value;
    sources[field] = words;
  }
  const city = page.locality === null ? null : matchComuna(page.locality, comunas);
  if (city) {
    fields.city_id = city.id;
    sources.city_id = `JSON-LD addressLocality: ${page.locality}`;
  }
  return { fields, sources };
}

/** A pasted text's proposal. */
export const proposeFromText = (text: string, reference: ListingReference): ImportedListing =>
  checked(readListingText(text, reference), []);

/** A page's proposal: its own statements merged over its text's reading, with its photos. */
export function proposeFromPage(
  html: string,
  url: string,
  reference: ListingReference,
): ImportedListing {
  const page = readListingPage(html, url);
  return checked(
    merge(page, readListingText(page.text, reference), reference.comunas),
    page.photos,
  );
}
