import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { createVisitsService } from '../src/modules/visits/visits.service.js';
import { addProperty as addEditorProperty, type Person, setupApp, uploadPng } from './helpers.js';

const t = setupApp();

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

type Visit = {
  id: number;
  property_id: number;
  visited_at: string;
  visitor: { id: number; name: string } | null;
  notes: string | null;
  rating: number | null;
  photos: { id: number; url: string; thumbnail_url: string; original_url: string }[];
  created_by_name: string | null;
  updated_at: string;
};

const addProperty = (overrides: Record<string, unknown> = {}) =>
  addEditorProperty(t, { visited: false, broker_id: null, photos: [], ...overrides });

const stageOf = async (id: number) =>
  (
    await queryRows<{ stage: string; visited: boolean; updated_by: number | null }>(
      t.db.db,
      sql`select stage, visited, updated_by from properties where id = ${id}`,
    )
  )[0];

const historyOf = async (id: number) =>
  queryRows<{ kind: string; actor_id: number | null; changes: Record<string, unknown> }>(
    t.db.db,
    sql`select kind, actor_id, changes from property_history where property_id = ${id} order by id`,
  );

const countVisits = async () =>
  (await queryRows<{ n: number }>(t.db.db, sql`select count(*)::int as n from property_visits`))[0]
    ?.n;

const logVisit = (who: Person, propertyId: number, body: Record<string, unknown>) =>
  t.inject(who, { method: 'POST', url: `/api/properties/${propertyId}/visits`, payload: body });

