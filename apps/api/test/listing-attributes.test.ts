import {
  EXPORT_COLUMNS,
  LISTING_ATTRIBUTE_BOUNDS,
  LISTING_ATTRIBUTES,
  type PropertyCard,
  type PropertyDetail,
} from '@bec/contracts';
import { fillPlaceholders, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { listPage } from '../src/modules/properties/property-list.repository.js';
import { addProperty, setupApp, validProperty } from './helpers.js';

// A Chilean listing's attributes (ADR 038): bounds, round trips, the CSV, the filters.
const t = setupApp();

const LISTING = {
  rooms: 3,
  bathrooms: 2,
  parking_spaces: 1,
  storage_units: 1,
  common_expenses: 120_000,
  floor: 12,
  orientation: 'NO',
  year_built: 2015,
} as const;

const count = async () =>
  Number(
    (await queryRows<{ n: number }>(t.db.db, sql`select count(*)::int as n from properties`))[0]?.n,
  );

const detail = async (id: number) => {
  const response = await t.inject('viewer', { method: 'GET', url: `/api/properties/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as PropertyDetail;
};

const list = async (query: string) => {
  const response = await t.inject('viewer', { method: 'GET', url: `/api/properties?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.props as PropertyCard[];
};

const edit = async (id: number, overrides: Record<string, unknown>) => {
  const current = await detail(id);
  return t.inject('editor', {
    method: 'PUT',
    url: `/api/properties/${id}`,
    payload: { ...validProperty(), photos: [], updated_at: current.updated_at, ...overrides },
  });
};

describe("a Chilean listing's attributes", () => {
  it('refuses each value beyond its bounds with 400 naming the field, and writes nothing', async () => {
    const before = await count();
    const bad: [string, unknown][] = [
      ...LISTING_ATTRIBUTES.flatMap((name): [string, unknown][] => [
        [name, LISTING_ATTRIBUTE_BOUNDS[name].min - 1],
        [name, LISTING_ATTRIBUTE_BOUNDS[name].max + 1],
        [name, 1.5],
        [name, '3'],
      ]),
      ['orientation', 'W'],
      ['orientation', 'no'],
      ['orientation', 3],
    ];
    for (const [field, value] of bad) {
      const response = await t.inject('editor', {
        method: 'POST',
        url: '/api/properties/add',
        payload: validProperty({ [field]: value }),
      });
      expect(response.statusCode, `${field}=${JSON.stringify(value)}`).toBe(400);
      expect(Object.keys(response.json().error.fieldErrors), field).toEqual([field]);
    }
    const id = await addProperty(t, { name: 'Sin cambios' });
    const edited = await edit(id, { bathrooms: 51, year_built: 1799 });
    expect(edited.statusCode).toBe(400);
    expect(Object.keys(edited.json().error.fieldErrors).sort()).toEqual([
      'bathrooms',
      'year_built',
    ]);
    expect(await count()).toBe(before + 1);
    expect(await detail(id)).toMatchObject({ bathrooms: null, year_built: null });
  });

  it('keeps the bounds in the database too (a writer that skips the API)', async () => {
    const id = await addProperty(t);
    for (const assignment of [
      sql`bathrooms = 51`,
      sql`floor = -11`,
      sql`year_built = 2101`,
      sql`common_expenses = 100000001`,
      sql`orientation = 'W'`,
    ]) {
      await expect(
        t.db.db.execute(sql`update properties set ${assignment} where id = ${id}`),
      ).rejects.toThrow();
    }
  });

  it('stores them on add, answers them on the detail and the card, and changes them on edit', async () => {
    const id = await addProperty(t, { name: 'Con atributos', ...LISTING });
    expect(await detail(id)).toMatchObject(LISTING);
    const [card] = (await list('q=atributos')).filter((c) => c.id === id);
    expect(card).toMatchObject({
      rooms: 3,
      bathrooms: 2,
      parking_spaces: 1,
      common_expenses: 120_000,
    });
    expect(card).not.toHaveProperty('year_built');

    const changed = {
      ...LISTING,
      bathrooms: 3,
      floor: -1,
      orientation: 'S',
      common_expenses: null,
    };
    const response = await edit(id, { name: 'Con atributos', ...changed });
    expect(response.statusCode, response.body).toBe(200);
    expect(await detail(id)).toMatchObject(changed);

    // Left out, each one is null: the edit body is the whole property, as for every field.
    const omitted = await edit(id, { name: 'Con atributos' });
    expect(omitted.statusCode, omitted.body).toBe(200);
    expect(await detail(id)).toMatchObject({
      bathrooms: null,
      parking_spaces: null,
      storage_units: null,
      common_expenses: null,
      floor: null,
      orientation: null,
      year_built: null,
    });
  });

  it('records their changes in the history', async () => {
    const id = await addProperty(t, { name: 'Historia', ...LISTING });
    expect((await edit(id, { name: 'Historia', ...LISTING, bathrooms: 4 })).statusCode).toBe(200);
    const response = await t.inject('viewer', {
      method: 'GET',
      url: `/api/properties/${id}/history`,
    });
    const [updated] = response.json().data.entries;
    expect(updated.changes).toEqual({
      kind: 'updated',
      fields: [{ field: 'bathrooms', from: 2, to: 4 }],
    });
  });

  it('exports them as the last columns, with Spanish headings', async () => {
    const id = await addProperty(t, { name: 'Exportada', ...LISTING, floor: -2 });
    const response = await t.inject('viewer', {
      method: 'GET',
      url: '/api/properties/export.csv?q=exportada',
    });
    expect(response.statusCode, response.body).toBe(200);
    const [header, row] = response.body.replace(/^\uFEFF/, '').split('\r\n');
    const headings = header?.split(';') ?? [];
    expect(headings.slice(-7)).toEqual([
      'Baños',
      'Estacionamientos',
      'Bodegas',
      'Gastos comunes (CLP/mes)',
      'Piso',
      'Orientación',
      'Año de construcción',
    ]);
    expect(headings).toHaveLength(EXPORT_COLUMNS.length);
    const cells = row?.split(';') ?? [];
    expect(cells[0]).toBe(String(id));
    // A leading minus is defused as every cell's is (a spreadsheet would read a formula).
    expect(cells.slice(-7)).toEqual(['2', '1', '1', '120000', "'-2", 'NO', '2015']);
  });
});

describe('GET /api/properties: the listing filters', () => {
  it('filters by minimum dormitorios, baños and estacionamientos and maximum gastos comunes', async () => {
    const mark = 'filtrolisting';
    const ids = {
      small: await addProperty(t, {
        name: `${mark} chico`,
        rooms: 1,
        bathrooms: 1,
        parking_spaces: 0,
        common_expenses: 60_000,
      }),
      family: await addProperty(t, {
        name: `${mark} familiar`,
        rooms: 3,
        bathrooms: 2,
        parking_spaces: 1,
        common_expenses: 150_000,
      }),
      large: await addProperty(t, {
        name: `${mark} grande`,
        rooms: 4,
        bathrooms: 3,
        parking_spaces: 2,
        common_expenses: 300_000,
      }),
      unknown: await addProperty(t, { name: `${mark} sin datos`, rooms: null }),
    };
    const found = async (query: string) =>
      (await list(`q=${mark}&${query}`)).map((card) => card.id).sort((a, b) => a - b);
    expect(await found('rooms_min=3')).toEqual([ids.family, ids.large]);
    expect(await found('rooms_min=3&bathrooms_min=3')).toEqual([ids.large]);
    expect(await found('parking_min=1')).toEqual([ids.family, ids.large]);
    expect(await found('parking_min=0')).toEqual([ids.small, ids.family, ids.large]);
    expect(await found('common_expenses_max=150000')).toEqual([ids.small, ids.family]);
    expect(await found('rooms_min=3&common_expenses_max=150000')).toEqual([ids.family]);
    // The same filters shape the CSV.
    const csv = await t.inject('viewer', {
      method: 'GET',
      url: `/api/properties/export.csv?q=${mark}&bathrooms_min=2`,
    });
    expect(csv.body.trim().split('\r\n')).toHaveLength(3);
  });

  it('refuses bad listing filters with 400 naming the field', async () => {
    for (const [key, value] of [
      ['rooms_min', '-1'],
      ['rooms_min', '2.5'],
      ['bathrooms_min', '51'],
      ['parking_min', '101'],
      ['common_expenses_max', '100000001'],
      ['common_expenses_max', '1e5'],
      ['common_expenses_max', ''],
    ]) {
      const response = await t.inject('viewer', {
        method: 'GET',
        url: `/api/properties?${key}=${value}`,
      });
      expect(response.statusCode, `${key}=${value}`).toBe(400);
      expect(Object.keys(response.json().error.fieldErrors), key).toEqual([key]);
    }
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'finds rare values through their indexes, and walks the sort index for common ones',
    async () => {
      // 5,000 rows: most have 1–2 of everything, one in a thousand 6 bathrooms or 5 parkings.
      await t.db.db.execute(sql`
        insert into properties (name, address, price_amount, building_sqmts, land_sqmts, city_id,
          property_type_id, rooms, bathrooms, parking_spaces, common_expenses)
        select 'Plan ' || i, 'Calle Plan ' || i, 1000 * i, 50, 50, 13101, 2,
          1 + i % 3, case when i % 1000 = 0 then 6 else 1 + i % 2 end,
          case when i % 1000 = 7 then 5 else i % 2 end,
          case when i % 1000 = 3 then 10000 else 50000 + i * 10 end
        from generate_series(1, 5000) as i`);
      await t.db.db.execute(sql`analyze properties`);
      const planOf = async (filters: Record<string, unknown>) => {
        const page = listPage(t.db.db, filters, 'newest', 25, null);
        const query = page.rows.statement.prepared.getQuery();
        const params = fillPlaceholders(query.params, page.rows.values);
        const text = query.sql.replace(/\$(\d+)/g, (_, n: string) => {
          const value = params[Number(n) - 1];
          return typeof value === 'number'
            ? String(value)
            : `'${String(value).replaceAll("'", "''")}'`;
        });
        const [plan] = await queryRows<{ 'QUERY PLAN': unknown }>(
          t.db.db,
          sql.raw(`explain (format json) ${text}`),
        );
        const json = JSON.stringify(plan?.['QUERY PLAN']);
        return {
          json,
          indexes: [...json.matchAll(/"Index Name":\s*"([^"]+)"/g)].map((m) => m[1]),
          seqScan: /"Node Type":\s*"Seq Scan"[^}]*"Relation Name":\s*"properties"/.test(json),
        };
      };
      for (const [filters, index] of [
        [{ bathrooms_min: 6 }, 'properties_bathrooms_idx'],
        [{ parking_min: 5 }, 'properties_parking_spaces_idx'],
        [{ common_expenses_max: 20_000 }, 'properties_common_expenses_idx'],
        [{ rooms_min: 9 }, 'properties_rooms_idx'],
      ] as const) {
        const plan = await planOf(filters);
        expect(plan.indexes, plan.json).toContain(index);
        expect(plan.seqScan, plan.json).toBe(false);
      }
      // Most rows match: newest first along its own index, stopping after a page.
      const common = await planOf({ rooms_min: 1, bathrooms_min: 1 });
      expect(common.indexes, common.json).toContain('properties_created_id_idx');
      expect(common.seqScan, common.json).toBe(false);
      await t.db.db.execute(sql`delete from properties where name like 'Plan %'`);
    },
  );
});
