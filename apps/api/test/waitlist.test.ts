import { describe, expect, it } from 'vitest';
import { createUsersService } from '../src/modules/users/users.service.js';
import { setupApp } from './helpers.js';

const t = setupApp();

const applicant = { sub: 'sub-applicant', email: 'postulante@bec.test', name: 'Pía Postulante' };

const enrol = async (who: Record<string, unknown>) =>
  t.inject(await t.tokenFor(who), { method: 'GET', url: '/api/users/me' });
const entryFor = async (email: string) =>
  (
    (await t.inject('admin', { method: 'GET', url: '/api/waitlist' })).json().data.items as {
      id: number;
      email: string;
    }[]
  ).find((e) => e.email === email);

describe('waitlist', () => {
  it('approving an entry grants the role and removes the entry, atomically', async () => {
    expect((await enrol(applicant)).statusCode).toBe(403);
    const entry = await entryFor(applicant.email);
    expect(entry).toBeDefined();
    const response = await t.inject('admin', {
      method: 'POST',
      url: `/api/waitlist/${entry?.id}/approve`,
      payload: { role: 'viewer' },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({
      email: applicant.email,
      name: applicant.name,
      role: 'viewer',
    });
    expect(await entryFor(applicant.email)).toBeUndefined();

    const signedIn = await enrol(applicant);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data.role).toBe('viewer');
    const properties = await t.inject(await t.tokenFor(applicant), {
      method: 'GET',
      url: '/api/properties',
    });
    expect(properties.statusCode).toBe(200);
  });

  it('refuses to approve without a valid role', async () => {
    await enrol({ sub: 'sub-r', email: 'r@bec.test', name: 'R' });
    const entry = await entryFor('r@bec.test');
    const response = await t.inject('admin', {
      method: 'POST',
      url: `/api/waitlist/${entry?.id}/approve`,
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fieldErrors)).toEqual(['role']);
    expect(await entryFor('r@bec.test')).toBeDefined();
  });

  it('deleting an entry removes it; approving it afterwards is a 404', async () => {
    await enrol({ sub: 'sub-d', email: 'd@bec.test', name: 'D' });
    const entry = await entryFor('d@bec.test');
    const response = await t.inject('admin', {
      method: 'DELETE',
      url: `/api/waitlist/${entry?.id}`,
    });
    expect(response.statusCode).toBe(200);
    expect(await entryFor('d@bec.test')).toBeUndefined();
    const again = await t.inject('admin', {
      method: 'POST',
      url: `/api/waitlist/${entry?.id}/approve`,
      payload: { role: 'viewer' },
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses to approve an entry whose email is already a member', async () => {
    // The same person signing in with a new identity while an admin added them from the shell.
    await enrol({ sub: 'sub-twice', email: 'twice@bec.test', name: 'Twice' });
    const entry = await entryFor('twice@bec.test');
    const add = await t.inject('admin', {
      method: 'POST',
      url: `/api/waitlist/${entry?.id}/approve`,
      payload: { role: 'editor' },
    });
    expect(add.statusCode).toBe(201);
    await enrol({ sub: 'sub-twice-2', email: 'twice2@bec.test', name: 'Twice' });
    const users = (await t.inject('admin', { method: 'GET', url: '/api/users?limit=100' })).json()
      .data.items;
    expect(users.filter((u: { email: string }) => u.email === 'twice@bec.test')).toHaveLength(1);
  });

  it('approves an entry whose identity is already linked to a member without failing', async () => {
    // One Google account asked for access as old@, then an admin added new@ from the shell
    // and the same account signed in as new@: the member now holds the entry's subject.
    await enrol({ sub: 'sub-shared', email: 'old@bec.test', name: 'Old' });
    await createUsersService(t.db.db, { adminEmails: [] }).upsertByEmail('new@bec.test', 'viewer');
    expect(
      (await enrol({ sub: 'sub-shared', email: 'new@bec.test', name: 'New' })).statusCode,
    ).toBe(200);
    const entry = await entryFor('old@bec.test');
    const response = await t.inject('admin', {
      method: 'POST',
      url: `/api/waitlist/${entry?.id}/approve`,
      payload: { role: 'editor' },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({ email: 'old@bec.test', role: 'editor' });
  });
});
