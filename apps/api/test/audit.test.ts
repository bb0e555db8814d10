import { describe, expect, it } from 'vitest';
import { chileDate } from '../src/lib/chile-date.js';
import { setupApp } from './helpers.js';

const BOSS = { sub: 'sub-boss', email: 'jefa@bec.test', name: 'Jefa Inicial' };
const t = setupApp({ env: { ADMIN_EMAILS: BOSS.email } });

type AuditEntry = {
  id: number;
  at: string;
  action: string;
  actor: { id: number | null; name: string; email: string } | null;
  subject: { email: string; name: string | null };
  role: string | null;
  previous_role: string | null;
};
type AuditPage = { entries: AuditEntry[]; next_cursor: string | null };

const enrol = async (who: Record<string, unknown>) =>
  t.inject(await t.tokenFor(who), { method: 'GET', url: '/api/users/me' });
const entryFor = async (email: string) =>
  (
    (await t.inject('admin', { method: 'GET', url: '/api/waitlist' })).json().data.items as {
      id: number;
      email: string;
    }[]
  ).find((e) => e.email === email);
const auditOf = async (query: Record<string, string> = {}, who: 'admin' | 'editor' = 'admin') =>
  t.inject(who, { method: 'GET', url: `/api/audit?${new URLSearchParams(query)}` });
const entries = async (query: Record<string, string> = {}) => {
  const response = await auditOf(query);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as AuditPage).entries;
};

const ADMIN = { name: 'Ana Admin', email: 'admin@bec.test' };

