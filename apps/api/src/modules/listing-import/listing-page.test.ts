import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { safeFetch } from '../../lib/safe-fetch.js';
import { decodeHtml, readListingPage } from './listing-page.js';

/** Listing pages written for these tests (every name, address and URL is made up). */
const FIXTURES = new URL('../../../test/fixtures/listing-pages/', import.meta.url);

type Expected = {
  url: string;
  fields: Record<string, unknown>;
  locality: string | null;
  photos: string[];
  textIncludes: string[];
  textExcludes: string[];
};

const pages = readdirSync(FIXTURES)
  .filter((file) => file.endsWith('.html'))
  .map((file) => ({
    file,
    html: readFileSync(new URL(file, FIXTURES), 'utf8'),
    expected: JSON.parse(
      readFileSync(new URL(file.replace(/\.html$/, '.json'), FIXTURES), 'utf8'),
    ) as Expected,
  }));

describe('readListingPage', () => {
  it('has at least 5 pages to read', () => {
    expect(pages.length).toBeGreaterThanOrEqual(5);
  });

  it.each(pages)('reads $file', ({ html, expected }) => {
    const page = readListingPage(html, expected.url);
    expect(page.fields).toEqual(expected.fields);
    expect(page.locality).toBe(expected.locality);
    expect(page.photos).toEqual(expected.photos);
    for (const words of expected.textIncludes) expect(page.text).toContain(words);
    for (const words of expected.textExcludes) expect(page.text).not.toContain(words);
    // Every field says where it came from, in words found on the page.
    expect(Object.keys(page.sources).sort()).toEqual(Object.keys(page.fields).sort());
  });

  it('names the words each field came from', () => {
    const { html, expected } = pages.find((p) => p.file === 'depto-nunoa-uf.html') ?? {};
    const page = readListingPage(html ?? '', expected?.url ?? '');
    expect(page.sources).toMatchObject({
      price: 'JSON-LD offers: 5450 CLF',
      price_unit: 'JSON-LD offers: 5450 CLF',
      rooms: 'JSON-LD numberOfBedrooms: 3',
      building_sqmts: 'JSON-LD floorSize: 78 m²',
    });
  });

  it('puts a table row or a term and its value on one line, as "label: value"', () => {
    const page = readListingPage(
      `<table><tr><th>Dormitorios</th><td>3</td></tr><tr><th>Baños</th><td>2</td></tr></table>
       <dl><dt>Estacionamientos</dt><dd>1</dd></dl><table><tr><td>Piso</td><td>7</td></tr></table>`,
      'https://example.cl/',
    );
    expect(page.text).toBe('Dormitorios: 3\nBaños: 2\nEstacionamientos: 1\nPiso: 7');
  });

  it('reads nothing from what is not HTML, and never fails', () => {
    for (const html of [
      '',
      'texto sin etiquetas: 3D 2B UF 5.450',
      '<<<>>>',
      '<script type="application/ld+json">',
    ]) {
      const page = readListingPage(html, 'https://ejemplo.cl/');
      expect(page.fields).toEqual({});
      expect(page.photos).toEqual([]);
    }
    expect(readListingPage('3D 2B UF 5.450', 'https://ejemplo.cl/').text).toBe('3D 2B UF 5.450');
  });

  it('decodes a page in the charset it declares, UTF-8 when it declares none', () => {
    const latin1 = Buffer.from('<p>Ñuñoa, baño</p>', 'latin1');
    expect(decodeHtml(latin1, 'text/html; charset=ISO-8859-1')).toBe('<p>Ñuñoa, baño</p>');
    const meta = Buffer.concat([Buffer.from('<meta charset="windows-1252">'), latin1]);
    expect(decodeHtml(meta, 'text/html')).toContain('Ñuñoa, baño');
    const equiv = Buffer.concat([
      Buffer.from('<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">'),
      latin1,
    ]);
    expect(decodeHtml(equiv, '')).toContain('Ñuñoa, baño');
    expect(decodeHtml(Buffer.from('<p>Ñuñoa</p>'), 'text/html')).toBe('<p>Ñuñoa</p>');
    expect(decodeHtml(Buffer.from('<p>Ñuñoa</p>'), 'text/html; charset=klingon')).toBe(
      '<p>Ñuñoa</p>',
    );
  });

  it('reads a page fetched from a server, in ISO-8859-1, its relative photos against where it was', async () => {
    const html = readFileSync(new URL('depto-nunoa-uf.html', FIXTURES), 'utf8').replace(
      '<meta charset="utf-8">',
      '',
    );
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=ISO-8859-1' });
      res.end(Buffer.from(html, 'latin1'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const fetched = await safeFetch(`http://localhost:${port}/aviso/1001`, {
        allowHosts: ['localhost'],
      });
      const page = readListingPage(decodeHtml(fetched.body, fetched.contentType), fetched.url);
      expect(page.fields).toMatchObject({ price: 5450, price_unit: 'UF', rooms: 3 });
      expect(page.locality).toBe('Ñuñoa');
      expect(page.photos).toContain(`http://localhost:${port}/aviso/1001/living.jpg`);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