const visitsOf = async (propertyId: number, who: Person = 'viewer') => {
  const response = await t.inject(who, {
    method: 'GET',
    url: `/api/properties/${propertyId}/visits`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.visits as Visit[];
};

describe('visits: log, list, edit, remove', () => {
  it('logs a visit and lists it newest first with who went and who logged it', async () => {
    const id = await addProperty();
    const older = await logVisit('editor', id, {
      visited_at: at(-3 * DAY),
      visitor_id: t.ids.viewer,
      notes: 'Primera',
      rating: 3,
    });
    expect(older.statusCode, older.body).toBe(201);
    const newer = await logVisit('admin', id, {
      visited_at: at(-1 * DAY),
      visitor_id: t.ids.editor,
    });
    expect(newer.statusCode, newer.body).toBe(201);
    const visits = await visitsOf(id);
    expect(visits.map((v) => v.id)).toEqual([newer.json().data.id, older.json().data.id]);
    expect(visits[1]).toMatchObject({
      property_id: id,
      visitor: { id: t.ids.viewer, name: 'Víctor Viewer' },
      notes: 'Primera',
      rating: 3,
      photos: [],
      created_by_name: 'Elena Editora',
    });
    expect(visits[0]).toMatchObject({ notes: null, rating: null, created_by_name: 'Ana Admin' });
  });

  it('edits a visit, refusing a stale version with 409 visit_changed', async () => {
    const id = await addProperty();
    const created = await logVisit('editor', id, {
      visited_at: at(-DAY),
      visitor_id: t.ids.editor,
      rating: 2,
    });
    const loaded = (await visitsOf(id))[0];
    if (!loaded) throw new Error('no visit');
    const body = {
      visited_at: loaded.visited_at,
      visitor_id: t.ids.admin,
      notes: 'Mejor de lo esperado',
      rating: 5,
      updated_at: loaded.updated_at,
    };
    const edited = await t.inject('editor', {
      method: 'PUT',
      url: `/api/visits/${created.json().data.id}`,
      payload: body,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await visitsOf(id))[0]).toMatchObject({
      visitor: { id: t.ids.admin },
      notes: 'Mejor de lo esperado',
      rating: 5,
    });
    const stale = await t.inject('admin', {
      method: 'PUT',
      url: `/api/visits/${created.json().data.id}`,
      payload: { ...body, rating: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.reason).toEqual({ code: 'visit_changed', params: {} });
    expect((await visitsOf(id))[0]?.rating).toBe(5);
    const updated = (await historyOf(id)).find((h) => h.kind === 'visit_updated');
    expect(updated?.changes).toMatchObject({
      kind: 'visit_updated',
      fields: [
        { field: 'visitor', from: 'Elena Editora', to: 'Ana Admin' },
        { field: 'notes', from: null, to: 'Mejor de lo esperado' },
        { field: 'rating', from: 2, to: 5 },
      ],
    });
  });

  it('removes a visit with a history entry; the stage stays; a second delete is 404', async () => {
    const id = await addProperty();
    const created = await logVisit('editor', id, {
      visited_at: at(-DAY),
      visitor_id: t.ids.editor,
    });
    const visitId = created.json().data.id;
    const removed = await t.inject('admin', { method: 'DELETE', url: `/api/visits/${visitId}` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await visitsOf(id)).toEqual([]);
    expect((await stageOf(id))?.stage).toBe('visited');
    expect((await historyOf(id)).map((h) => h.kind)).toEqual([
      'created',
      'visit_added',
      'stage',
      'visit_removed',
    ]);
    const again = await t.inject('admin', { method: 'DELETE', url: `/api/visits/${visitId}` });
    expect(again.statusCode).toBe(404);
  });

  it('answers 404 for an unknown property or visit', async () => {
    expect(
      (await t.inject('viewer', { method: 'GET', url: '/api/properties/999999/visits' }))
        .statusCode,
    ).toBe(404);
    const logged = await logVisit('editor', 999_999, {
      visited_at: at(-DAY),
      visitor_id: t.ids.editor,
    });
    expect(logged.statusCode).toBe(404);
    const edited = await t.inject('editor', {
      method: 'PUT',
      url: '/api/visits/999999',
      payload: { visited_at: at(-DAY), visitor_id: t.ids.editor, updated_at: at(0) },
    });
    expect(edited.statusCode).toBe(404);
  });
});

describe('visits: validation', () => {
  it('refuses bad bodies with 400 naming each field, and writes nothing', async () => {
    const id = await addProperty();
    const before = await countVisits();
    const historyBefore = (await historyOf(id)).length;
    const cases: [Record<string, unknown>, string[]][] = [
      [{ visitor_id: t.ids.editor }, ['visited_at']],
      [{ visited_at: '2026-01-01', visitor_id: t.ids.editor }, ['visited_at']],
      [{ visited_at: '1999-12-31T23:00:00Z', visitor_id: t.ids.editor }, ['visited_at']],
      [{ visited_at: at(3 * 365 * DAY), visitor_id: t.ids.editor }, ['visited_at']],
      [{ visited_at: at(-DAY) }, ['visitor_id']],
      [{ visited_at: at(-DAY), visitor_id: 0 }, ['visitor_id']],
      [{ visited_at: at(-DAY), visitor_id: 999_999 }, ['visitor_id']],
      [{ visited_at: at(-DAY), visitor_id: t.ids.editor, rating: 6 }, ['rating']],
      [{ visited_at: at(-DAY), visitor_id: t.ids.editor, rating: 2.5 }, ['rating']],
      [{ visited_at: at(DAY), visitor_id: t.ids.editor, rating: 4 }, ['rating']],
      [{ visited_at: at(-DAY), visitor_id: t.ids.editor, notes: 'x'.repeat(5001) }, ['notes']],
      [{ visited_at: at(-DAY), visitor_id: t.ids.editor, notes: 'a\u0000b' }, ['notes']],
      [{ visited_at: at(-DAY), visitor_id: t.ids.editor, photos: Array(21).fill('x') }, ['photos']],
      [
        { visited_at: at(-DAY), visitor_id: t.ids.editor, photos: ['uploads/not-mine.png'] },
        ['photos.0'],
      ],
    ];
    for (const [body, fields] of cases) {
      const response = await logVisit('editor', id, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(Object.keys(response.json().error.fieldErrors).sort()).toEqual(fields);
      expect(response.json().error.issues.length).toBeGreaterThan(0);
    }
    const rated = await logVisit('editor', id, {
      visited_at: at(DAY),
      visitor_id: t.ids.editor,
      rating: 4,
    });
    expect(rated.json().error.issues).toEqual([
      { field: 'rating', rule: 'rating_after_visit', params: {} },
    ]);
    const missing = await logVisit('editor', id, { visited_at: at(-DAY), visitor_id: 999_999 });
    expect(missing.json().error.fieldErrors).toEqual({
      visitor_id: ['Visitor 999999 does not exist'],
    });
    // A failed add writes neither the visit nor any history, nor moves the stage.
    expect(await countVisits()).toBe(before);
    expect((await historyOf(id)).length).toBe(historyBefore);
    expect((await stageOf(id))?.stage).toBe('new');
  });
});

describe('visits: who may do what', () => {
  it('members read; editors and admins write; viewers and strangers are refused', async () => {
    const id = await addProperty();
    const body = { visited_at: at(-DAY), visitor_id: t.ids.viewer };
    expect((await logVisit('viewer', id, body)).statusCode).toBe(403);
    expect((await logVisit('stranger', id, body)).statusCode).toBe(403);
    expect(
      (
        await t.inject(null, {
          method: 'POST',
          url: `/api/properties/${id}/visits`,
          payload: body,
        })
      ).statusCode,
    ).toBe(401);
    const created = await logVisit('admin', id, body);
    expect(created.statusCode).toBe(201);
    const visitId = created.json().data.id;
    for (const who of ['viewer', 'stranger'] as const) {
      const put = await t.inject(who, {
        method: 'PUT',
        url: `/api/visits/${visitId}`,
        payload: { ...body, updated_at: created.json().data.updated_at },
      });
      expect(put.statusCode).toBe(403);
      const del = await t.inject(who, { method: 'DELETE', url: `/api/visits/${visitId}` });
      expect(del.statusCode).toBe(403);
    }
    expect((await visitsOf(id, 'viewer')).length).toBe(1);
    const strangerRead = await t.inject('stranger', {
      method: 'GET',
      url: `/api/properties/${id}/visits`,
    });
    expect(strangerRead.statusCode).toBe(403);
    for (const url of ['/api/visits/upcoming', '/api/visits/visitors']) {
      expect((await t.inject('viewer', { method: 'GET', url })).statusCode).toBe(200);
      expect((await t.inject('stranger', { method: 'GET', url })).statusCode).toBe(403);
      expect((await t.inject(null, { method: 'GET', url })).statusCode).toBe(401);
    }
    const visitors = await t.inject('editor', { method: 'GET', url: '/api/visits/visitors' });
    expect(visitors.json().data.items).toEqual(
      expect.arrayContaining([{ id: t.ids.viewer, name: 'Víctor Viewer' }]),
    );
  });
});

describe('visits: upcoming', () => {
  it("lists only the member's own visits from now on, soonest first", async () => {
    const id = await addProperty({ name: 'Casa próxima', address: 'Los Leones 123' });
    await logVisit('editor', id, { visited_at: at(3 * DAY), visitor_id: t.ids.admin });
    await logVisit('editor', id, { visited_at: at(-DAY), visitor_id: t.ids.admin });
    await logVisit('editor', id, { visited_at: at(DAY), visitor_id: t.ids.admin });
    await logVisit('editor', id, { visited_at: at(2 * DAY), visitor_id: t.ids.viewer });
    const response = await t.inject('admin', { method: 'GET', url: '/api/visits/upcoming' });
    expect(response.statusCode, response.body).toBe(200);
    const visits = response.json().data.visits as (Visit & Record<string, string>)[];
    const mine = visits.filter((v) => v.property_id === id);
    expect(mine).toHaveLength(2);
    expect(Date.parse(mine[0]?.visited_at ?? '')).toBeLessThan(
      Date.parse(mine[1]?.visited_at ?? ''),
    );
    expect(mine[0]).toMatchObject({
      property_name: 'Casa próxima',
      address: 'Los Leones 123',
      city_name: 'Ñuñoa',
      visitor: { id: t.ids.admin },
    });
    for (const v of visits) {
      expect(v.visitor?.id).toBe(t.ids.admin);
      expect(Date.parse(v.visited_at)).toBeGreaterThanOrEqual(Date.now() - 60_000);
    }
  });
});

describe('visits move the pipeline, in the same transaction', () => {
  it('a past visit moves new to visited, with the stage entry by the same actor', async () => {
    const id = await addProperty();
    await logVisit('editor', id, { visited_at: at(-HOUR), visitor_id: t.ids.editor, rating: 4 });
    expect(await stageOf(id)).toMatchObject({
      stage: 'visited',
      visited: true,
      updated_by: t.ids.editor,
    });
    const history = await historyOf(id);
    expect(history.map((h) => h.kind)).toEqual(['created', 'visit_added', 'stage']);
    expect(history[1]).toMatchObject({
      actor_id: t.ids.editor,
      changes: { kind: 'visit_added', visitor_name: 'Elena Editora', rating: 4 },
    });
    expect(history[2]?.changes).toEqual({
      kind: 'stage',
      from: 'new',
      to: 'visited',
      reason: null,
    });
  });

  it('a future visit moves new to to_visit; a past one then moves it on to visited', async () => {
    const id = await addProperty();
    await logVisit('editor', id, { visited_at: at(DAY), visitor_id: t.ids.editor });
    expect((await stageOf(id))?.stage).toBe('to_visit');
    await logVisit('editor', id, { visited_at: at(-DAY), visitor_id: t.ids.editor });
    expect(await stageOf(id)).toMatchObject({ stage: 'visited', visited: true });
    const stages = (await historyOf(id)).filter((h) => h.kind === 'stage').map((h) => h.changes);
    expect(stages).toEqual([
      { kind: 'stage', from: 'new', to: 'to_visit', reason: null },
      { kind: 'stage', from: 'to_visit', to: 'visited', reason: null },
    ]);
  });

  it('leaves later stages alone', async () => {
    const id = await addProperty({ stage: 'negotiating', visited: true });
    await logVisit('editor', id, { visited_at: at(-DAY), visitor_id: t.ids.editor });
    await logVisit('editor', id, { visited_at: at(DAY), visitor_id: t.ids.editor });
    expect((await stageOf(id))?.stage).toBe('negotiating');
    expect((await historyOf(id)).filter((h) => h.kind === 'stage')).toEqual([]);
  });

  it('the sweep moves a to_visit whose visit passed exactly once, even run twice at once', async () => {
    const id = await addProperty();
    await logVisit('editor', id, { visited_at: at(2 * HOUR), visitor_id: t.ids.editor });
    expect((await stageOf(id))?.stage).toBe('to_visit');
    // Nothing has passed yet.
    await t.app.sweepVisits();
    expect((await stageOf(id))?.stage).toBe('to_visit');
    const later = new Date(Date.now() + 3 * HOUR);
    // A second service over the same database stands in for another process.
    const other = createVisitsService(t.db.db, {
      photos: {} as Parameters<typeof createVisitsService>[1]['photos'],
    });
    const [a, b] = await Promise.all([t.app.sweepVisits(later), other.sweep(later)]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    expect(await stageOf(id)).toMatchObject({ stage: 'visited', visited: true, updated_by: null });
    const moves = (await historyOf(id)).filter(
      (h) => h.kind === 'stage' && h.changes.to === 'visited',
    );
    expect(moves).toEqual([
      {
        kind: 'stage',
        actor_id: null,
        changes: { kind: 'stage', from: 'to_visit', to: 'visited', reason: null },
      },
    ]);
    // And once more, nothing left to move.
    expect(await t.app.sweepVisits(later)).toBe(0);
  });
});

describe('visit photos', () => {
  it('attaches uploads with signed URLs, keeps, reorders and removes them on edit', async () => {
    const id = await addProperty();
    const first = await uploadPng(t, 'v1');
    const second = await uploadPng(t, 'v2');
    const created = await logVisit('editor', id, {
      visited_at: at(-DAY),
      visitor_id: t.ids.editor,
      photos: [first, second],
    });
    expect(created.statusCode, created.body).toBe(201);
    const [visit] = await visitsOf(id);
    expect(visit?.photos).toHaveLength(2);
    const photo = visit?.photos[0];
    expect(photo?.thumbnail_url).toMatch(/^\/photos\/.+\/card\?expires=\d+&sig=/);
    const image = await t.app.inject({ method: 'GET', url: photo?.original_url ?? '' });
    expect(image.statusCode).toBe(200);
    const hashes = await queryRows<{ content_hash: string | null }>(
      t.db.db,
      sql`select content_hash from visit_photos where visit_id = ${created.json().data.id}`,
    );
    expect(hashes.every((h) => /^[0-9a-f]{64}$/.test(h.content_hash ?? ''))).toBe(true);
    // The same upload cannot be attached twice.
    const again = await logVisit('editor', id, {
      visited_at: at(-DAY),
      visitor_id: t.ids.editor,
      photos: [first],
    });
    expect(again.statusCode).toBe(400);
    expect(Object.keys(again.json().error.fieldErrors)).toEqual(['photos.0']);

    const keep = visit?.photos[1]?.id;
    const edited = await t.inject('editor', {
      method: 'PUT',
      url: `/api/visits/${visit?.id}`,
      payload: {
        visited_at: visit?.visited_at,
        visitor_id: t.ids.editor,
        updated_at: visit?.updated_at,
        photos: [keep],
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const [after] = await visitsOf(id);
    expect(after?.photos.map((p) => p.id)).toEqual([keep]);
    // The removed photo's file is gone.
    const gone = await t.app.inject({ method: 'GET', url: photo?.original_url ?? '' });
    expect(gone.statusCode).toBe(404);
  });

  it("removes the visit's photo files when the visit, or its property, is deleted", async () => {
    const id = await addProperty();
    const upload = await uploadPng(t, 'borrar');
    const created = await logVisit('editor', id, {
      visited_at: at(-DAY),
      visitor_id: t.ids.editor,
      photos: [upload],
    });
    expect(created.statusCode, created.body).toBe(201);
    const url = (await visitsOf(id))[0]?.photos[0]?.original_url ?? '';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const deleted = await t.inject('editor', { method: 'DELETE', url: `/api/properties/${id}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);

    const other = await addProperty();
    const second = await uploadPng(t, 'borrar2');
    const visit = await logVisit('editor', other, {
      visited_at: at(-DAY),
      visitor_id: t.ids.editor,
      photos: [second],
    });
    const secondUrl = (await visitsOf(other))[0]?.photos[0]?.original_url ?? '';
    const removed = await t.inject('editor', {
      method: 'DELETE',
      url: `/api/visits/${visit.json().data.id}`,
    });
    expect(removed.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: secondUrl })).statusCode).toBe(404);
  });
});
