import type { User } from '@bec/contracts';
import { describe, expect, it } from 'vitest';
import { createUsersService, MEMBER_CACHE_TTL_MS } from '../src/modules/users/users.service.js';
import { PEOPLE, setupApp, validProperty } from './helpers.js';

const t = setupApp({ env: { ADMIN_EMAILS: 'Boss@BEC.test, other-boss@bec.test' } });

const newcomer = (n: number) => ({
  sub: `sub-new-${n}`,
  email: `new${n}@bec.test`,
  name: `Newcomer ${n}`,
});
const me = async (who: Record<string, unknown>) =>
  t.inject(await t.tokenFor(who), { method: 'GET', url: '/api/users/me' });
const waitlist = async () =>
  (await t.inject('admin', { method: 'GET', url: '/api/waitlist' })).json().data.items;

describe('GET /api/users/me and the waitlist', () => {
  it('answers a member with id, name, email and role', async () => {
    const response = await t.inject('viewer', { method: 'GET', url: '/api/users/me' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      id: t.ids.viewer,
      ...{ name: PEOPLE.viewer.name, email: PEOPLE.viewer.email },
      role: 'viewer',
    });
  });

  it('puts an unknown account on the waitlist once, and answers 403 saying so', async () => {
    const first = await me(newcomer(1));
    expect(first.statusCode).toBe(403);
    expect(first.json()).toMatchObject({ status: 'error', error: { code: 'WAITLISTED' } });
    expect(first.json().message).toMatch(/recorded/);
    await me(newcomer(1));
    const entries = (await waitlist()).filter(
      (e: { email: string }) => e.email === 'new1@bec.test',
    );
    expect(entries).toHaveLength(1);
    expect(entries[0].name).toBe('Newcomer 1');
  });

  it('matches emails case-insensitively', async () => {
    const response = await me({ sub: 'another-subject', email: 'VIEWER@bec.test', name: 'V' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.id).toBe(t.ids.viewer);
  });

  it('makes an ADMIN_EMAILS account admin at first sign-in, and takes it off the waitlist', async () => {
    const boss = { sub: 'sub-boss', email: 'boss@bec.test', name: 'La Jefa' };
    const response = await me(boss);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      email: 'boss@bec.test',
      role: 'admin',
      name: 'La Jefa',
    });
    const again = await me(boss);
    expect(again.json().data.id).toBe(response.json().data.id);
  });
});

