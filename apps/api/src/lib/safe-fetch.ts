import { lookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import ipaddr from 'ipaddr.js';

/**
 * Fetching a URL a member gave, so that it cannot reach inside BEC's network
 * (docs/decisions/037-fetching-a-listing-page.md): http(s) only, every address the name resolves
 * to checked, the connection pinned to the checked address, redirects followed by hand and checked
 * the same way, the size and the time bounded, no cookies.
 */

export type PageFetchErrorCode =
  /** The scheme, the credentials or an address the name resolves to is refused. */
  | 'url_not_allowed'
  | 'page_too_large'
  | 'page_timeout'
  /** DNS failure, refused or reset connection, an HTTP error, too many redirects. */
  | 'page_unreachable';

export class PageFetchError extends Error {
  constructor(
    readonly code: PageFetchErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'PageFetchError';
  }
}

type ResolvedAddress = { address: string; family: number };
/** Every address a name resolves to (dns.lookup with all: true); tests inject their own. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export type SafeFetchOptions = {
  /** Host names (URL hostnames, `[::1]` with brackets) fetched at any address: tests only. */
  allowHosts?: readonly string[];
  /** The body's limit; beyond it the fetch fails with page_too_large. */
  maxBytes?: number;
  /** For the whole fetch: every hop, the retry and the body. */
  timeoutMs?: number;
  accept?: string;
  resolve?: Resolver;
  signal?: AbortSignal;
};

export type FetchedPage = {
  /** Where the body came from, after redirects. */
  url: string;
  contentType: string;
  body: Buffer;
};

export const PAGE_MAX_BYTES = 2 * 1024 * 1024;
const PAGE_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;
const RETRY_DELAY_MS = 200;
const USER_AGENT = 'BEC listing import/1.0';
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Failures that may pass on a second try: the connection dropped under us. */
const PASSING_ERRORS = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');

/**
 * True for an address on the public internet. IPv4: only what ipaddr.js calls `unicast` (not
 * loopback, private, link-local, CGNAT, multicast, unspecified, broadcast, reserved, …). IPv6:
 * global unicast (2000::/3) outside every special range, and an IPv4 address mapped into IPv6 or
 * behind NAT64 (64:ff9b::/96) judged as that IPv4 address; 6to4, Teredo and the rest are refused.
 */
export function isPublicAddress(text: string): boolean {
  if (!isIP(text)) return false;
  const parsed = ipaddr.parse(text);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  const range = v6.range();
  if (range === 'ipv4Mapped') return isPublicAddress(v6.toIPv4Address().toString());
  if (v6.match(NAT64)) {
    const [, , , , , , high = 0, low = 0] = v6.parts;
    return isPublicAddress(
      new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]).toString(),
    );
  }
  return range === 'unicast' && v6.match(GLOBAL_UNICAST);
}

/** The system's resolver cannot be cancelled: stop waiting for it when the time is up. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family,
  }));

/**
 * The address to connect to: the name's, once every address it resolves to is public (or the
 * name is allowed by IMPORT_ALLOW_HOSTS). Checking one and connecting to another would let a
 * name answer a public address to the check and a private one to the connection.
 */
async function vet(
  url: URL,
  allowHosts: readonly string[],
  resolve: Resolver,
  signal: AbortSignal,
) {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new PageFetchError('url_not_allowed', `${url.protocol} URLs are not fetched`);
  }
  if (url.username || url.password) {
    throw new PageFetchError('url_not_allowed', 'URLs with credentials are not fetched');
  }
  const host = url.hostname.toLowerCase();
  const bare = host.startsWith('[') ? host.slice(1, -1) : host;
  let addresses: ResolvedAddress[];
  if (isIP(bare)) {
    addresses = [{ address: bare, family: isIP(bare) }];
  } else {
    try {
      addresses = await untilAborted(resolve(bare), signal);
    } catch (err) {
      if (signal.aborted) throw err;
      throw new PageFetchError(
        'page_unreachable',
        `${host} could not be resolved: ${describe(err)}`,
      );
    }
  }
  const [first] = addresses;
  if (!first) throw new PageFetchError('page_unreachable', `${host} resolves to no address`);
  if (!allowHosts.includes(host)) {
    const refused = addresses.find(({ address }) => !isPublicAddress(address));
    if (refused) {
      throw new PageFetchError(
        'url_not_allowed',
        `${host} resolves to ${refused.address}, which is not a public address`,
      );
    }
  }
  return first;
}

/** A lookup that answers only the checked address: the connection cannot resolve again. */
const pinnedLookup =
  (pinned: ResolvedAddress): LookupFunction =>
  (_hostname, options, callback) => {
    if (options.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };

type Hop = { kind: 'redirect'; location: string } | { kind: 'page'; page: FetchedPage };

function request(url: URL, pinned: ResolvedAddress, accept: string, signal: AbortSignal) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, {
      method: 'GET',
      // A connection of its own, never one pooled under the name for another address.
      agent: false,
      lookup: pinnedLookup(pinned),
      signal,
      // No cookie, no credentials, no referrer: only what a page needs to answer.
      headers: { 'user-agent': USER_AGENT, accept, 'accept-encoding': 'gzip, deflate, br' },
    });
    req.once('response', (res) => {
      // Read later (readBody) or dropped; an error meanwhile must not go unheard.
      res.on('error', () => {});
      resolve(res);
    });
    // Not once: a socket may fail again after the first error, and an unheard one crashes.
    req.on('error', reject);
    req.end();
  });
}

