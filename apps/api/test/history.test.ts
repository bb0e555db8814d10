import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { addProperty, setupApp, uploadPng, validProperty } from './helpers.js';

const t = setupApp();

const NUNOA = 13120;
const SANTIAGO = 13101;

type Entry = {
  id: number;
  property_id: number;
  at: string;
  actor: { id: number | null; name: string | null } | null;
  changes: { kind: string } & Record<string, unknown>;
};
type Page = { entries: Entry[]; next_cursor: string | null };

type Detail = { id: number; updated_at: string; photo_urls: { id: number }[] };
const detail = async (id: number) =>
  (await t.inject('viewer', { method: 'GET', url: `/api/properties/${id}` })).json().data as Detail;

const add = async (overrides: Record<string, unknown> = {}) =>
  detail(await addProperty(t, overrides));

const edit = async (
  id: number,
  overrides: Record<string, unknown>,
  who: 'editor' | 'admin' = 'admin',
) => {
  const current = await detail(id);
  return t.inject(who, {
    method: 'PUT',
    url: `/api/properties/${id}`,
    payload: {
      ...validProperty(),
      photos: current.photo_urls.map((p) => p.id),
      updated_at: current.updated_at,
      ...overrides,
    },
  });
};

const history = async (id: number, who: 'admin' | 'editor' | 'viewer' = 'viewer', query = '') =>
  t.inject(who, { method: 'GET', url: `/api/properties/${id}/history${query}` });
const entries = async (id: number) => ((await history(id)).json().data as Page).entries;

const countHistory = async (id: number) =>
  Number(
    (
      await queryRows<{ n: string | number }>(
        t.db.db,
        sql`select count(*) as n from property_history where property_id = ${id}`,
      )
    )[0]?.n,
  );

describe('GET /api/properties/:id/history', () => {
  it('records a price change with its unit, by whom, newest first', async () => {
    const p = await add({ price: 100, price_unit: 'UF' });
    const response = await edit(p.id, { price: 120, price_unit: 'UF' });
    expect(response.statusCode, response.body).toBe(200);
    const page = (await history(p.id)).json().data as Page;
    expect(page.next_cursor).toBeNull();
    const [updated, created] = page.entries;
    expect(created).toMatchObject({
      property_id: p.id,
      actor: { id: t.ids.editor, name: 'Elena Editora' },
      changes: { kind: 'created', price: { amount: 100, unit: 'UF' } },
    });
    expect(updated).toMatchObject({
      actor: { id: t.ids.admin, name: 'Ana Admin' },
      changes: {
        kind: 'updated',
        fields: [
          { field: 'price', from: { amount: 100, unit: 'UF' }, to: { amount: 120, unit: 'UF' } },
        ],
      },
    });
    expect(Date.parse(updated?.at ?? '')).toBeGreaterThanOrEqual(Date.parse(created?.at ?? ''));
  });

  it("records a comuna change by the comunas' names", async () => {
    const p = await add({ city_id: NUNOA });
    expect((await edit(p.id, { city_id: SANTIAGO })).statusCode).toBe(200);
    const [updated] = await entries(p.id);
    expect(updated?.changes).toEqual({
      kind: 'updated',
      fields: [{ field: 'comuna', from: 'Ñuñoa', to: 'Santiago' }],
    });
  });

  it('records a stage move with its reason', async () => {
    const p = await add({ visited: false });
    expect(
      (await edit(p.id, { stage: 'discarded', discard_reason: 'Muy cara', visited: undefined }))
        .statusCode,
    ).toBe(200);
    const stage = (await entries(p.id)).find((e) => e.changes.kind === 'stage');
    expect(stage?.changes).toEqual({
      kind: 'stage',
      from: 'new',
      to: 'discarded',
      reason: 'Muy cara',
    });
  });

  it('records photos added, removed and reordered', async () => {
    const p = await add({ photos: [await uploadPng(t, 'a'), await uploadPng(t, 'b')] });
    const [a, b] = p.photo_urls.map((x) => x.id);
    if (a === undefined || b === undefined) throw new Error('two photos expected');
    expect((await entries(p.id)).map((e) => e.changes)).toEqual([
      { kind: 'photos_added', photo_ids: [a, b] },
      expect.objectContaining({ kind: 'created' }),
    ]);

    expect((await edit(p.id, { photos: [b, a] })).statusCode).toBe(200);
    expect((await entries(p.id))[0]?.changes).toEqual({
      kind: 'photos_reordered',
      photo_ids: [b, a],
    });

    const c = await uploadPng(t, 'c');
    // The uploader attaches: the editor uploaded it.
    const replaced = await edit(p.id, { photos: [b, c] }, 'editor');
    expect(replaced.statusCode, replaced.body).toBe(200);
    const after = await detail(p.id);
    const cId = after.photo_urls[1]?.id;
    const latest = (await entries(p.id)).slice(0, 2).map((e) => e.changes);
    expect(latest).toEqual(
      expect.arrayContaining([
        { kind: 'photos_added', photo_ids: [cId] },
        { kind: 'photos_removed', photo_ids: [a] },
      ]),
    );
  });

  it('pages newest first with a working cursor', async () => {
    const p = await add({ name: 'Paginada 0' });
    for (let i = 1; i <= 4; i++)
      expect((await edit(p.id, { name: `Paginada ${i}` })).statusCode).toBe(200);
    const seen: Entry[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const q: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2';
      const response = await history(p.id, 'viewer', q);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json().data as Page;
      seen.push(...page.entries);
      cursor = page.next_cursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen.map((e) => e.id)).toEqual([...seen.map((e) => e.id)].sort((x, y) => y - x));
    expect(seen.map((e) => e.changes.kind)).toEqual([
      'updated',
      'updated',
      'updated',
      'updated',
      'created',
    ]);
    expect(seen[0]?.changes).toMatchObject({
      fields: [{ field: 'name', from: 'Paginada 3', to: 'Paginada 4' }],
    });
    const bad = await history(p.id, 'viewer', '?cursor=nope');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fieldErrors)).toEqual(['cursor']);
    expect((await history(p.id, 'viewer', '?limit=0')).statusCode).toBe(400);
  });

  it("keeps a deleted property's history, readable by admins only; 404 for one that never was", async () => {
    const p = await add({ name: 'Para borrar' });
    const removed = await t.inject('editor', { method: 'DELETE', url: `/api/properties/${p.id}` });
    expect(removed.statusCode).toBe(200);
    const forAdmin = await history(p.id, 'admin');
    expect(forAdmin.statusCode).toBe(200);
    expect((forAdmin.json().data as Page).entries.map((e) => e.changes)).toEqual([
      { kind: 'deleted', name: 'Para borrar' },
      expect.objectContaining({ kind: 'created', name: 'Para borrar' }),
    ]);
    expect((await history(p.id, 'editor')).statusCode).toBe(404);
    expect((await history(p.id, 'viewer')).statusCode).toBe(404);
    expect((await history(999_999, 'admin')).statusCode).toBe(404);
    expect((await history(999_999, 'viewer')).statusCode).toBe(404);
    const anonymous = await t.inject(null, {
      method: 'GET',
      url: `/api/properties/${p.id}/history`,
    });
    expect(anonymous.statusCode).toBe(401);
    const stranger = await t.inject('stranger', {
      method: 'GET',
      url: `/api/properties/${p.id}/history`,
    });
    expect(stranger.statusCode).toBe(403);
  });
});

