import { createServer, type IncomingHttpHeaders, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  isPublicAddress,
  PAGE_MAX_BYTES,
  PageFetchError,
  type Resolver,
  type SafeFetchOptions,
  safeFetch,
} from './safe-fetch.js';

const RUNS = { seed: 37_037, numRuns: 500 };

type Served = { port: number; url: string; requests: IncomingHttpHeaders[] };
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A local page server that records every request's headers. */
async function serve(handler: RequestListener, host = '127.0.0.1'): Promise<Served> {
  const requests: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    requests.push(req.headers);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  closers.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const { port } = server.address() as AddressInfo;
  const shown = host.includes(':') ? `[${host}]` : host;
  return { port, url: `http://${shown}:${port}`, requests };
}

const page = (body = '<html><title>Casa</title></html>'): RequestListener => {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body);
  };
};

/** The error code safeFetch failed with (the test fails when it did not fail). */
async function failure(url: string, options?: SafeFetchOptions) {
  try {
    await safeFetch(url, options);
  } catch (err) {
    if (err instanceof PageFetchError) return err.code;
    throw err;
  }
  throw new Error(`${url} was fetched`);
}

/** Names the tests resolve themselves; anything else is an unknown name. */
const resolver = (names: Record<string, string[]>): Resolver =>
  vi.fn(async (hostname: string) => {
    const addresses = names[hostname];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
        code: 'ENOTFOUND',
      });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  });

/** Addresses no test can serve a page on: refused before any connection is tried. */
const UNSERVABLE = [
  'http://10.0.0.1/',
  'http://10.255.255.254/',
  'http://172.16.0.1/',
  'http://172.31.255.254/',
  'http://192.168.1.1/',
  'http://169.254.169.254/latest/meta-data/',
  'http://100.64.0.1/',
  'http://224.0.0.1/',
  'http://0.0.0.0/',
  'http://255.255.255.255/',
  'http://[fc00::]/',
  'http://[fd12:3456::1]/',
  'http://[fe80::1]/',
  'http://[ff02::1]/',
  'http://[::]/',
  'http://[::ffff:10.0.0.1]/',
  'http://[::ffff:169.254.169.254]/',
  'http://[64:ff9b::a9fe:a9fe]/',
  'http://[64:ff9b::7f00:1]/',
  // WHATWG URL reads these as 127.0.0.1 and 10.0.0.1.
  'http://2130706433/',
  'http://0x7f.1/',
  'http://012.0.0.1/',
];