describe('admin: users', () => {
  it('lists members in pages', async () => {
    const first = (await t.inject('admin', { method: 'GET', url: '/api/users?limit=2' })).json()
      .data;
    expect(first.items).toHaveLength(2);
    expect(first.next_cursor).toBeTruthy();
    const second = (
      await t.inject('admin', {
        method: 'GET',
        url: `/api/users?limit=2&cursor=${first.next_cursor}`,
      })
    ).json().data;
    const emails = [...first.items, ...second.items].map((u: User) => u.email);
    expect(new Set(emails).size).toBe(emails.length);
    expect(emails).toEqual(
      expect.arrayContaining([PEOPLE.admin.email, PEOPLE.editor.email, PEOPLE.viewer.email]),
    );
  });

  it("changes a member's role, and the member's next call sees it", async () => {
    const response = await t.inject('admin', {
      method: 'PATCH',
      url: `/api/users/${t.ids.viewer}`,
      payload: { role: 'editor' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.role).toBe('editor');
    const mine = await t.inject('viewer', { method: 'GET', url: '/api/users/me' });
    expect(mine.json().data.role).toBe('editor');
    await t.inject('admin', {
      method: 'PATCH',
      url: `/api/users/${t.ids.viewer}`,
      payload: { role: 'viewer' },
    });
  });

  it('refuses an unknown role with 400 naming the field', async () => {
    const response = await t.inject('admin', {
      method: 'PATCH',
      url: `/api/users/${t.ids.viewer}`,
      payload: { role: 'owner' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fieldErrors.role).toEqual([
      'Role must be one of viewer, editor or admin',
    ]);
  });

  it('accepts a DELETE that carries the JSON content type and no body', async () => {
    const response = await t.inject('admin', { method: 'DELETE', url: '/api/users/987654' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('User 987654 not found.');
  });
});

describe('the last admin', () => {
  it('cannot be demoted or removed while alone, and can once another admin exists', async () => {
    const users = (await t.inject('admin', { method: 'GET', url: '/api/users?limit=100' })).json()
      .data.items as User[];
    // Demote every other admin (e.g. the ADMIN_EMAILS boss) so one is left.
    for (const u of users.filter((u) => u.role === 'admin' && u.id !== t.ids.admin)) {
      const r = await t.inject('admin', {
        method: 'PATCH',
        url: `/api/users/${u.id}`,
        payload: { role: 'viewer' },
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    const demote = await t.inject('admin', {
      method: 'PATCH',
      url: `/api/users/${t.ids.admin}`,
      payload: { role: 'editor' },
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({ error: { code: 'LAST_ADMIN' } });
    expect(demote.json().message).toMatch(/at least one admin/);
    const remove = await t.inject('admin', { method: 'DELETE', url: `/api/users/${t.ids.admin}` });
    expect(remove.statusCode).toBe(409);
    const stillAdmin = await t.inject('admin', { method: 'GET', url: '/api/users/me' });
    expect(stillAdmin.json().data.role).toBe('admin');

    await t.inject('admin', {
      method: 'PATCH',
      url: `/api/users/${t.ids.editor}`,
      payload: { role: 'admin' },
    });
    // Two admins demoting each other at once: exactly one may win.
    const [a, b] = await Promise.all([
      t.inject('admin', {
        method: 'PATCH',
        url: `/api/users/${t.ids.editor}`,
        payload: { role: 'editor' },
      }),
      t.inject('editor', {
        method: 'PATCH',
        url: `/api/users/${t.ids.admin}`,
        payload: { role: 'editor' },
      }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, expect.any(Number)].sort());
    const statuses = [a.statusCode, b.statusCode];
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    const admins = (
      (
        await t.inject(statuses[0] === 200 ? 'admin' : 'editor', {
          method: 'GET',
          url: '/api/users?limit=100',
        })
      ).json().data.items as User[]
    ).filter((u) => u.role === 'admin');
    expect(admins).toHaveLength(1);
  });

  it('a removed member is refused on the next call', async () => {
    const admins = ((await t.inject('admin', { method: 'GET', url: '/api/users?limit=100' })).json()
      .data?.items ??
      (await t.inject('editor', { method: 'GET', url: '/api/users?limit=100' })).json().data
        .items) as User[];
    const adminCaller =
      admins.find((u) => u.role === 'admin')?.email === PEOPLE.admin.email ? 'admin' : 'editor';
    const response = await t.inject(adminCaller, {
      method: 'DELETE',
      url: `/api/users/${t.ids.viewer}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = await t.inject('viewer', { method: 'GET', url: '/api/properties' });
    expect(after.statusCode).toBe(403);
    expect(after.json().error.code).toBe('WAITLISTED');
  });
});

describe('a change made by another process (the users CLI on the same database)', () => {
  it('reaches a member who is already remembered within the cache lifetime', async () => {
    const person = newcomer(77);
    const cli = createUsersService(t.db.db, { adminEmails: [] });
    await cli.upsertByEmail(person.email, 'editor', person.name);
    const token = await t.tokenFor(person);
    const add = () =>
      t.inject(token, { method: 'POST', url: '/api/properties/add', payload: validProperty() });
    expect((await add()).statusCode).toBe(201);

    await cli.upsertByEmail(person.email, 'viewer');
    const started = Date.now();
    let status = (await add()).statusCode;
    while (status !== 403 && Date.now() - started < MEMBER_CACHE_TTL_MS + 2_000) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      status = (await add()).statusCode;
    }
    expect(status).toBe(403);
    expect(Date.now() - started).toBeLessThanOrEqual(MEMBER_CACHE_TTL_MS + 1_000);
  });
});
