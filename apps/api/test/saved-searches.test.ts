import type { Alert, SavedSearch } from '@bec/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { processOutbox } from '../src/modules/saved-searches/alert-matching.js';
import { addBroker } from './broker-fixture.js';
import { addProperty, type Person, setupApp, validProperty } from './helpers.js';

// Saved searches and their in-app alerts (ADR 053), on PGlite and PostgreSQL alike.
// The editor makes every property change; the viewer and the admin are the ones alerted.
const t = setupApp();

/** The UF in effect for the whole file: 3,750 UF is exactly $150,000,000. */
const UF = 40_000;

const save = (who: Person, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.inject(who, { method: 'POST', url: '/api/saved-searches', payload: body, headers });

async function saveOk(who: Person, filters: Record<string, string>, scope = 'personal') {
  const name = `Búsqueda ${JSON.stringify(filters)}`.slice(0, 100);
  const response = await save(who, { name, scope, filters });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as SavedSearch;
}

const list = async (who: Person) => {
  const response = await t.inject(who, { method: 'GET', url: '/api/saved-searches' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as SavedSearch[];
};

const request = (who: Person, method: string, url: string, payload?: object) =>
  t.inject(who, { method: method as 'GET', url, ...(payload ? { payload } : {}) });

/** Every alert of a person, newest first, all pages. */
async function alertsOf(who: Person): Promise<Alert[]> {
  const all: Alert[] = [];
  let cursor: string | null = null;
  do {
    const response = await request(
      who,
      'GET',
      `/api/alerts?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json().data as { items: Alert[]; next_cursor: string | null };
    all.push(...page.items);
    cursor = page.next_cursor;
  } while (cursor);
  return all;
}

/** The properties a search alerted `who` of. */
const alerted = async (who: Person, searchId: number) =>
  (await alertsOf(who)).filter((a) => a.saved_search_id === searchId).map((a) => a.property_id);

const add = (overrides: Record<string, unknown>) => addProperty(t, { photos: [], ...overrides });
const match = () => t.app.matchSavedSearches();

async function edit(id: number, overrides: Record<string, unknown>) {
  const current = (await request('editor', 'GET', `/api/properties/${id}`)).json().data;
  const response = await request('editor', 'PUT', `/api/properties/${id}`, {
    ...validProperty({ photos: [], ...overrides }),
    updated_at: current.updated_at,
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function moveStage(id: number, stage: string) {
  const current = (await request('editor', 'GET', `/api/properties/${id}`)).json().data;
  const response = await request('editor', 'PATCH', `/api/properties/${id}/stage`, {
    stage,
    updated_at: current.updated_at,
  });
  expect(response.statusCode, response.body).toBe(200);
}

let brokerId = 0;
beforeAll(async () => {
  const uf = await request('admin', 'PUT', '/api/uf/values/2025-11-24', { value: UF });
  expect(uf.statusCode, uf.body).toBe(200);
  brokerId = await addBroker(t, { name: 'Corredora Alerta' });
});

describe('matching a property against every filter kind', () => {
  // Each filter, with a property it matches and one it does not (overrides of validProperty:
  // Ñuñoa, Departamento, $145,000,000, 62.5 m², 3 dormitorios, located, visited).
  type Overrides = object | (() => object);
  const cases: [string, () => Record<string, string>, Overrides, object][] = [
    ['text', () => ({ q: 'mirador' }), { name: 'Casa Mirador' }, { name: 'Casa Llano' }],
    ['región', () => ({ region_id: '5' }), { city_id: 5109 }, {}],
    ['comuna', () => ({ city_id: '13123' }), { city_id: 13123 }, {}],
    ['type', () => ({ property_type_id: '1' }), { property_type_id: 1 }, {}],
    ['broker', () => ({ broker_id: String(brokerId) }), () => ({ broker_id: brokerId }), {}],
    ['stage', () => ({ stage: 'negotiating' }), { stage: 'negotiating' }, {}],
    ['visited', () => ({ visited: 'false' }), { visited: false }, {}],
    [
      'located',
      () => ({ located: 'false' }),
      { latitude: null, longitude: null, google_maps_url: null },
      {},
    ],
    ['price in CLP', () => ({ price_max: '100000000' }), { price: 90_000_000 }, {}],
    [
      'price in UF at the day’s UF',
      () => ({ price_unit: 'UF', price_min: '3750' }),
      { price: 150_000_000 },
      { price: 149_999_999 },
    ],
    [
      'a UF price against a CLP bound',
      () => ({ price_max: '150000000' }),
      { price: 3750, price_unit: 'UF' },
      { price: 3750.01, price_unit: 'UF' },
    ],
    ['land area', () => ({ land_min: '1000' }), { land_sqmts: 5000 }, {}],
    ['building area', () => ({ building_max: '50' }), { building_sqmts: 40 }, {}],
    ['rooms', () => ({ rooms_min: '4' }), { rooms: 4 }, {}],
    ['bathrooms', () => ({ bathrooms_min: '2' }), { bathrooms: 2 }, { bathrooms: 1 }],
    ['parking', () => ({ parking_min: '1' }), { parking_spaces: 1 }, {}],
    [
      'common expenses',
      () => ({ common_expenses_max: '100000' }),
      { common_expenses: 80_000 },
      { common_expenses: 150_000 },
    ],
    [
      'several at once',
      () => ({ city_id: '13123', rooms_min: '3', price_unit: 'UF', price_max: '4000' }),
      { city_id: 13123, rooms: 3, price: 3900, price_unit: 'UF' },
      { city_id: 13123, rooms: 3, price: 4100, price_unit: 'UF' },
    ],
  ];
  const outcome = new Map<string, { search: number; yes: number; no: number }>();

  beforeAll(async () => {
    for (const [label, filters, yes, no] of cases) {
      const search = await saveOk('viewer', filters());
      outcome.set(label, {
        search: search.id,
        yes: await add({ name: `Sí ${label}`, ...(typeof yes === 'function' ? yes() : yes) }),
        no: await add({ name: `No ${label}`, ...no }),
      });
    }
    await match();
  });

  it.each(cases.map(([label]) => label))('%s: alerts the match, not the other', async (label) => {
    const { search, yes, no } = outcome.get(label) ?? { search: 0, yes: 0, no: 0 };
    const found = await alerted('viewer', search);
    expect(found).toContain(yes);
    expect(found).not.toContain(no);
  });

  it('names the search, the property, the reason and who added it', async () => {
    const { search, yes } = outcome.get('comuna') ?? { search: 0, yes: 0 };
    const alert = (await alertsOf('viewer')).find(
      (a) => a.saved_search_id === search && a.property_id === yes,
    );
    expect(alert).toMatchObject({
      saved_search_name: 'Búsqueda {"city_id":"13123"}',
      property_name: 'Sí comuna',
      reason: 'added',
      actor_name: 'Elena Editora',
      read_at: null,
    });
  });
});

describe('alerts', () => {
  it('never for one’s own change; for every follower of a shared search', async () => {
    const shared = await saveOk('editor', { q: 'propiaalerta' }, 'shared');
    const mine = await saveOk('editor', { q: 'propiaalerta' });
    expect(
      (
        await request('admin', 'PUT', `/api/saved-searches/${shared.id}/subscription`, {
          subscribed: true,
        })
      ).statusCode,
    ).toBe(200);
    const id = await add({ name: 'Depto propiaalerta' });
    await match();
    expect(await alerted('editor', shared.id)).toEqual([]);
    expect(await alerted('editor', mine.id)).toEqual([]);
    expect(await alerted('admin', shared.id)).toEqual([id]);
    // The viewer does not follow it: nothing.
    expect(await alerted('viewer', shared.id)).toEqual([]);
  });

  it('for a change that makes a property match, again after it stopped matching', async () => {
    const search = await saveOk('viewer', { stage: 'offer_made', q: 'vaivenalerta' });
    const id = await add({ name: 'Casa vaivenalerta' });
    await match();
    expect(await alerted('viewer', search.id)).toEqual([]);
    await moveStage(id, 'offer_made');
    await match();
    expect(await alerted('viewer', search.id)).toEqual([id]);
    // Still matching after an edit: no second alert.
    await edit(id, { name: 'Casa vaivenalerta', stage: 'offer_made' });
    await match();
    expect(await alerted('viewer', search.id)).toEqual([id]);
    await moveStage(id, 'negotiating');
    await match();
    expect(await alerted('viewer', search.id)).toEqual([id]);
    await moveStage(id, 'offer_made');
    await match();
    expect(await alerted('viewer', search.id)).toEqual([id, id]);
    const [latest] = await alertsOf('viewer');
    expect(latest).toMatchObject({ property_id: id, reason: 'now_matches' });
  });

  it('for a price cut under the maximum, in an edit', async () => {
    const search = await saveOk('viewer', { q: 'rebajaalerta', price_max: '100000000' });
    const id = await add({ name: 'Depto rebajaalerta', price: 120_000_000 });
    await match();
    expect(await alerted('viewer', search.id)).toEqual([]);
    await edit(id, { name: 'Depto rebajaalerta', price: 99_000_000 });
    await match();
    expect(await alerted('viewer', search.id)).toEqual([id]);
  });

  it('for a stage a visit moves the property to, logged or swept by the system', async () => {
    const HOUR = 3_600_000;
    const search = await saveOk('viewer', { stage: 'visited', q: 'visitaalerta' });
    const logged = await add({ name: 'Casa visitaalerta 1', visited: false });
    const swept = await add({ name: 'Casa visitaalerta 2', visited: false });
    const visit = (id: number, offset: number) =>
      request('editor', 'POST', `/api/properties/${id}/visits`, {
        visited_at: new Date(Date.now() + offset).toISOString(),
        visitor_id: t.ids.editor,
      });
    expect((await visit(logged, -HOUR)).statusCode).toBe(201);
    expect((await visit(swept, 2 * HOUR)).statusCode).toBe(201);
    await match();
    expect(await alerted('viewer', search.id)).toEqual([logged]);
    expect(await t.app.sweepVisits(new Date(Date.now() + 3 * HOUR))).toBeGreaterThanOrEqual(1);
    await match();
    expect(await alerted('viewer', search.id)).toEqual([swept, logged]);
    const [bySweep] = await alertsOf('viewer');
    expect(bySweep).toMatchObject({ property_id: swept, reason: 'now_matches', actor_name: null });
  });

  it('with a search’s filters as last changed, not as an earlier batch read them', async () => {
    // The worker keeps parsed filters between batches (ADR 053): a change must reach it.
    const search = await saveOk('viewer', { q: 'cambioalerta', price_max: '100000000' });
    const cheap = await add({ name: 'Casa cambioalerta', price: 90_000_000 });
    await match();
    expect(await alerted('viewer', search.id)).toEqual([cheap]);
    const patch = await request('viewer', 'PATCH', `/api/saved-searches/${search.id}`, {
      filters: { q: 'cambioalerta', price_min: '100000000' },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const dear = await add({ name: 'Casa cambioalerta', price: 120_000_000 });
    await add({ name: 'Casa cambioalerta', price: 80_000_000 });
    await match();
    expect(await alerted('viewer', search.id)).toEqual([dear, cheap]);
  });

  it('for a property moved into a search’s comuna', async () => {
    // The comuna is checked before the search's SQL is run, on the row as it is now.
    const search = await saveOk('viewer', { city_id: '13123', q: 'mudanzaalerta' });
    const id = await add({ name: 'Casa mudanzaalerta' });
    await match();
    expect(await alerted('viewer', search.id)).toEqual([]);
    await edit(id, { name: 'Casa mudanzaalerta', city_id: 13123 });
    await match();
    expect(await alerted('viewer', search.id)).toEqual([id]);
  });

  it('not for a search one stopped following', async () => {
    const search = await saveOk('viewer', { q: 'dejaralerta' });
    const off = await request('viewer', 'PUT', `/api/saved-searches/${search.id}/subscription`, {
      subscribed: false,
    });
    expect(off.json().data.subscribed).toBe(false);
    await add({ name: 'Casa dejaralerta' });
    await match();
    expect(await alerted('viewer', search.id)).toEqual([]);
  });

  it('page newest first, count unread, and are read one by one or all at once', async () => {
    await request('admin', 'POST', '/api/alerts/read-all');
    const search = await saveOk('admin', { q: 'paginaalerta' });
    const ids = [];
    for (const n of [1, 2, 3]) ids.push(await add({ name: `Casa paginaalerta ${n}` }));
    await match();
    const unread = async () => (await request('admin', 'GET', '/api/alerts/unread')).json().data;
    expect(await unread()).toEqual({ unread: 3 });

    const first = (await request('admin', 'GET', '/api/alerts?limit=2')).json().data;
    expect(first.items.map((a: Alert) => a.property_id)).toEqual([ids[2], ids[1]]);
    const second = (
      await request('admin', 'GET', `/api/alerts?limit=2&cursor=${first.next_cursor}`)
    ).json().data;
    expect(second.items[0].property_id).toBe(ids[0]);

    const read = await request('admin', 'POST', `/api/alerts/${first.items[0].id}/read`);
    expect(read.statusCode, read.body).toBe(200);
    expect(await unread()).toEqual({ unread: 2 });
    // Someone else's alert does not exist for them.
    expect(
      (await request('viewer', 'POST', `/api/alerts/${first.items[0].id}/read`)).statusCode,
    ).toBe(404);
    expect((await request('admin', 'POST', '/api/alerts/read-all')).json().data).toEqual({
      read: 2,
    });
    expect(await unread()).toEqual({ unread: 0 });
    expect((await alertsOf('admin')).filter((a) => a.saved_search_id === search.id)).toSatisfy(
      (alerts: Alert[]) => alerts.every((a) => a.read_at !== null),
    );
  });
});

describe('the list of saved searches', () => {
  it('counts new matches since the user last opened each; opening starts again', async () => {
    const search = await saveOk('viewer', { q: 'nuevasalerta' });
    expect(search.new_count).toBe(0);
    await add({ name: 'Casa nuevasalerta 1' });
    await add({ name: 'Casa nuevasalerta 2' });
    const listed = (await list('viewer')).find((s) => s.id === search.id);
    expect(listed).toMatchObject({ new_count: 2, subscribed: true, mine: true });
    const opened = await request('viewer', 'POST', `/api/saved-searches/${search.id}/opened`);
    expect(opened.json().data.new_count).toBe(0);
  });

  it('lists shared searches first, then by name, and a personal one only to its owner, admins included', async () => {
    const personal = await saveOk('viewer', { q: 'privadaalerta' });
    const shared = await saveOk('editor', { q: 'compartidaalerta' }, 'shared');
    const viewers = await list('viewer');
    expect(viewers.map((s) => s.scope)).toEqual(
      [...viewers.map((s) => s.scope)].sort((a, b) => (a === b ? 0 : a === 'shared' ? -1 : 1)),
    );
    expect(viewers.find((s) => s.id === shared.id)).toMatchObject({
      mine: false,
      subscribed: false,
      owner_name: 'Elena Editora',
    });
    const admins = await list('admin');
    expect(admins.map((s) => s.id)).toContain(shared.id);
    expect(admins.map((s) => s.id)).not.toContain(personal.id);
    for (const [method, url, body] of [
      ['PATCH', `/api/saved-searches/${personal.id}`, { name: 'Mía' }],
      ['DELETE', `/api/saved-searches/${personal.id}`, undefined],
      ['POST', `/api/saved-searches/${personal.id}/opened`, undefined],
      ['PUT', `/api/saved-searches/${personal.id}/subscription`, { subscribed: true }],
    ] as const)
      for (const who of ['admin', 'editor'] as const)
        expect((await request(who, method, url, body)).statusCode, `${who} ${method} ${url}`).toBe(
          404,
        );
    // A follower of a personal search never existed: it alerts its owner only.
    await add({ name: 'Casa privadaalerta' });
    await match();
    expect(await alerted('admin', personal.id)).toEqual([]);
    expect(await alerted('viewer', personal.id)).toHaveLength(1);
  });
});

describe('who may do what', () => {
  it('a viewer saves personal searches, not shared ones', async () => {
    const refused = await save('viewer', { name: 'Equipo', scope: 'shared', filters: {} });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'FORBIDDEN',
      reason: { code: 'shared_search_for_editors', params: {} },
    });
    const own = await saveOk('viewer', { q: 'vieweralerta' });
    const share = await request('viewer', 'PATCH', `/api/saved-searches/${own.id}`, {
      scope: 'shared',
    });
    expect(share.statusCode).toBe(403);
    const rename = await request('viewer', 'PATCH', `/api/saved-searches/${own.id}`, {
      name: '  Mi búsqueda ',
      filters: { q: 'otra', rooms_min: '' },
    });
    expect(rename.statusCode, rename.body).toBe(200);
    expect(rename.json().data).toMatchObject({ name: 'Mi búsqueda', filters: { q: 'otra' } });
    expect((await request('viewer', 'DELETE', `/api/saved-searches/${own.id}`)).statusCode).toBe(
      200,
    );
  });

  it('a shared search is changed or deleted by its owner or an admin only', async () => {
    const shared = await saveOk('editor', { q: 'equipoalerta' }, 'shared');
    const url = `/api/saved-searches/${shared.id}`;
    expect((await request('viewer', 'PATCH', url, { name: 'No' })).statusCode).toBe(403);
    expect((await request('viewer', 'DELETE', url)).statusCode).toBe(403);
    // Any member who sees it may follow it and open it.
    expect((await request('viewer', 'POST', `${url}/opened`)).statusCode).toBe(200);
    expect((await request('editor', 'PATCH', url, { name: 'Equipo' })).statusCode).toBe(200);
    const renamed = await request('admin', 'PATCH', url, { name: 'Equipo (admin)' });
    expect(renamed.json().data).toMatchObject({ name: 'Equipo (admin)', mine: false });
    expect((await request('admin', 'DELETE', url)).statusCode).toBe(200);
    expect((await request('editor', 'DELETE', url)).statusCode).toBe(404);
  });

  it('a shared search made personal leaves its other followers, and their alerts of it', async () => {
    const shared = await saveOk('editor', { q: 'descompartiralerta' }, 'shared');
    const url = `/api/saved-searches/${shared.id}`;
    await request('viewer', 'PUT', `${url}/subscription`, { subscribed: true });
    await add({ name: 'Casa descompartiralerta' });
    await match();
    expect(await alerted('viewer', shared.id)).toHaveLength(1);
    expect((await request('editor', 'PATCH', url, { scope: 'personal' })).statusCode).toBe(200);
    expect(await alerted('viewer', shared.id)).toEqual([]);
    expect((await list('viewer')).map((s) => s.id)).not.toContain(shared.id);
    expect((await request('viewer', 'POST', `${url}/opened`)).statusCode).toBe(404);
  });

  it('at most 100 own searches per user: one more is a conflict naming the limit', async () => {
    await queryRows(
      t.db.db,
      sql`insert into saved_searches (owner_id, name, scope, filters)
          select ${t.ids.admin}::int, 'Relleno ' || n, 'personal', '{}'::jsonb
          from generate_series(1, 100 - (select count(*) from saved_searches where owner_id = ${t.ids.admin}::int)) as n`,
    );
    const refused = await save('admin', { name: 'Una más', scope: 'personal', filters: {} });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'CONFLICT',
      reason: { code: 'too_many_saved_searches', params: { max: 100 } },
    });
    await queryRows(t.db.db, sql`delete from saved_searches where name like 'Relleno %'`);
  });

  it('every route wants a member', async () => {
    for (const [method, url] of [
      ['GET', '/api/saved-searches'],
      ['POST', '/api/saved-searches'],
      ['GET', '/api/alerts'],
      ['GET', '/api/alerts/unread'],
      ['POST', '/api/alerts/read-all'],
    ] as const) {
      expect((await request('stranger', method, url, {})).statusCode).toBe(403);
      expect((await t.inject(null, { method, url })).statusCode).toBe(401);
    }
  });
});

describe('a saved search’s input', () => {
  it('is refused with 400 naming each field: the grid’s rules at filters.<key>, unknown keys', async () => {
    const response = await save('viewer', {
      name: '',
      scope: 'personal',
      filters: { price_max: '1.5', colour: 'red', rooms_min: 'tres' },
    });
    expect(response.statusCode).toBe(400);
    const { fieldErrors, issues } = response.json().error;
    expect(Object.keys(fieldErrors).sort()).toEqual([
      'filters.colour',
      'filters.price_max',
      'filters.rooms_min',
      'name',
    ]);
    expect(issues).toContainEqual({
      field: 'filters.colour',
      rule: 'unknown_filter',
      params: { key: 'colour' },
    });
    expect(fieldErrors['filters.price_max']).toEqual([
      'Maximum price must be a whole number of pesos',
    ]);
    const patch = await request('viewer', 'PATCH', '/api/saved-searches/1', {});
    expect(patch.statusCode).toBe(400);
  });

  it('is written once when the same Idempotency-Key comes twice', async () => {
    const body = { name: 'Una vez', scope: 'personal', filters: { q: 'unavez' } };
    const first = await save('viewer', body, { 'idempotency-key': 'saved-search-once' });
    const again = await save('viewer', body, { 'idempotency-key': 'saved-search-once' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect((await list('viewer')).filter((s) => s.name === 'Una vez')).toHaveLength(1);
  });
});

describe('the outbox', () => {
  it('is processed once per row, with two workers at once', async () => {
    const search = await saveOk('viewer', { q: 'dosworkers' });
    await match();
    const ids: number[] = [];
    for (const n of [1, 2, 3, 4, 5, 6]) ids.push(await add({ name: `Casa dosworkers ${n}` }));
    // Rows may go to the app's own worker too: what matters is that no row goes to two.
    const worker = async () => {
      const taken: number[] = [];
      for (;;) {
        const done = await processOutbox(t.db.db, 1);
        if (!done.length) return taken;
        taken.push(...done);
      }
    };
    const [a, b] = await Promise.all([worker(), worker()]);
    await match();
    expect((a ?? []).filter((id) => (b ?? []).includes(id))).toEqual([]);
    expect(new Set(a).size).toBe(a?.length);
    expect((await alerted('viewer', search.id)).sort((x, y) => x - y)).toEqual(ids);
    const [left] = await queryRows<{ n: number }>(
      t.db.db,
      sql`select count(*)::int as n from property_match_outbox`,
    );
    expect(left?.n).toBe(0);
  });

  it('queues no mail without SMTP_URL, whatever the subscription says (ADR 054)', async () => {
    const search = await saveOk('viewer', { q: 'sincorreo' });
    const chosen = await request('viewer', 'PUT', `/api/saved-searches/${search.id}/subscription`, {
      email: 'immediate',
    });
    expect(chosen.json().data.email).toBe('immediate');
    await add({ name: 'Casa sincorreo' });
    await match();
    expect(await alerted('viewer', search.id)).toHaveLength(1);
    const [mail] = await queryRows<{ n: number }>(
      t.db.db,
      sql`select count(*)::int as n from mail_outbox`,
    );
    expect(mail?.n).toBe(0);
    expect(await t.app.sendAlertMail()).toBe(0);
  });
});

describe('matching, against the grid', () => {
  // Properties of several kinds, then random saved searches: the alerts a search gives for them
  // are exactly the grid's list for its filters (one source of truth for "matches").
  const fixture: number[] = [];
  beforeAll(async () => {
    const kinds: Record<string, unknown>[] = [
      { city_id: 13123, rooms: 2, bathrooms: 1, price: 90_000_000 },
      { city_id: 13123, rooms: 4, bathrooms: 3, price: 3900, price_unit: 'UF' },
      { city_id: 13120, property_type_id: 1, rooms: null, common_expenses: 120_000 },
      { city_id: 13120, visited: false, parking_spaces: 2, price: 200_000_000 },
      { city_id: 5109, latitude: null, longitude: null, google_maps_url: null, rooms: 3 },
      { city_id: 5109, stage: 'negotiating', building_sqmts: 180, land_sqmts: 400 },
      { city_id: 13120, price: 5000, price_unit: 'UF', common_expenses: 60_000, bathrooms: 2 },
      { city_id: 13123, name: 'Casa azulfixture con jardín', rooms: 5, parking_spaces: 0 },
    ];
    for (const [n, kind] of kinds.entries())
      fixture.push(await add({ name: `Propiedad fixture ${n}`, ...kind }));
  });

  const grid = async (query: string) => {
    const ids: number[] = [];
    let cursor: string | null = null;
    do {
      const response = await request(
        'viewer',
        'GET',
        `/api/properties?${query}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json().data as { props: { id: number }[]; next_cursor: string | null };
      ids.push(...page.props.map((p) => p.id));
      cursor = page.next_cursor;
    } while (cursor);
    return ids;
  };

  it('alerts for a random search exactly the properties the grid lists for it', async () => {
    // Each filter in about one search of five: two or three at a time, as a team's briefs.
    const optional = <T>(arbitrary: fc.Arbitrary<T>) =>
      fc.oneof(
        { arbitrary: fc.constant(undefined), weight: 4 },
        { arbitrary: arbitrary, weight: 1 },
      );
    let someMatched = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          q: optional(fc.constantFrom('azulfixture', 'jardin', 'fixture')),
          city_id: optional(fc.constantFrom('13120', '13123', '5109')),
          region_id: optional(fc.constantFrom('5', '13')),
          property_type_id: optional(fc.constantFrom('1', '2')),
          visited: optional(fc.constantFrom('true', 'false')),
          located: optional(fc.constantFrom('true', 'false')),
          rooms_min: optional(fc.constantFrom('0', '3', '4')),
          bathrooms_min: optional(fc.constantFrom('1', '2')),
          parking_min: optional(fc.constantFrom('1', '2')),
          common_expenses_max: optional(fc.constantFrom('60000', '100000')),
          building_min: optional(fc.constantFrom('50', '100')),
          price: optional(
            fc.record({
              price_unit: fc.constantFrom('CLP', 'UF'),
              bound: fc.constantFrom('price_min', 'price_max'),
              value: fc.constantFrom('2250', '3900', '4000', '90000000', '156000000'),
            }),
          ),
        }),
        async ({ price, ...rest }) => {
          const filters: Record<string, string> = {};
          for (const [key, value] of Object.entries(rest))
            if (value !== undefined) filters[key] = value;
          if (price) {
            filters.price_unit = price.price_unit;
            filters[price.bound] = price.value;
          }
          const search = await saveOk('viewer', filters);
          await queryRows(
            t.db.db,
            sql`insert into property_match_outbox (property_id, actor_id, before)
                select id, null, null from properties where id in (${sql.join(
                  fixture.map((id) => sql`${id}::int`),
                  sql`, `,
                )})`,
          );
          await match();
          const listed = (await grid(new URLSearchParams(filters).toString())).filter((id) =>
            fixture.includes(id),
          );
          const found = await alerted('viewer', search.id);
          if (listed.length) someMatched++;
          expect(
            found.sort((a, b) => a - b),
            JSON.stringify(filters),
          ).toEqual(listed.sort((a, b) => a - b));
          expect(
            (await request('viewer', 'DELETE', `/api/saved-searches/${search.id}`)).statusCode,
          ).toBe(200);
        },
      ),
      { numRuns: 25, seed: 3434 },
    );
    // Not only searches that match nothing.
    expect(someMatched).toBeGreaterThanOrEqual(5);
  });
});