describe('safeFetch: the address guard', () => {
  it('refuses loopback targets (IPv4, [::1], localhost, mapped) with no request reaching them', async () => {
    const v4 = await serve(page());
    const v6 = await serve(page(), '::1');
    for (const url of [
      `${v4.url}/`,
      `http://localhost:${v4.port}/`,
      `http://[::ffff:127.0.0.1]:${v4.port}/`,
      `http://127.1:${v4.port}/`,
      `${v6.url}/`,
    ]) {
      expect(await failure(url), url).toBe('url_not_allowed');
    }
    expect(v4.requests).toHaveLength(0);
    expect(v6.requests).toHaveLength(0);
  });

  it('refuses a name resolving to 127.0.0.1, or to any refused address among public ones', async () => {
    const target = await serve(page());
    const resolve = resolver({
      'listing.example': ['127.0.0.1'],
      'mixed.example': ['200.1.2.3', '127.0.0.1'],
      'six.example': ['2800:3f0::1', '::1'],
    });
    for (const host of ['listing.example', 'mixed.example', 'six.example']) {
      expect(await failure(`http://${host}:${target.port}/`, { resolve }), host).toBe(
        'url_not_allowed',
      );
    }
    expect(target.requests).toHaveLength(0);
  });

  it.each(UNSERVABLE)('refuses %s without resolving or connecting', async (url) => {
    const resolve = resolver({});
    expect(await failure(url, { resolve, timeoutMs: 2000 })).toBe('url_not_allowed');
    expect(resolve).not.toHaveBeenCalled();
  });

  it('refuses a redirect to any refused address, with no request reaching it', async () => {
    const target = await serve(page());
    const target6 = await serve(page(), '::1');
    const resolve = resolver({
      'start.test': ['127.0.0.1'],
      'rebind.example': ['127.0.0.1'],
      localhost: ['127.0.0.1', '::1'],
    });
    const destinations = [
      `${target.url}/`,
      `http://localhost:${target.port}/`,
      `http://rebind.example:${target.port}/`,
      `${target6.url}/`,
      ...UNSERVABLE,
    ];
    let next = '';
    const start = await serve((_req, res) => {
      res.writeHead(302, { location: next });
      res.end();
    });
    for (const destination of destinations) {
      next = destination;
      const code = await failure(`http://start.test:${start.port}/`, {
        resolve,
        allowHosts: ['start.test'],
      });
      expect(code, destination).toBe('url_not_allowed');
    }
    expect(start.requests).toHaveLength(destinations.length);
    expect(target.requests).toHaveLength(0);
    expect(target6.requests).toHaveLength(0);
  });

  it('refuses other schemes and credentials, given or redirected to', async () => {
    for (const url of [
      'ftp://example.com/',
      'file:///etc/passwd',
      'data:text/html,hi',
      'nota url',
    ]) {
      expect(await failure(url), url).toBe('url_not_allowed');
    }
    const target = await serve(page());
    const allowHosts = ['localhost'];
    expect(await failure(`http://user:secret@localhost:${target.port}/`, { allowHosts })).toBe(
      'url_not_allowed',
    );
    expect(target.requests).toHaveLength(0);
    const start = await serve((_req, res) => {
      res.writeHead(301, { location: 'file:///etc/passwd' });
      res.end();
    });
    expect(await failure(`http://localhost:${start.port}/`, { allowHosts })).toBe(
      'url_not_allowed',
    );
  });

  it('fetches a host on the allow-list, connecting to the address it checked', async () => {
    const target = await serve(page('<p>hola</p>'));
    const fetched = await safeFetch(`http://localhost:${target.port}/aviso`, {
      allowHosts: ['localhost'],
    });
    expect(fetched).toEqual({
      url: `http://localhost:${target.port}/aviso`,
      contentType: 'text/html; charset=utf-8',
      body: Buffer.from('<p>hola</p>'),
    });
    // No system DNS knows pinned.test: the connection used the one resolution that was checked.
    const resolve = resolver({ 'pinned.test': ['127.0.0.1'] });
    await safeFetch(`http://pinned.test:${target.port}/`, { resolve, allowHosts: ['pinned.test'] });
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(target.requests).toHaveLength(2);
    expect(target.requests[1]?.host).toBe(`pinned.test:${target.port}`);
  });
});

