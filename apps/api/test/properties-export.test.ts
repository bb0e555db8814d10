import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { setupApp, validProperty } from './helpers.js';

/** Set by a test to make the export's second batch fail, as a database dropping mid-stream. */
const fault = vi.hoisted(() => ({ failSecondBatch: false }));
vi.mock('../src/modules/properties/properties-export.repository.js', async (importOriginal) => {
  const original =
    await importOriginal<
      typeof import('../src/modules/properties/properties-export.repository.js')
    >();
  return {
    ...original,
    exportBatch: async (...args: Parameters<typeof original.exportBatch>) => {
      const rows = await original.exportBatch(...args);
      if (!fault.failSecondBatch) return rows;
      if (args[2] !== null) throw new Error('Connection terminated unexpectedly');
      // A full first batch, so the export goes on to ask for a second one.
      return Array.from({ length: args[3] }, (_, i) => rows[i % rows.length] ?? rows[0]).filter(
        (row) => row !== undefined,
      );
    },
  };
});

const t = setupApp();

const exportCsv = (query = '') =>
  t.inject('viewer', { method: 'GET', url: `/api/properties/export.csv${query}` });

/** Splits the CSV the way a spreadsheet would (quoted fields may hold ; and line breaks). */
function parse(csv: string) {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i];
    if (quoted) {
      if (c === '"' && csv[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(field);
      field = '';
    } else if (c === '\r' && csv[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

describe('GET /api/properties/export.csv', () => {
  it('exports one row per property of the filtered list, accents intact, for Excel in Chile', async () => {
    await t.inject('editor', {
      method: 'POST',
      url: '/api/properties/add',
      payload: validProperty({
        name: 'Casa en Ñuñoa',
        notes: 'Tiene "quincho"; revisar\nfiltraciones',
        building_sqmts: 80.5,
      }),
    });
    await t.inject('editor', {
      method: 'POST',
      url: '/api/properties/add',
      payload: validProperty({ name: '=HYPERLINK("http://evil")', city_id: 5109 }),
    });
    await t.inject('editor', {
      method: 'POST',
      url: '/api/properties/add',
      payload: validProperty({
        name: 'Depto Providencia',
        city_id: 13123,
        stage: 'discarded',
        discard_reason: 'Gastos comunes; muy altos',
        visited: undefined,
      }),
    });

    const response = await exportCsv('?region_id=13');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="bec-propiedades-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parse(bytes.subarray(3).toString('utf8'));
    expect(header?.slice(0, 8)).toEqual([
      'ID',
      'Nombre',
      'Dirección',
      'Comuna',
      'Región',
      'Tipo',
      'Precio (CLP)',
      'Precio por m² (CLP)',
    ]);
    const listed = (
      await t.inject('viewer', { method: 'GET', url: '/api/properties?region_id=13&limit=100' })
    ).json().data;
    expect(rows).toHaveLength(listed.total);
    expect(rows.map((r) => Number(r[0]))).toEqual(listed.props.map((p: { id: number }) => p.id));

    const nunoa = rows.find((r) => r[1] === 'Casa en Ñuñoa');
    expect(nunoa?.[3]).toBe('Ñuñoa');
    expect(nunoa?.[6]).toBe('145000000');
    expect(nunoa?.[7]).toBe(String(Math.round(145_000_000 / 80.5)));
    expect(nunoa?.[8]).toBe('80,5');
    expect(nunoa?.[14]).toBe('Sí');
    expect(nunoa?.[19]).toBe('Tiene "quincho"; revisar\nfiltraciones');
    // The pipeline's stage in Spanish, and a discarded one's reason (quoted: it holds a ";").
    const stage = header?.indexOf('Etapa') ?? -1;
    expect(header?.[stage + 1]).toBe('Motivo del descarte');
    expect([nunoa?.[stage], nunoa?.[stage + 1]]).toEqual(['Visitada', '']);
    const discarded = rows.find((r) => r[1] === 'Depto Providencia');
    expect([discarded?.[stage], discarded?.[stage + 1]]).toEqual([
      'Descartada',
      'Gastos comunes; muy altos',
    ]);
  });

  it('defuses text a spreadsheet would run as a formula', async () => {
    const rows = parse((await exportCsv('?region_id=5')).rawPayload.subarray(3).toString('utf8'));
    expect(rows[1]?.[1]).toBe(`'=HYPERLINK("http://evil")`);
  });

  it('answers the header alone for an empty list, and refuses bad filters and anonymous callers', async () => {
    const empty = parse((await exportCsv('?region_id=12')).rawPayload.subarray(3).toString('utf8'));
    expect(empty).toHaveLength(1);
    expect((await exportCsv('?price_min=9&price_max=1')).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/properties/export.csv' })).statusCode,
    ).toBe(401);
  });

  it('refuses filters the columns cannot hold with a 400 naming them, before any CSV byte', async () => {
    for (const [query, field] of [
      ['?price_min=1.5', 'price_min'],
      ['?price_max=1e19', 'price_max'],
      ['?q=%00', 'q'],
      ['?region_id=40000', 'region_id'],
      ['?city_id=2147483648', 'city_id'],
    ] as const) {
      const response = await exportCsv(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.headers['content-type'], query).toMatch(/^application\/json/);
      expect(Object.keys(response.json().error.fieldErrors), query).toEqual([field]);
    }
  });

  it('breaks the download off, never ends it cleanly, when the database fails mid-stream', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    fault.failSecondBatch = true;
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/properties/export.csv`, {
        headers: { authorization: `Bearer ${await t.tokenFor('viewer')}` },
      });
      // The first batch was read before the headers; the second fails after them.
      expect(response.status).toBe(200);
      await expect(response.text()).rejects.toThrow();
    } finally {
      fault.failSecondBatch = false;
    }
  });
});