describe('the access audit', () => {
  it('records approvals, waitlist deletions, role changes and removals with the admin', async () => {
    const pia = { sub: 'sub-pia', email: 'pia@bec.test', name: 'Pía Postulante' };
    const ramon = { sub: 'sub-ramon', email: 'ramon@bec.test', name: 'Ramón Rechazado' };
    await enrol(pia);
    await enrol(ramon);
    const approved = await t.inject('admin', {
      method: 'POST',
      url: `/api/waitlist/${(await entryFor(pia.email))?.id}/approve`,
      payload: { role: 'viewer' },
    });
    expect(approved.statusCode).toBe(201);
    const piaId = approved.json().data.id as number;
    const refused = await t.inject('admin', {
      method: 'DELETE',
      url: `/api/waitlist/${(await entryFor(ramon.email))?.id}`,
    });
    expect(refused.statusCode).toBe(200);
    const promoted = await t.inject('admin', {
      method: 'PATCH',
      url: `/api/users/${piaId}`,
      payload: { role: 'editor' },
    });
    expect(promoted.statusCode).toBe(200);
    const removed = await t.inject('admin', { method: 'DELETE', url: `/api/users/${piaId}` });
    expect(removed.statusCode).toBe(200);

    const rows = await entries({ person: 'pia@bec.test' });
    expect(rows.map((r) => [r.action, r.role, r.previous_role])).toEqual([
      ['user_deleted', 'editor', null],
      ['role_changed', 'editor', 'viewer'],
      ['waitlist_approved', 'viewer', null],
    ]);
    for (const row of rows) {
      expect(row.actor).toEqual({ id: t.ids.admin, ...ADMIN });
      expect(row.subject).toEqual({ email: pia.email, name: pia.name });
    }
    expect(await entries({ person: ramon.email })).toMatchObject([
      { action: 'waitlist_deleted', subject: { email: ramon.email, name: ramon.name } },
    ]);
  });

  it('records the first admin granted by ADMIN_EMAILS as the system, once', async () => {
    expect((await enrol(BOSS)).json().data.role).toBe('admin');
    expect((await enrol(BOSS)).statusCode).toBe(200);
    expect(await entries({ person: BOSS.email })).toEqual([
      expect.objectContaining({
        action: 'first_admin_granted',
        actor: null,
        subject: { email: BOSS.email, name: BOSS.name },
        role: 'admin',
      }),
    ]);
  });

  it('a refused decision leaves no row (same transaction)', async () => {
    const before = (await entries({ action: 'role_changed' })).length;
    const unknown = await t.inject('admin', {
      method: 'PATCH',
      url: '/api/users/999999',
      payload: { role: 'viewer' },
    });
    expect(unknown.statusCode).toBe(404);
    const same = await t.inject('admin', {
      method: 'PATCH',
      url: `/api/users/${t.ids.editor}`,
      payload: { role: 'editor' },
    });
    expect(same.statusCode).toBe(200);
    expect((await entries({ action: 'role_changed' })).length).toBe(before);
  });

  it('filters by name ignoring case and accents, by action, and by Chile days', async () => {
    const sofia = { sub: 'sub-sofia', email: 'sofia@bec.test', name: 'Sofía Núñez' };
    await enrol(sofia);
    await t.inject('admin', {
      method: 'POST',
      url: `/api/waitlist/${(await entryFor(sofia.email))?.id}/approve`,
      payload: { role: 'editor' },
    });
    expect((await entries({ person: 'NUNEZ' })).map((r) => r.subject.email)).toEqual([sofia.email]);
    expect((await entries({ person: 'sofía' })).length).toBe(1);
    // The actor matches too: every decision here was Ana's or the system's.
    const byAna = await entries({ person: 'ana admin' });
    expect(byAna.length).toBeGreaterThan(3);
    expect(byAna.every((r) => r.actor?.email === ADMIN.email)).toBe(true);
    expect(await entries({ person: '%' })).toEqual([]);
    expect(await entries({ person: 'nadie@bec.test' })).toEqual([]);

    const approvals = await entries({ action: 'waitlist_approved' });
    expect(approvals.length).toBe(2);
    expect(approvals.every((r) => r.action === 'waitlist_approved')).toBe(true);

    const today = chileDate(new Date());
    expect((await entries({ person: sofia.email, from: today, to: today })).length).toBe(1);
    expect(await entries({ person: sofia.email, to: '2020-01-01' })).toEqual([]);
    expect(await entries({ person: sofia.email, from: '2999-01-01' })).toEqual([]);
  });

  it('pages newest first with a cursor', async () => {
    const all = await entries({ limit: '200' });
    const seen: AuditEntry[] = [];
    let cursor: string | null = null;
    do {
      const query: Record<string, string> = cursor ? { limit: '2', cursor } : { limit: '2' };
      const response = await auditOf(query);
      const page = response.json().data as AuditPage;
      seen.push(...page.entries);
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen.map((r) => r.id)).toEqual(all.map((r) => r.id));
    const times = all.map((r) => Date.parse(r.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('is for admins, and refuses bad filters naming them', async () => {
    expect((await auditOf({}, 'editor')).statusCode).toBe(403);
    expect((await t.inject('viewer', { method: 'GET', url: '/api/audit' })).statusCode).toBe(403);
    expect((await t.inject(null, { method: 'GET', url: '/api/audit' })).statusCode).toBe(401);
    for (const [query, field] of [
      [{ from: '2025-02-29' }, 'from'],
      [{ to: 'ayer' }, 'to'],
      [{ from: '2025-05-02', to: '2025-05-01' }, 'to'],
      [{ action: 'hacked' }, 'action'],
      [{ person: 'x'.repeat(201) }, 'person'],
      [{ cursor: 'nope' }, 'cursor'],
      [{ limit: '0' }, 'limit'],
    ] as const) {
      const response = await auditOf(query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(Object.keys(response.json().error.fieldErrors)).toEqual([field]);
    }
  });

  // ADR 025: year 0 (which PostgreSQL has not) and JavaScript's expanded years (which it cannot
  // read) reached the database and answered 500. Years 1 to 9999 are what both hold.
  it('takes days and cursor times from year 1 to 9999, and refuses the rest naming them', async () => {
    const cursorAt = (at: string, id = 1) =>
      Buffer.from(JSON.stringify({ at, id })).toString('base64url');
    for (const [query, field] of [
      [{ from: '0000-01-01' }, 'from'],
      [{ to: '0000-12-31' }, 'to'],
      [{ cursor: cursorAt('+275760-09-13T00:00:00.000Z') }, 'cursor'],
      [{ cursor: cursorAt('-000001-01-01T00:00:00.000Z') }, 'cursor'],
      [{ cursor: cursorAt('0000-01-01T00:00:00.000Z') }, 'cursor'],
      [{ cursor: cursorAt('+010000-01-01T00:00:00.000Z') }, 'cursor'],
      // Date.parse reads these; PostgreSQL reads them otherwise or not at all.
      [{ cursor: cursorAt('1 2') }, 'cursor'],
      [{ cursor: cursorAt('2025-11-24') }, 'cursor'],
    ] as const) {
      const response = await auditOf(query);
      expect(response.statusCode, `${JSON.stringify(query)}: ${response.body}`).toBe(400);
      expect(Object.keys(response.json().error.fieldErrors)).toEqual([field]);
      expect(response.json().error.issues.map((i: { field: string }) => i.field)).toEqual([field]);
    }
    const tomas = { sub: 'sub-tomas', email: 'tomas@bec.test', name: 'Tomás Tardío' };
    await enrol(tomas);
    await t.inject('admin', {
      method: 'DELETE',
      url: `/api/waitlist/${(await entryFor(tomas.email))?.id}`,
    });
    const all = await entries({ limit: '200' });
    expect(all.length).toBeGreaterThan(0);
    expect(await entries({ from: '0001-01-01', to: '9999-12-31', limit: '200' })).toEqual(all);
    expect(await entries({ to: '0001-01-01' })).toEqual([]);
    expect(await entries({ from: '9999-12-31' })).toEqual([]);
    const newest = all[0]?.id ?? 0;
    expect(
      (await entries({ cursor: cursorAt('9999-12-31T23:59:59.999Z', newest + 1), limit: '200' }))
        .length,
    ).toBe(all.length);
    expect(await entries({ cursor: cursorAt('0001-01-01T00:00:00.000Z') })).toEqual([]);
  });
});