describe('isPublicAddress', () => {
  const octet = fc.integer({ min: 0, max: 255 });
  const v4 = (a: number, b: number, c: number, d: number) => `${a}.${b}.${c}.${d}`;
  const refusedV4 = fc.oneof(
    fc.tuple(octet, octet, octet).map(([b, c, d]) => v4(127, b, c, d)),
    fc.tuple(octet, octet, octet).map(([b, c, d]) => v4(10, b, c, d)),
    fc.tuple(fc.integer({ min: 16, max: 31 }), octet, octet).map(([b, c, d]) => v4(172, b, c, d)),
    fc.tuple(octet, octet).map(([c, d]) => v4(192, 168, c, d)),
    fc.tuple(octet, octet).map(([c, d]) => v4(169, 254, c, d)),
    fc.tuple(fc.integer({ min: 64, max: 127 }), octet, octet).map(([b, c, d]) => v4(100, b, c, d)),
    fc
      .tuple(fc.integer({ min: 224, max: 255 }), octet, octet, octet)
      .map(([a, b, c, d]) => v4(a, b, c, d)),
    fc.tuple(octet, octet, octet).map(([b, c, d]) => v4(0, b, c, d)),
  );
  /** Public blocks (LACNIC's 200/8 and 186/8, and 8/8): no special range inside. */
  const publicV4 = fc
    .tuple(fc.constantFrom(8, 186, 200), octet, octet, octet)
    .map(([a, b, c, d]) => v4(a, b, c, d));
  const hex16 = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));
  const tail = fc.array(hex16, { minLength: 7, maxLength: 7 }).map((parts) => parts.join(':'));
  const asMapped = (address: string) => `::ffff:${address}`;
  const asNat64 = (address: string) => {
    const [a = 0, b = 0, c = 0, d = 0] = address.split('.').map(Number);
    return `64:ff9b::${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  };

  it('refuses every loopback, private, link-local, CGNAT, multicast and unspecified IPv4 address, also mapped or behind NAT64', () => {
    fc.assert(
      fc.property(refusedV4, (address) => {
        expect(isPublicAddress(address)).toBe(false);
        expect(isPublicAddress(asMapped(address))).toBe(false);
        expect(isPublicAddress(asNat64(address))).toBe(false);
      }),
      RUNS,
    );
  });

  it('accepts public IPv4 addresses, also mapped or behind NAT64', () => {
    fc.assert(
      fc.property(publicV4, (address) => {
        expect(isPublicAddress(address)).toBe(true);
        expect(isPublicAddress(asMapped(address))).toBe(true);
        expect(isPublicAddress(asNat64(address))).toBe(true);
      }),
      RUNS,
    );
  });

  it('refuses unique-local, link-local and multicast IPv6; accepts global unicast (LACNIC 2800::/12)', () => {
    const prefixed = (min: number, max: number) =>
      fc
        .tuple(fc.integer({ min, max }), tail)
        .map(([first, rest]) => `${first.toString(16)}:${rest}`);
    fc.assert(
      fc.property(
        fc.oneof(prefixed(0xfc00, 0xfdff), prefixed(0xfe80, 0xfebf), prefixed(0xff00, 0xffff)),
        (address) => {
          expect(isPublicAddress(address)).toBe(false);
        },
      ),
      RUNS,
    );
    fc.assert(
      fc.property(prefixed(0x2800, 0x280f), (address) => {
        expect(isPublicAddress(address)).toBe(true);
      }),
      RUNS,
    );
  });

  it('refuses the named special addresses, and what is no address', () => {
    for (const address of [
      '::1',
      '::',
      'fc00::',
      '169.254.169.254',
      'fd00:ec2::254',
      '2001:db8::1',
      '2002:7f00:1::1',
      '2001::1',
      '64:ff9b:1::a00:1',
      '192.0.2.1',
      '198.18.0.1',
      '::127.0.0.1',
      'localhost',
      '',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});

describe('safeFetch: bounds', () => {
  const allowHosts = ['localhost'];

  it('stops reading past 2 MB, whether declared or not, and after decompression', async () => {
    const exact = Buffer.alloc(PAGE_MAX_BYTES, 'a');
    const over = Buffer.alloc(PAGE_MAX_BYTES + 1, 'a');
    const target = await serve((req, res) => {
      if (req.url === '/exact') return res.end(exact);
      if (req.url === '/declared') {
        res.writeHead(200, { 'content-length': String(over.length) });
        return res.end(over);
      }
      if (req.url === '/gzip') {
        res.writeHead(200, { 'content-encoding': 'gzip' });
        return res.end(gzipSync(over));
      }
      // Chunked: no length said in advance.
      res.write(exact);
      res.end('a');
    });
    const base = `http://localhost:${target.port}`;
    expect((await safeFetch(`${base}/exact`, { allowHosts })).body.length).toBe(PAGE_MAX_BYTES);
    for (const path of ['/declared', '/chunked', '/gzip']) {
      expect(await failure(`${base}${path}`, { allowHosts }), path).toBe('page_too_large');
    }
  });

  it('reads a gzip page', async () => {
    const target = await serve((_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/html' });
      res.end(gzipSync('<p>comprimido</p>'));
    });
    const fetched = await safeFetch(`http://localhost:${target.port}/`, { allowHosts });
    expect(fetched.body.toString()).toBe('<p>comprimido</p>');
  });

  it('gives up on a name that takes too long to resolve', async () => {
    const resolve: Resolver = () => new Promise(() => {});
    const started = Date.now();
    expect(await failure('http://slow.example/', { resolve, timeoutMs: 200 })).toBe('page_timeout');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('gives up on a server that stalls, before its headers or in its body', async () => {
    const target = await serve((req, res) => {
      if (req.url === '/body') res.writeHead(200).write('<html>');
    });
    for (const path of ['/headers', '/body']) {
      const started = Date.now();
      expect(
        await failure(`http://localhost:${target.port}${path}`, { allowHosts, timeoutMs: 300 }),
      ).toBe('page_timeout');
      expect(Date.now() - started).toBeLessThan(2000);
    }
  });

  it('follows at most 3 redirects, relative ones included, sending no cookie on any hop', async () => {
    const target = await serve((req, res) => {
      const left = Number(req.url?.slice(1));
      if (left > 0) {
        res.writeHead(302, { location: `/${left - 1}`, 'set-cookie': 'session=abc; Path=/' });
        return res.end();
      }
      page()(req, res);
    });
    const base = `http://localhost:${target.port}`;
    const fetched = await safeFetch(`${base}/3`, { allowHosts });
    expect(fetched.url).toBe(`${base}/0`);
    expect(await failure(`${base}/4`, { allowHosts })).toBe('page_unreachable');
    expect(target.requests).toHaveLength(4 + 4);
    for (const headers of target.requests) {
      expect(headers.cookie).toBeUndefined();
      expect(headers.authorization).toBeUndefined();
      expect(headers['user-agent']).toMatch(/^BEC /);
    }
  });
});