/** The body as sent, decoded from its content-encoding; never more than maxBytes after decoding. */
async function readBody(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(res.headers['content-length']);
  const encoding = (res.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (encoding === 'identity' && declared > maxBytes) {
    res.destroy();
    throw new PageFetchError('page_too_large', `the page is larger than ${maxBytes} bytes`);
  }
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : null;
  if (!decoder && encoding !== 'identity') {
    res.destroy();
    throw new PageFetchError(
      'page_unreachable',
      `the page came in an unknown encoding: ${encoding}`,
    );
  }
  const stream = decoder ? res.pipe(decoder) : res;
  if (decoder) res.once('error', (err) => decoder.destroy(err));
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).byteLength;
      if (size > maxBytes) {
        throw new PageFetchError('page_too_large', `the page is larger than ${maxBytes} bytes`);
      }
      chunks.push(chunk as Buffer);
    }
  } finally {
    res.destroy();
    decoder?.destroy();
  }
  return Buffer.concat(chunks);
}

async function fetchHop(
  url: URL,
  pinned: ResolvedAddress,
  { accept, maxBytes, signal }: { accept: string; maxBytes: number; signal: AbortSignal },
): Promise<Hop> {
  let res: IncomingMessage;
  try {
    res = await request(url, pinned, accept, signal);
  } catch (err) {
    throw asFetchError(err, url);
  }
  const status = res.statusCode ?? 0;
  const location = res.headers.location;
  if (REDIRECTS.has(status) && location) {
    res.destroy();
    return { kind: 'redirect', location };
  }
  if (status < 200 || status >= 300) {
    res.destroy();
    throw new HttpStatusError(status, url);
  }
  try {
    const body = await readBody(res, maxBytes);
    return {
      kind: 'page',
      page: { url: url.href, contentType: res.headers['content-type'] ?? '', body },
    };
  } catch (err) {
    throw asFetchError(err, url);
  }
}

/** An HTTP error answer; a 5xx may pass on a second try. */
class HttpStatusError extends PageFetchError {
  constructor(
    readonly status: number,
    url: URL,
  ) {
    super('page_unreachable', `${url.host} answered HTTP ${status}`);
  }
}

const errorCode = (err: unknown) => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

function asFetchError(err: unknown, url: URL): PageFetchError {
  if (err instanceof PageFetchError) return err;
  const failure = new PageFetchError(
    'page_unreachable',
    `${url.host} could not be reached: ${describe(err)}`,
  );
  return Object.assign(failure, { passing: PASSING_ERRORS.has(errorCode(err) ?? '') });
}

const mayPass = (err: PageFetchError) =>
  (err instanceof HttpStatusError && err.status >= 500) ||
  (err as { passing?: boolean }).passing === true;

const describe = (err: unknown) => {
  if (!(err instanceof Error)) return String(err);
  const code = errorCode(err);
  return code ? `${err.message} (${code})` : err.message;
};

/**
 * GETs `input`: the page's bytes, or a PageFetchError saying why not. A reset connection or a 5xx
 * is tried once more, within the same time limit.
 */
export async function safeFetch(
  input: string,
  options: SafeFetchOptions = {},
): Promise<FetchedPage> {
  const {
    allowHosts = [],
    maxBytes = PAGE_MAX_BYTES,
    timeoutMs = PAGE_TIMEOUT_MS,
    accept = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
    resolve = systemResolver,
  } = options;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new PageFetchError('url_not_allowed', 'not a URL');
  }
  let retried = false;
  try {
    for (let redirects = 0; ; ) {
      const pinned = await vet(url, allowHosts, resolve, signal);
      signal.throwIfAborted();
      let hop: Hop;
      try {
        hop = await fetchHop(url, pinned, { accept, maxBytes, signal });
      } catch (err) {
        if (!(err instanceof PageFetchError) || signal.aborted || retried || !mayPass(err))
          throw err;
        retried = true;
        await sleep(RETRY_DELAY_MS, undefined, { signal });
        continue;
      }
      if (hop.kind === 'page') return hop.page;
      if (redirects === MAX_REDIRECTS) {
        throw new PageFetchError('page_unreachable', `more than ${MAX_REDIRECTS} redirects`);
      }
      redirects += 1;
      try {
        url = new URL(hop.location, url);
      } catch {
        throw new PageFetchError('page_unreachable', `${url.host} redirected to a broken URL`);
      }
    }
  } catch (err) {
    if (timeout.aborted) {
      throw new PageFetchError('page_timeout', `the page did not arrive within ${timeoutMs} ms`);
    }
    // The caller stopped it (its client left): its own reason, not the socket's AbortError.
    if (options.signal?.aborted) throw options.signal.reason;
    throw err;
  }
}
