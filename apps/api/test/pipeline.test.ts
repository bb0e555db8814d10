import { PROPERTY_STAGES, type PropertyStage } from '@bec/contracts';
import { fillPlaceholders, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { listPage } from '../src/modules/properties/property-list.repository.js';
import { type Person, setupApp, validProperty } from './helpers.js';

const t = setupApp();

type Card = { id: number; stage: PropertyStage; visited: boolean; updated_at: string };
type Page = { props: Card[]; next_cursor: string | null; total: number; total_kind: string };

const list = async (query: string) => {
  const response = await t.inject('viewer', { method: 'GET', url: `/api/properties?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Page;
};

/** Every page of a query, following next_cursor. */
async function walk(query: string) {
  const cards: Card[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const page: Page = await list(cursor ? `${query}&cursor=${encodeURIComponent(cursor)}` : query);
    cards.push(...page.props);
    cursor = page.next_cursor;
    if (!cursor) return cards;
  }
  throw new Error('too many pages');
}

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.db.db, query);

async function add(overrides: Record<string, unknown> = {}) {
  const response = await t.inject('editor', {
    method: 'POST',
    url: '/api/properties/add',
    payload: validProperty({ broker_id: null, visited: undefined, ...overrides }),
  });
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json().data.id as number;
  return detail(id);
}

const detail = async (id: number) =>
  (await t.inject('viewer', { method: 'GET', url: `/api/properties/${id}` })).json()
    .data as Card & {
    discard_reason: string | null;
    updated_by_name: string | null;
  };

const move = (id: number, body: Record<string, unknown>, who: Person = 'editor') =>
  t.inject(who, { method: 'PATCH', url: `/api/properties/${id}/stage`, payload: body });

const history = (id: number) =>
  rows<{ kind: string; actor_name: string; changes: Record<string, unknown> }>(
    sql`select kind, actor_name, changes from property_history where property_id = ${id} order by id`,
  );

const stageRank = (stage: PropertyStage) => PROPERTY_STAGES.indexOf(stage);

describe('the stage filter and sorts', () => {
  it('lists one stage, newest first, complete and in order over keyset pages', async () => {
    // 7 × 30 rows, created at a dozen instants so that many tie and the id breaks the ties.
    await t.db.db.execute(sql`
      insert into properties (name, address, price_amount, building_sqmts, land_sqmts, city_id,
        property_type_id, stage, discard_reason, created_at, updated_at)
      select 'Pipeline ' || i, 'Calle Etapa ' || i, 1000000 * i, 50, 50, 13101, 2,
        (array['new','to_visit','visited','negotiating','offer_made','bought','discarded'])[1 + i % 7],
        case when i % 7 = 6 then 'Muy cara' end,
        now() - (i % 12) * interval '1 hour', now()
      from generate_series(1, 210) as i`);
    const all = await rows<{ id: number; stage: PropertyStage; created_at: string }>(
      sql`select id, stage, created_at::text from properties where name like 'Pipeline %'`,
    );
    for (const stage of PROPERTY_STAGES) {
      const cards = await walk(`q=pipeline&stage=${stage}&sort=newest&limit=7`);
      const expected = all
        .filter((r) => r.stage === stage)
        .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id)
        .map((r) => r.id);
      expect(expected).toHaveLength(30);
      expect(cards.map((c) => c.id)).toEqual(expected);
      expect(new Set(cards.map((c) => c.stage))).toEqual(new Set([stage]));
      const first = await list(`q=pipeline&stage=${stage}`);
      expect(first).toMatchObject({ total: 30, total_kind: 'exact' });
    }
  });

  it('sorts by pipeline order either way, complete over keyset pages', async () => {
    const all = await rows<{ id: number; stage: PropertyStage }>(
      sql`select id, stage from properties where name like 'Pipeline %'`,
    );
    const ascending = [...all]
      .sort((a, b) => stageRank(a.stage) - stageRank(b.stage) || a.id - b.id)
      .map((r) => r.id);
    expect((await walk('q=pipeline&sort=stage_asc&limit=17')).map((c) => c.id)).toEqual(ascending);
    expect((await walk('q=pipeline&sort=stage_desc&limit=17')).map((c) => c.id)).toEqual(
      [...ascending].reverse(),
    );
    // Other filters combine with the stage sort.
    const visited = await walk('q=pipeline&visited=true&sort=stage_asc&limit=9');
    expect(visited.map((c) => c.stage)).toEqual(
      all
        .filter((r) => ['visited', 'negotiating', 'offer_made', 'bought'].includes(r.stage))
        .sort((a, b) => stageRank(a.stage) - stageRank(b.stage) || a.id - b.id)
        .map((r) => r.stage),
    );
  });

  it('refuses a stage it does not know and a cursor of another sort with 400 naming the field', async () => {
    for (const [query, field] of [
      ['stage=lost', 'stage'],
      ['stage=', 'stage'],
      ['stage=new,visited', 'stage'],
      ['sort=stage', 'sort'],
      [`sort=stage_asc&cursor=${Buffer.from('["stage_asc",7,1]').toString('base64url')}`, 'cursor'],
      [
        `sort=stage_desc&cursor=${Buffer.from('["stage_asc",1,1]').toString('base64url')}`,
        'cursor',
      ],
      [
        `sort=stage_asc&cursor=${Buffer.from('["stage_asc","1",1]').toString('base64url')}`,
        'cursor',
      ],
    ]) {
      const response = await t.inject('viewer', {
        method: 'GET',
        url: `/api/properties?${query}`,
      });
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().error.fieldErrors), query).toEqual([field]);
    }
  });

  it('the map and the statistics accept the stage filter (answered from the rows)', async () => {
    const stats = await t.inject('viewer', {
      method: 'GET',
      url: '/api/market/stats?stage=discarded&q=pipeline',
    });
    expect(stats.statusCode, stats.body).toBe(200);
    expect(stats.json().data.all).toMatchObject({ count: 30, visited: 0 });
    const negotiating = await t.inject('viewer', {
      method: 'GET',
      url: '/api/market/stats?stage=negotiating&q=pipeline',
    });
    expect(negotiating.json().data.all).toMatchObject({ count: 30, visited: 30 });
    const map = await t.inject('viewer', {
      method: 'GET',
      url: '/api/market/map?stage=new&west=-110&south=-56&east=-66&north=-17&zoom=4',
    });
    expect(map.statusCode, map.body).toBe(200);
  });

  it('walks an index for the stage sort and a stage column, not the whole table', async () => {
    await t.db.db.execute(sql`
      insert into properties (name, address, price_amount, building_sqmts, land_sqmts, city_id,
        property_type_id, stage, discard_reason)
      select 'Plan ' || i, 'Calle Plan ' || i, 1000 * i, 50, 50, 13101, 2,
        (array['new','to_visit','visited','negotiating','offer_made','bought','discarded'])[1 + i % 7],
        case when i % 7 = 6 then 'Lejos' end
      from generate_series(1, 5000) as i`);
    await t.db.db.execute(sql`analyze properties`);
    const indexesOf = async (
      filters: Record<string, unknown>,
      sort: 'newest' | 'stage_asc' | 'stage_desc',
    ) => {
      const page = listPage(t.db.db, filters, sort, 25, null);
      const query = page.rows.statement.prepared.getQuery();
      const params = fillPlaceholders(query.params, page.rows.values);
      // Placeholders as literals: EXPLAIN of a parameterised text is not portable to PGlite.
      const text = query.sql.replace(/\$(\d+)/g, (_, n: string) => {
        const value = params[Number(n) - 1];
        return typeof value === 'number'
          ? String(value)
          : `'${String(value).replaceAll("'", "''")}'`;
      });
      const [plan] = await rows<{ 'QUERY PLAN': unknown }>(
        sql.raw(`explain (format json) ${text}`),
      );
      const json = JSON.stringify(plan?.['QUERY PLAN']);
      return {
        json,
        indexes: [...json.matchAll(/"Index Name":\s*"([^"]+)"/g)].map((m) => m[1]),
        seqScan:
          /"Node Type":\s*"Seq Scan","Parallel Aware":\s*\w+,("Async Capable":\s*\w+,)?"Relation Name":\s*"properties"/.test(
            json,
          ),
      };
    };
    // A stage column newest first: its own index, or the newest-first one with the stage as a
    // filter (a seventh of the rows match: a page is ~175 rows away), by the planner's costs;
    // either way ordered by the index, no sort.
    const column = await indexesOf({ stage: 'to_visit' }, 'newest');
    expect(column.indexes, column.json).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^properties_(stage_created_id|created_id)_idx$/),
      ]),
    );
    expect(column.json).not.toMatch(/"Node Type":\s*"(Incremental )?Sort"/);
    expect(column.seqScan, column.json).toBe(false);
    const ascending = await indexesOf({}, 'stage_asc');
    expect(ascending.indexes, ascending.json).toContain('properties_stage_rank_idx');
    expect(ascending.seqScan, ascending.json).toBe(false);
    const descending = await indexesOf({}, 'stage_desc');
    expect(descending.indexes, descending.json).toContain('properties_stage_rank_idx');
    await t.db.db.execute(sql`delete from properties where name like 'Plan %'`);
  });
});

