import {
  IMPORTED_FIELDS,
  type ImportedListing,
  type ImportedListingFields,
  ImportedListingFieldsSchema,
  type ImportedListingSources,
  issue,
} from '@bec/contracts';
import { validationError } from '../../lib/app-error.js';
import { PageFetchError, type Resolver, safeFetch } from '../../lib/safe-fetch.js';
import type { ReferenceService } from '../reference/reference.service.js';
import { decodeHtml, type ListingPage, readListingPage } from './listing-page.js';
import {
  type ListingReading,
  type ListingReference,
  matchComuna,
  readListingText,
} from './listing-text.js';

/**
 * Importing a listing (issue 32; docs/decisions/039-importing-a-listing.md): a pasted text read
 * by the text reader, or a link fetched safely and read from its page, both as a proposal of the
 * add form's fields with the words each came from. Nothing is saved.
 */

type ListingImportOptions = {
  reference: ReferenceService;
  /** IMPORT_ALLOW_HOSTS: names fetched at any address (tests only; ADR 037). */
  allowHosts: readonly string[];
  /** Replaces the system's resolver (tests name hosts that resolve where they choose). */
  resolve?: Resolver | undefined;
};

/** Where a failed fetch is told, with the details the answer leaves out. */
type FetchLog = { info: (details: object, message: string) => void };

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

export function createListingImportService({
  reference,
  allowHosts,
  resolve,
}: ListingImportOptions) {
  const referenceData = async (): Promise<ListingReference> => {
    const [regions, propertyTypes] = await Promise.all([
      reference.regions(),
      reference.propertyTypes(),
    ]);
    return {
      comunas: regions.flatMap((region) => region.comunas.map(({ id, name }) => ({ id, name }))),
      propertyTypes,
    };
  };

  const fromText = async (text: string): Promise<ImportedListing> =>
    checked(readListingText(text, await referenceData()), []);

  const fromUrl = async (url: string, log: FetchLog): Promise<ImportedListing> => {
    // Read before the fetch, and released: no database connection waits on someone's page.
    const data = await referenceData();
    let html: string;
    let at: string;
    try {
      const page = await safeFetch(url, { allowHosts, resolve });
      html = decodeHtml(page.body, page.contentType);
      at = page.url;
    } catch (err) {
      if (!(err instanceof PageFetchError)) throw err;
      // The details (an address, a status) stay in the log: the answer names only the rule.
      log.info({ url, code: err.code, reason: err.message }, 'listing page not fetched');
      throw validationError([issue('url', err.code)], 'The listing page could not be read');
    }
    const page = readListingPage(html, at);
    return checked(merge(page, readListingText(page.text, data), data.comunas), page.photos);
  };

  return {
    /** A proposal from a pasted text or from a link's page (exactly one of them is given). */
    read: (body: { text?: string | undefined; url?: string | undefined }, log: FetchLog) =>
      body.url !== undefined ? fromUrl(body.url, log) : fromText(body.text ?? ''),
  };
}

export type ListingImportService = ReturnType<typeof createListingImportService>;
