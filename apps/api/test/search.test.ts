import { PROPERTY_SORTS, type PropertyCard, type PropertySort } from '@bec/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import type { PesoFilters } from '../src/db/property-query.js';
import type { PropertyCursor } from '../src/modules/properties/property-cursor.js';
import {
  type KnownMatches,
  listPage,
  run,
  sortValue,
} from '../src/modules/properties/property-list.repository.js';
import { addBroker } from './broker-fixture.js';
import { addProperty, setupApp } from './helpers.js';

// The list's Spanish search (migration 0005, ADR 019), as a Chilean user types it, on PGlite and
// on PostgreSQL alike (the suite runs on both).
const t = setupApp();

const CASA = 1;
const DEPARTAMENTO = 2;
const PARCELA = 6;
const VINA = 5109;
const PROVIDENCIA = 13123;
const NUNOA = 13120;
const PIRQUE = 13202;

type Page = { props: PropertyCard[]; next_cursor: string | null; total: number };

const list = async (query: string) => {
  const response = await t.inject('viewer', { method: 'GET', url: `/api/properties?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Page;
};

/** The names a search finds, every page of it. */
async function found(q: string, extra = '') {
  const names: string[] = [];
  let cursor: string | null = null;
  do {
    const page = await list(
      `q=${encodeURIComponent(q)}&limit=5${extra}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    names.push(...page.props.map((p) => p.name));
    cursor = page.next_cursor;
  } while (cursor);
  return names;
}

const add = (overrides: Record<string, unknown>) =>
  addProperty(t, { latitude: null, longitude: null, google_maps_url: null, ...overrides });

let brokerId = 0;

beforeAll(async () => {
  brokerId = await addBroker(t, { name: 'Corredora Pérez' });
  const listings = [
    {
      name: 'Casa con vista al mar',
      address: 'Av. Libertad 1234',
      city_id: VINA,
      property_type_id: CASA,
      notes: 'Quincho y piscina',
    },
    {
      name: 'Casa en Reñaca alto',
      address: 'Calle Los Pinos 45',
      city_id: VINA,
      property_type_id: CASA,
      notes: null,
    },
    {
      name: 'Departamento frente al mar',
      address: 'Avenida Perú 500, depto 1203',
      city_id: VINA,
      property_type_id: DEPARTAMENTO,
      notes: 'Gimnasio y club en el condominio',
    },
    {
      name: 'Casa esquina',
      address: 'Avenida Providencia 2000',
      city_id: PROVIDENCIA,
      property_type_id: CASA,
      notes: null,
      broker_id: null,
    },
    {
      name: 'Oficina luminosa',
      address: 'Av. Irarrázaval 3456, of. 12',
      city_id: NUNOA,
      property_type_id: DEPARTAMENTO,
      notes: 'Acepta permuta',
      broker: true,
    },
    {
      name: 'Parcela de agrado en Pirque',
      address: 'Camino El Principal 9000',
      city_id: PIRQUE,
      property_type_id: PARCELA,
      notes: 'Con derechos de agua',
    },
  ];
  for (const { broker, ...listing } of listings)
    await add({ ...listing, broker_id: broker ? brokerId : null });
});

describe('search', () => {
  it('finds the Viña del Mar houses for "vina casas": accents optional, plurals, every word', async () => {
    expect((await found('vina casas')).sort()).toEqual([
      'Casa con vista al mar',
      'Casa en Reñaca alto',
    ]);
    expect((await found('Viña Casa')).sort()).toEqual((await found('vina casas')).sort());
    // A word in the notes counts too: every word must match somewhere.
    expect(await found('vina club')).toEqual(['Departamento frente al mar']);
  });

  it('finds comuna names without their accents and eñes', async () => {
    expect(await found('nunoa')).toEqual(['Oficina luminosa']);
    expect(await found('ÑUÑOA')).toEqual(['Oficina luminosa']);
    expect(await found('renaca')).toEqual(['Casa en Reñaca alto']);
  });

  it('finds plurals and other forms of a word', async () => {
    expect(await found('parcelas de agrado')).toEqual(['Parcela de agrado en Pirque']);
    expect(await found('piscinas')).toEqual(['Casa con vista al mar']);
    expect(await found('departamentos')).toEqual(['Departamento frente al mar']);
  });

  it('finds as the user types: the last word is a prefix', async () => {
    const typed = 'providencia';
    for (let end = 2; end <= typed.length; end++)
      expect(await found(typed.slice(0, end)), typed.slice(0, end)).toContain('Casa esquina');
    expect(await found('casa esq')).toEqual(['Casa esquina']);
    // Earlier words are whole words: "esq" alone before another word is no prefix.
    expect(await found('esq casa')).toEqual([]);
  });

  it('reads street-type abbreviations either way', async () => {
    expect(await found('av libertad')).toEqual(['Casa con vista al mar']);
    expect(await found('avenida libertad')).toEqual(['Casa con vista al mar']);
    expect(await found('avda irarrazaval')).toEqual(['Oficina luminosa']);
    expect(await found('av peru dpto 1203')).toEqual(['Departamento frente al mar']);
  });

  it('searches the región, the broker and the notes', async () => {
    expect((await found('valparaiso')).sort()).toEqual([
      'Casa con vista al mar',
      'Casa en Reñaca alto',
      'Departamento frente al mar',
    ]);
    expect(await found('perez')).toEqual(['Oficina luminosa']);
    expect(await found('permuta')).toEqual(['Oficina luminosa']);
    expect(await found('derechos agua')).toEqual(['Parcela de agrado en Pirque']);
  });

  it('follows a broker renamed, and one removed from the property', async () => {
    const loaded = (
      await t.inject('viewer', { method: 'GET', url: `/api/brokers/${brokerId}` })
    ).json().data;
    const renamed = await t.inject('editor', {
      method: 'PUT',
      url: `/api/brokers/${brokerId}`,
      payload: { name: 'Corredora Fuentealba', updated_at: loaded.updated_at },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await found('fuentealba')).toEqual(['Oficina luminosa']);
    expect(await found('perez')).toEqual([]);
  });

  it('treats a search of stop words only as no search, and never fails on query syntax', async () => {
    const all = (await list('')).total;
    expect((await list('q=de%20la')).total).toBe(all);
    for (const q of ["casa & | ! ( ) : * ' \\", '<->', 'a:*', "o'higgins", '!!!', '3d2b'])
      await list(`q=${encodeURIComponent(q)}`);
  });
});

describe('relevance sort', () => {
  it('puts a match in the name before one in the comuna only, and pages without repeats', async () => {
    const ranked = await found('mar', '&sort=relevance');
    expect(ranked).toHaveLength(3);
    expect(ranked.at(-1)).toBe('Casa en Reñaca alto');
    expect(new Set(ranked).size).toBe(ranked.length);
    // One per page, through the rank's cursor, in the same order.
    const one: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(
        `q=mar&sort=relevance&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      one.push(...page.props.map((p) => p.name));
      cursor = page.next_cursor;
    } while (cursor);
    expect(one).toEqual(ranked);
  });

  it('needs a search: without q the API says so on the sort field', async () => {
    const response = await t.inject('viewer', {
      method: 'GET',
      url: '/api/properties?sort=relevance',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toEqual([
      expect.objectContaining({ field: 'sort', rule: 'relevance_needs_q' }),
    ]);
  });

  it('refuses a relevance cursor that is no rank', async () => {
    const cursor = Buffer.from('["relevance","x",1]').toString('base64url');
    const response = await t.inject('viewer', {
      method: 'GET',
      url: `/api/properties?q=casa&sort=relevance&cursor=${cursor}`,
    });
    expect(response.statusCode).toBe(400);
  });
});

// ADR 057: once a search's count is known, its page is a named statement with a plan of its own,
// along the sort's index or through the GIN index. Both must find what the search planned with
// its words finds, in the same order, on every page.
describe('search plans', () => {
  // Every sort but relevance, which ranks every match and keeps its planning.
  const SORTS = PROPERTY_SORTS.filter((sort) => sort !== 'relevance');
  const PLANS = {
    'with its words': undefined,
    'along-sort': { matches: 1_000_000, total: 1_000_000 },
    'through-index': { matches: 1, total: 1_000_000 },
  } as const;

  beforeAll(async () => {
    // 40 more listings whose prices and areas tie in fours, some areas unknown: the pages break
    // ties by id, and every sort's sentinel keys take part.
    await t.db.db.execute(sql`
      insert into properties (name, address, price_amount, building_sqmts, land_sqmts, city_id,
        property_type_id)
      select case when i % 5 = 0 then 'Parcela con quincho ' || i else 'Casa del plan ' || i end,
        'Pasaje Plan ' || i, 1000 * (1 + i % 4), case when i % 3 = 0 then null else 40 + i % 4 end,
        50, case when i % 2 = 0 then ${PIRQUE}::integer else ${NUNOA}::integer end,
        case when i % 5 = 0 then ${PARCELA}::integer else ${CASA}::integer end
      from generate_series(1, 40) as i`);
  });

  /** Every page of 3 through the repository, as the service pages: ids in order, and the plan. */
  async function walk(filters: PesoFilters, sort: PropertySort, known?: KnownMatches) {
    const ids: number[] = [];
    let cursor: PropertyCursor | null = null;
    for (let pages = 0; pages < 100; pages++) {
      const page = listPage(t.db.db, filters, sort, 4, cursor, known);
      const rows = await run(page.rows);
      const shown = rows.slice(0, 3);
      ids.push(...shown.map((row) => row.id));
      const last = shown.at(-1);
      if (rows.length <= 3 || !last) return { ids, search: page.search };
      cursor = { sort, value: sortValue(sort, { ...last, rank: null }), id: last.id };
    }
    throw new Error(`no last page for ${JSON.stringify(filters)} by ${sort}`);
  }

  it('find the same rows in the same order, page after page, whichever plan a search gets', async () => {
    const [{ n: all } = { n: 0 }] = await queryRows<{ n: number }>(
      t.db.db,
      sql`select count(*)::int as n from properties`,
    );
    for (const q of ['casa', 'quincho', 'provi', 'reñaca', 'de la', 'zzzz'])
      for (const extra of [{}, { property_type_id: CASA }])
        for (const sort of SORTS) {
          const filters = { q, ...extra };
          const expected = await walk(filters, sort);
          if (q === 'casa') expect(expected.ids.length).toBeGreaterThan(30);
          // Stop words only is no search: every row (of the type).
          if (q === 'de la' && !('property_type_id' in extra))
            expect(expected.ids).toHaveLength(all);
          if (q === 'zzzz') expect(expected.ids).toEqual([]);
          for (const [plan, known] of Object.entries(PLANS)) {
            const got = await walk(filters, sort, known);
            expect(got.search).toBe(known ? plan : null);
            expect(got.ids, `q=${q} ${JSON.stringify(extra)} by ${sort}, ${plan}`).toEqual(
              expected.ids,
            );
          }
        }
  });

  it('keep a range planned with its values, and the relevance sort too', async () => {
    const known = PLANS['along-sort'];
    expect(listPage(t.db.db, { q: 'casa', price_min: 1000 }, 'newest', 4, null, known).search).toBe(
      null,
    );
    expect(listPage(t.db.db, { q: 'casa' }, 'relevance', 4, null, known).search).toBe(null);
    expect(listPage(t.db.db, { city_id: VINA }, 'newest', 4, null, known).search).toBe(null);
  });
});
