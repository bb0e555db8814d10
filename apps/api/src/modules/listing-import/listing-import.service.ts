import { type ImportedListing, type ImportedPhotos, type Issue, issue } from '@bec/contracts';
import { AppError, validationError } from '../../lib/app-error.js';
import { PageFetchError, type Resolver, safeFetch } from '../../lib/safe-fetch.js';
import type { PhotosService } from '../photos/photos.service.js';
import type { ReferenceService } from '../reference/reference.service.js';
import { decodeHtml } from './listing-page.js';
import { ListingReadError, type ListingReader } from './listing-reader.js';
import type { ListingReadInput } from './listing-reader.worker.js';
import type { ListingReference } from './listing-text.js';

/**
 * Importing a listing (docs/decisions/039-importing-a-listing.md): a pasted text read
 * by the text reader, or a link fetched safely and read from its page, both as a proposal of the
 * add form's fields with the words each came from. Nothing is saved. Both are read in the
 * reader's threads, on a deadline (docs/decisions/058-untrusted-text-off-the-event-loop.md).
 */

type ListingImportOptions = {
  reference: ReferenceService;
  photos: PhotosService;
  reader: ListingReader;
  /** The photo size limit (PHOTO_MAX_MB), for the photos fetched as for those uploaded. */
  photoMaxBytes: number;
  /** IMPORT_ALLOW_HOSTS: names fetched at any address (tests only; ADR 037). */
  allowHosts: readonly string[];
  /** Replaces the system's resolver (tests name hosts that resolve where they choose). */
  resolve?: Resolver | undefined;
};

/** Where a failed fetch is told, with the details the answer leaves out. */
type FetchLog = { info: (details: object, message: string) => void };

/** Photos fetched at once: a listing's chosen few arrive together, without 20 connections open. */
const PHOTO_FETCHES_AT_ONCE = 4;

export function createListingImportService({
  reference,
  photos,
  reader,
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

  /** A reading in the reader's threads; past its time a 422 naming `field`, or a 503 if busy. */
  const readOff = async (
    input: ListingReadInput,
    field: 'text' | 'url',
    signal?: AbortSignal,
  ): Promise<ImportedListing> => {
    try {
      return await reader.read(input, signal);
    } catch (err) {
      if (!(err instanceof ListingReadError)) throw err;
      if (err.reason === 'busy')
        throw new AppError('BUSY', `${err.message}; try again in a moment.`);
      throw new AppError('INPUT_TOO_COMPLEX', err.message, [issue(field, 'too_complex')]);
    }
  };

  const fromText = async (text: string, signal?: AbortSignal): Promise<ImportedListing> =>
    readOff({ kind: 'text', text, reference: await referenceData() }, 'text', signal);

  const fromUrl = async (
    url: string,
    log: FetchLog,
    signal?: AbortSignal,
  ): Promise<ImportedListing> => {
    // Read before the fetch, and released: no database connection waits on someone's page.
    const reference = await referenceData();
    let html: string;
    let at: string;
    try {
      const page = await safeFetch(url, { allowHosts, resolve, signal });
      html = decodeHtml(page.body, page.contentType);
      at = page.url;
    } catch (err) {
      if (!(err instanceof PageFetchError)) throw err;
      // The details (an address, a status) stay in the log: the answer names only the rule.
      log.info({ url, code: err.code, reason: err.message }, 'listing page not fetched');
      throw validationError([issue('url', err.code)], 'The listing page could not be read');
    }
    return readOff({ kind: 'page', html, url: at, reference }, 'url', signal);
  };

  const megabytes = Math.round(photoMaxBytes / 1024 / 1024);
  /** Over the limit: the fetch stops there, so the size is only known to be more. */
  const tooLarge = (field: string) =>
    issue(field, 'photo_too_large', { size: `> ${megabytes}`, max: megabytes });

  /**
   * A proposed photo's bytes, fetched by ADR 037's rules (images only, within the photo size
   * limit, in the page's time), or the issue naming `field` that says why not.
   */
  const fetchPhoto = async (
    url: string,
    field: string,
    log: FetchLog,
    signal?: AbortSignal,
  ): Promise<Buffer | Issue> => {
    try {
      const { body } = await safeFetch(url, {
        allowHosts,
        resolve,
        accept: 'image/avif,image/webp,image/*;q=0.9',
        maxBytes: photoMaxBytes,
        signal,
      });
      return body;
    } catch (err) {
      if (!(err instanceof PageFetchError)) throw err;
      log.info({ url, code: err.code, reason: err.message }, 'listing photo not fetched');
      return err.code === 'page_too_large' ? tooLarge(field) : issue(field, err.code);
    }
  };

  /** The photos service's refusal of fetched bytes, as an issue naming `field`. */
  const refusal = (field: string, problem: 'photo_too_large' | 'photo_unreadable') =>
    problem === 'photo_too_large' ? tooLarge(field) : issue(field, problem);

  /** One chosen photo fetched (ADR 037's rules, images only) and stored as the caller's upload. */
  const importPhoto = async (
    userId: number,
    url: string,
    field: string,
    log: FetchLog,
    signal?: AbortSignal,
  ): Promise<{ path: string } | Issue> => {
    const body = await fetchPhoto(url, field, log, signal);
    if (!Buffer.isBuffer(body)) return body;
    const stored = await photos.storeFetched(userId, body);
    return 'problem' in stored ? refusal(field, stored.problem) : stored;
  };

  /**
   * One proposed photo as a small WebP of BEC's making, to see before choosing it (ADR 045): the
   * same fetch and checks as importing it, nothing stored; a refusal is a 400 naming `url`.
   */
  const thumbnail = async (url: string, log: FetchLog, signal?: AbortSignal): Promise<Buffer> => {
    const body = await fetchPhoto(url, 'url', log, signal);
    const made = Buffer.isBuffer(body) ? await photos.thumbnailOfFetched(body) : body;
    if ('thumbnail' in made) return made.thumbnail;
    const problem = 'problem' in made ? refusal('url', made.problem) : made;
    throw validationError([problem], 'The listing photo could not be shown');
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
    signal?: AbortSignal,
  ): Promise<ImportedPhotos> => {
    const results: ({ path: string } | Issue)[] = new Array(urls.length);
    let next = 0;
    const worker = async () => {
      for (let index = next++; index < urls.length; index = next++) {
        results[index] = await importPhoto(userId, urls[index] ?? '', `urls.${index}`, log, signal);
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
    read: (
      body: { text?: string | undefined; url?: string | undefined },
      log: FetchLog,
      signal?: AbortSignal,
    ) =>
      body.url !== undefined ? fromUrl(body.url, log, signal) : fromText(body.text ?? '', signal),
    importPhotos,
    thumbnail,
  };
}

export type ListingImportService = ReturnType<typeof createListingImportService>;