describe('PATCH /api/properties/:id/stage', () => {
  it('moves a property, answers its stage, visited and version, and records the move', async () => {
    const property = await add({ name: 'Para el tablero' });
    expect(property).toMatchObject({ stage: 'new', visited: false });
    const moved = await move(property.id, { stage: 'to_visit', updated_at: property.updated_at });
    expect(moved.statusCode, moved.body).toBe(200);
    const answer = moved.json().data;
    expect(answer).toMatchObject({ id: property.id, stage: 'to_visit', visited: false });
    const after = await detail(property.id);
    expect(after).toMatchObject({
      stage: 'to_visit',
      visited: false,
      updated_at: answer.updated_at,
      updated_by_name: 'Elena Editora',
    });
    // The card in the list carries the same version the board sends back.
    const card = (await list('stage=to_visit&q=tablero')).props.find((c) => c.id === property.id);
    expect(card?.updated_at).toBe(answer.updated_at);

    const negotiating = await move(
      property.id,
      { stage: 'negotiating', updated_at: answer.updated_at },
      'admin',
    );
    expect(negotiating.json().data).toMatchObject({ stage: 'negotiating', visited: true });
    expect((await history(property.id)).filter((h) => h.kind === 'stage')).toEqual([
      {
        kind: 'stage',
        actor_name: 'Elena Editora',
        changes: { kind: 'stage', from: 'new', to: 'to_visit', reason: null },
      },
      {
        kind: 'stage',
        actor_name: 'Ana Admin',
        changes: { kind: 'stage', from: 'to_visit', to: 'negotiating', reason: null },
      },
    ]);
  });

  it('refuses a move based on an older version with 409 naming who changed it, and changes nothing', async () => {
    const property = await add({ name: 'Conflicto' });
    const first = await move(property.id, { stage: 'to_visit', updated_at: property.updated_at });
    expect(first.statusCode).toBe(200);
    const stale = await move(
      property.id,
      { stage: 'visited', updated_at: property.updated_at },
      'admin',
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({
      code: 'CONFLICT',
      reason: { code: 'property_changed_by', params: { name: 'Elena Editora' } },
    });
    expect(await detail(property.id)).toMatchObject({ stage: 'to_visit' });
    expect((await history(property.id)).filter((h) => h.kind === 'stage')).toHaveLength(1);
  });

  it('refuses bad bodies with 400 naming the field, and an unknown property with 404', async () => {
    const property = await add({ name: 'Cuerpos malos' });
    const version = property.updated_at;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ stage: 'lost', updated_at: version }, 'stage', 'one_of'],
      [{ updated_at: version }, 'stage', 'one_of'],
      [{ stage: 'discarded', updated_at: version }, 'discard_reason', 'discard_reason_required'],
      [
        { stage: 'discarded', discard_reason: '   ', updated_at: version },
        'discard_reason',
        'discard_reason_required',
      ],
      [
        { stage: 'visited', discard_reason: 'Cara', updated_at: version },
        'discard_reason',
        'discard_reason_only_when_discarded',
      ],
      [
        { stage: 'discarded', discard_reason: 'x'.repeat(501), updated_at: version },
        'discard_reason',
        'too_long',
      ],
      [
        { stage: 'discarded', discard_reason: 'a\u0000b', updated_at: version },
        'discard_reason',
        'not_storable',
      ],
      [{ stage: 'visited' }, 'updated_at', 'version_missing'],
      [{ stage: 'visited', updated_at: 'ayer' }, 'updated_at', 'version_missing'],
    ];
    for (const [body, field, rule] of cases) {
      const response = await move(property.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json().error.fieldErrors), JSON.stringify(body)).toEqual([field]);
      expect(response.json().error.issues[0].rule, JSON.stringify(body)).toBe(rule);
    }
    expect(await detail(property.id)).toMatchObject({ stage: 'new', updated_at: version });
    expect((await history(property.id)).filter((h) => h.kind === 'stage')).toEqual([]);
    const missing = await move(2_000_000_000, { stage: 'visited', updated_at: version });
    expect(missing.statusCode).toBe(404);
    const badId = await move(0, { stage: 'visited', updated_at: version });
    expect(badId.statusCode).toBe(400);
  });

  it('lets editors and admins move, refuses viewers, strangers and anonymous callers', async () => {
    const property = await add({ name: 'Roles' });
    let version = property.updated_at;
    for (const [who, status] of [
      [null, 401],
      ['stranger', 403],
      ['viewer', 403],
      ['editor', 200],
      ['admin', 200],
    ] as const) {
      const response = await t.inject(who, {
        method: 'PATCH',
        url: `/api/properties/${property.id}/stage`,
        payload: {
          stage: status === 200 && who === 'editor' ? 'to_visit' : 'visited',
          updated_at: version,
        },
      });
      expect(response.statusCode, String(who)).toBe(status);
      if (status === 200) version = response.json().data.updated_at;
    }
    expect(await detail(property.id)).toMatchObject({ stage: 'visited', visited: true });
  });

  it('keeps visited and the stage consistent, discarded with and without a past visit', async () => {
    const property = await add({ name: 'Descartes' });
    const discarded = await move(property.id, {
      stage: 'discarded',
      discard_reason: '  Demasiado lejos  ',
      updated_at: property.updated_at,
    });
    expect(discarded.json().data).toMatchObject({ stage: 'discarded', visited: false });
    expect(await detail(property.id)).toMatchObject({
      stage: 'discarded',
      visited: false,
      discard_reason: 'Demasiado lejos',
    });
    expect((await history(property.id)).at(-1)?.changes).toEqual({
      kind: 'stage',
      from: 'new',
      to: 'discarded',
      reason: 'Demasiado lejos',
    });

    // A visit that took place: the discarded property was visited, and can't go back to new.
    await t.db.db.execute(
      sql`insert into property_visits (property_id, visited_at, visitor_id, created_by)
        values (${property.id}, now() - interval '2 days', ${t.ids.editor}, ${t.ids.editor})`,
    );
    const visitedNow = await detail(property.id);
    expect(visitedNow).toMatchObject({ stage: 'discarded', visited: true });
    for (const stage of ['new', 'to_visit'] as const) {
      const back = await move(property.id, { stage, updated_at: visitedNow.updated_at });
      expect(back.statusCode).toBe(400);
      expect(back.json().error.issues).toEqual([
        expect.objectContaining({ field: 'stage', rule: 'stage_after_visit' }),
      ]);
    }
    // A new reason alone is a move too (recorded), and visited stays derived from the visit.
    const reason = await move(property.id, {
      stage: 'discarded',
      discard_reason: 'Ya la vimos: muy oscura',
      updated_at: visitedNow.updated_at,
    });
    expect(reason.json().data).toMatchObject({ stage: 'discarded', visited: true });
    const onward = await move(property.id, {
      stage: 'visited',
      updated_at: reason.json().data.updated_at,
    });
    expect(onward.json().data).toMatchObject({ stage: 'visited', visited: true });
    expect((await detail(property.id)).discard_reason).toBeNull();
    const [row] = await rows<{ stage: string; visited: boolean; discard_reason: string | null }>(
      sql`select stage, visited, discard_reason from properties where id = ${property.id}`,
    );
    expect(row).toEqual({ stage: 'visited', visited: true, discard_reason: null });
  });

  it('the edit form’s legacy visited moves the stage, and a contradiction is refused', async () => {
    const property = await add({ name: 'Legado' });
    const edit = (body: Record<string, unknown>, version: string) =>
      t.inject('editor', {
        method: 'PUT',
        url: `/api/properties/${property.id}`,
        payload: {
          ...validProperty({ name: 'Legado', broker_id: null, ...body }),
          updated_at: version,
        },
      });
    const on = await edit({ visited: true }, property.updated_at);
    expect(on.statusCode, on.body).toBe(200);
    expect(await detail(property.id)).toMatchObject({ stage: 'visited', visited: true });
    const off = await edit({ visited: false }, on.json().data.updated_at);
    expect(off.statusCode, off.body).toBe(200);
    expect(await detail(property.id)).toMatchObject({ stage: 'new', visited: false });
    const contradiction = await edit(
      { stage: 'negotiating', visited: false },
      off.json().data.updated_at,
    );
    expect(contradiction.statusCode).toBe(400);
    expect(Object.keys(contradiction.json().error.fieldErrors)).toEqual(['visited']);
  });

  it('writes the move and its history in one transaction: a failing history write undoes the move', async () => {
    const property = await add({ name: 'Transacción' });
    await t.db.db.execute(
      sql.raw(`alter table property_history add constraint pipeline_test_refuse
        check (not (kind = 'stage' and property_id = ${property.id})) not valid`),
    );
    try {
      const response = await move(property.id, {
        stage: 'to_visit',
        updated_at: property.updated_at,
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await t.db.db.execute(sql`alter table property_history drop constraint pipeline_test_refuse`);
    }
    expect(await detail(property.id)).toMatchObject({
      stage: 'new',
      updated_at: property.updated_at,
    });
    expect((await history(property.id)).map((h) => h.kind)).toEqual(['created']);
  });
});
