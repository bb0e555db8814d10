import {
  IMPORTED_FIELDS,
  type ImportedListing,
  type ImportedListingFields,
  ImportedListingFieldsSchema,
  type ImportedListingSources,
  type ImportedPhotos,
  type Issue,
  issue,
} from '@bec/contracts';
import { validationError } from '../../lib/app-error.js';
import { PageFetchError, type Resolver, safeFetch } from '../../lib/safe-fetch.js';
import type { PhotosService } from '../photos/photos.service.js';
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
  photos: PhotosService;
  /** The photo size limit (PHOTO_MAX_MB), for the photos fetched as for those uploaded. */
  photoMaxBytes: number;
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

/** Photos fetched at once: a listing's chosen few arrive together, without 20 connections open. */
const PHOTO_FETCHES_AT_ONCE = 4;

export function createListingImportService({
  reference,
  photos,
  photoMaxBytes,
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

  const megabytes = Math.round(photoMaxBytes / 1024 / 1024);
  /** Over the limit: the fetch stops there, so the size is only known to be more. */
  const tooLarge = (field: string) =>
    issue(field, 'photo_too_large', { size: `> ${megabytes}`, max: megabytes });

  /** One chosen photo fetched (ADR 037's rules, images only) and stored as the caller's upload. */
  const importPhoto = async (
    userId: number,
    url: string,
    field: string,
    log: FetchLog,
  ): Promise<{ path: string } | Issue> => {
    let body: Buffer;
    try {
      ({ body } = await safeFetch(url, {
        allowHosts,
        resolve,
        accept: 'image/avif,image/webp,image/*;q=0.9',
        maxBytes: photoMaxBytes,
      }));
    } catch (err) {
      if (!(err instanceof PageFetchError)) throw err;
      log.info({ url, code: err.code, reason: err.message }, 'listing photo not fetched');
      return err.code === 'page_too_large' ? tooLarge(field) : issue(field, err.code);
    }
    const stored = await photos.storeFetched(userId, body);
    if ('problem' in stored)
      return stored.problem === 'photo_too_large' ? tooLarge(field) : issue(field, stored.problem);
    return stored;
  };

  /**
   * The chosen photos into the caller's uploads, a few at a time; any that fails is named by its
   * place (`urls.3`) in a 400, and those stored meanwhile stay unattached until the upload
   * collection removes them.
   */
  const importPhotos = async (
    userId: number,
    urls: readonly string[],
    log: FetchLog,
  ): Promise<ImportedPhotos> => {
    const results: ({ path: string } | Issue)[] = new Array(urls.length);
    let next = 0;
    const worker = async () => {
      for (let index = next++; index < urls.length; index = next++) {
        results[index] = await importPhoto(userId, urls[index] ?? '', `urls.${index}`, log);
      }
    };
    await Promise.all(Array.from({ length: PHOTO_FETCHES_AT_ONCE }, worker));
    const issues = results.filter((result): result is Issue => 'rule' in result);
    if (issues.length) throw validationError(issues, 'The listing photos were not imported');
    return results.map((result, index) => ({
      url: urls[index] ?? '',
      path: 'path' in result ? result.path : '',
    }));
  };

  return {
    /** A proposal from a pasted text or from a link's page (exactly one of them is given). */
    read: (body: { text?: string | undefined; url?: string | undefined }, log: FetchLog) =>
      body.url !== undefined ? fromUrl(body.url, log) : fromText(body.text ?? ''),
    importPhotos,
  };
}

export type ListingImportService = ReturnType<typeof createListingImportService>;