describe('history is append-only', () => {
  const urls = ['/api/properties/1/history', '/api/audit'];
  it('no role can write through any method on the history and audit URLs', async () => {
    const p = await add();
    const before = await countHistory(p.id);
    for (const url of [...urls, `/api/properties/${p.id}/history`])
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const)
        for (const who of ['admin', 'editor', 'viewer', 'stranger', null] as const) {
          const response = await t.inject(who, { method, url, payload: {} });
          expect([404, 405], `${who} ${method} ${url}: ${response.statusCode}`).toContain(
            response.statusCode,
          );
        }
    expect(await countHistory(p.id)).toBe(before);
  });

  it('refuses UPDATE, DELETE and TRUNCATE of both tables in the database itself', async () => {
    const p = await add();
    const audit = await t.inject('admin', {
      method: 'PATCH',
      url: `/api/users/${t.ids.viewer}`,
      payload: { role: 'editor' },
    });
    expect(audit.statusCode).toBe(200);
    for (const statement of [
      sql`update property_history set actor_name = 'X' where property_id = ${p.id}`,
      sql`delete from property_history where property_id = ${p.id}`,
      sql`truncate property_history`,
      sql`update access_audit set actor_name = 'X'`,
      sql`delete from access_audit`,
      sql`truncate access_audit`,
    ])
      await expect(t.db.db.execute(statement)).rejects.toThrow();
    expect(await countHistory(p.id)).toBe(1);
    const rows = await queryRows<{ n: string | number }>(
      t.db.db,
      sql`select count(*) as n from access_audit`,
    );
    expect(Number(rows[0]?.n)).toBeGreaterThan(0);
  });

  it('a refused edit (400, bad reference) leaves no history and no change', async () => {
    const p = await add({ name: 'Sin cambios' });
    const before = await countHistory(p.id);
    const response = await edit(p.id, { name: 'Cambiada', city_id: 99_999 });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fieldErrors)).toEqual(['city_id']);
    expect(await countHistory(p.id)).toBe(before);
  });

  it('an edit failing mid-transaction (after its history row) leaves neither', async () => {
    const p = await add({ name: 'Antes de la falla' });
    const before = await countHistory(p.id);
    // A fault injected after the history row is written: the whole edit must roll back.
    await t.db.db.execute(
      sql.raw(`create function test_fail_history() returns trigger language plpgsql as $$
        begin
          if new.changes::text like '%Falla forzada%' then raise exception 'forced failure'; end if;
          return new;
        end $$`),
    );
    await t.db.db.execute(
      sql.raw(`create trigger test_fail_history after insert on property_history
        for each row execute function test_fail_history()`),
    );
    try {
      const response = await edit(p.id, { name: 'Falla forzada' });
      expect(response.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await t.db.db.execute(sql.raw('drop trigger test_fail_history on property_history'));
      await t.db.db.execute(sql.raw('drop function test_fail_history()'));
    }
    expect(await countHistory(p.id)).toBe(before);
    const after = (
      await t.inject('viewer', { method: 'GET', url: `/api/properties/${p.id}` })
    ).json().data as { name: string };
    expect(after.name).toBe('Antes de la falla');
  });
});