describe('safeFetch: failures', () => {
  const allowHosts = ['localhost'];

  it('tries a 5xx or a reset connection once more, and an HTTP 4xx never', async () => {
    const counts = new Map<string, number>();
    const target = await serve((req, res) => {
      const path = req.url ?? '';
      const count = (counts.get(path) ?? 0) + 1;
      counts.set(path, count);
      if (path === '/once-503' && count === 1) return res.writeHead(503).end();
      if (path === '/once-reset' && count === 1) return req.socket.destroy();
      if (path === '/always-503') return res.writeHead(503).end();
      if (path === '/always-reset') return req.socket.destroy();
      if (path === '/404') return res.writeHead(404).end();
      page()(req, res);
    });
    const base = `http://localhost:${target.port}`;
    await safeFetch(`${base}/once-503`, { allowHosts });
    await safeFetch(`${base}/once-reset`, { allowHosts });
    for (const path of ['/always-503', '/always-reset', '/404']) {
      expect(await failure(`${base}${path}`, { allowHosts }), path).toBe('page_unreachable');
    }
    expect(Object.fromEntries(counts)).toEqual({
      '/once-503': 2,
      '/once-reset': 2,
      '/always-503': 2,
      '/always-reset': 2,
      '/404': 1,
    });
  });

  it('reports a refused connection and a name that does not resolve as page_unreachable', async () => {
    const closed = await serve(page());
    await Promise.all(closers.splice(0).map((close) => close()));
    expect(await failure(`http://localhost:${closed.port}/`, { allowHosts })).toBe(
      'page_unreachable',
    );
    expect(await failure('http://nowhere.example/', { resolve: resolver({}) })).toBe(
      'page_unreachable',
    );
  });
});
