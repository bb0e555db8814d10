import type { Locale, Me, MyLocale, Role, User, UserList } from '@bec/contracts';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { pageById } from '../../lib/id-cursor.js';
import type { VerifiedIdentity } from '../../plugins/app/auth.js';
import { type AuditActor, appendAudit } from '../history/history.service.js';
import * as repo from './users.repository.js';

const toMe = (row: repo.UserRow): Me => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
});
const toUser = (row: repo.UserRow): User => ({
  ...toMe(row),
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

const displayName = (identity: VerifiedIdentity) =>
  identity.name ?? identity.email.split('@')[0] ?? identity.email;

const LAST_ADMIN_MESSAGE =
  'BEC needs at least one admin: make another member admin before demoting or removing the last one.';

export type UsersServiceOptions = { adminEmails: string[] };

/** The admin deciding, as the audit names them. */
const auditActor = (admin: Me): AuditActor => ({
  id: admin.id,
  name: admin.name,
  email: admin.email,
});

/** How long a member's role may be remembered between requests (see findMember). */
export const MEMBER_CACHE_TTL_MS = 5_000;

/**
 * The language a member's mail is written in (ADR 054): set when the web's language changes, and
 * with each subscription change (the saved searches' service, in its own transaction).
 */
export const setMemberLocale = (db: Database, memberId: number, locale: Locale) =>
  repo.setLocale(db, memberId, locale);

export function createUsersService(db: Database, options: UsersServiceOptions) {
  const adminEmails = new Set(options.adminEmails.map((e) => e.toLowerCase()));

  // Every authenticated request asks who its caller is. Members are remembered for a few seconds;
  // a change to members through this service forgets them all, so in this process it applies to
  // the very next request, and elsewhere (another server, the users CLI on PostgreSQL) within
  // MEMBER_CACHE_TTL_MS. Non-members are never remembered, so an approval applies at once. The
  // generation keeps a lookup that overlapped a change from storing what it read before it.
  const members = new LRUCache<string, Me>({ max: 10_000, ttl: MEMBER_CACHE_TTL_MS });
  let generation = 0;
  const changingMembers =
    <A extends unknown[], R>(change: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      generation++;
      try {
        return await change(...args);
      } finally {
        generation++;
        members.clear();
      }
    };

  /** The member behind a verified identity; ADMIN_EMAILS accounts become admins on first sight. */
  async function findMember(identity: VerifiedIdentity): Promise<Me | null> {
    const cached = members.get(identity.subject);
    if (cached) return cached;
    const seen = generation;
    const member = await lookUpMember(identity);
    if (member && seen === generation) members.set(identity.subject, member);
    return member;
  }

  async function lookUpMember(identity: VerifiedIdentity): Promise<Me | null> {
    const bySubject = await repo.findUserBySubject(db, identity.subject);
    if (bySubject) return toMe(bySubject);
    const byEmail = await repo.findUserByEmail(db, identity.email);
    if (byEmail) {
      if (!byEmail.idp_subject) await repo.linkSubject(db, byEmail.id, identity.subject);
      return toMe(byEmail);
    }
    if (adminEmails.has(identity.email)) {
      return db.transaction(async (tx) => {
        const inserted = await repo.insertUser(tx, {
          email: identity.email,
          name: displayName(identity),
          role: 'admin',
          idp_subject: identity.subject,
        });
        await repo.removeFromWaitlistByEmail(tx, identity.email);
        // The system's decision, recorded with it; a concurrent sign-in that made it first did.
        if (inserted)
          await appendAudit(
            tx,
            null,
            'first_admin_granted',
            { email: inserted.email, name: inserted.name },
            { role: 'admin' },
          );
        const created = inserted ?? (await repo.findUserByEmail(tx, identity.email));
        return created ? toMe(created) : null;
      });
    }
    return null;
  }

  /** GET /users/me: a member's profile, or an access request recorded and refused. */
  async function signIn(identity: VerifiedIdentity): Promise<Me> {
    const member = await findMember(identity);
    if (member) return member;
    await repo.upsertWaitlist(db, {
      email: identity.email,
      name: displayName(identity),
      subject: identity.subject,
    });
    throw new AppError(
      'WAITLISTED',
      'Your access request has been recorded: an administrator has to approve it before you can use BEC.',
    );
  }

  const list = (limit: number, cursor: string | undefined): Promise<UserList> =>
    pageById(cursor, limit, (afterId, n) => repo.listUsers(db, n, afterId), toUser);

  const changes = memberChanges(db);

  async function setLocale(member: Me, locale: Locale): Promise<MyLocale> {
    await setMemberLocale(db, member.id, locale);
    return { locale };
  }

  return {
    findMember,
    signIn,
    setLocale,
    list,
    changeRole: changingMembers(changes.changeRole),
    remove: changingMembers(changes.remove),
    upsertByEmail: changingMembers(changes.upsertByEmail),
    removeByEmail: changingMembers(changes.removeByEmail),
  };
}

/** Changes to members, each in one transaction that locks the admins first (ADR 003). */
function memberChanges(db: Database) {
  /** Changes a member's role as `admin` decided, recorded in the audit in the same transaction. */
  async function changeRole(admin: Me, id: number, role: Role): Promise<User> {
    return db.transaction(async (tx) => {
      const admins = await repo.lockAdmins(tx);
      const user = await repo.findUserById(tx, id);
      if (!user) throw new AppError('NOT_FOUND', `User ${id} not found.`);
      if (user.role === 'admin' && role !== 'admin' && admins.length <= 1) {
        throw new AppError('LAST_ADMIN', LAST_ADMIN_MESSAGE);
      }
      const updated = await repo.setRole(tx, id, role);
      if (!updated) throw new AppError('NOT_FOUND', `User ${id} not found.`);
      if (user.role !== role)
        await appendAudit(
          tx,
          auditActor(admin),
          'role_changed',
          { email: user.email, name: user.name },
          { from: user.role, to: role },
        );
      return toUser(updated);
    });
  }

  /** Removes a member as `admin` decided (null: the shell), recorded in the same transaction. */
  async function remove(admin: Me | null, id: number): Promise<{ id: number }> {
    return db.transaction(async (tx) => {
      const admins = await repo.lockAdmins(tx);
      const user = await repo.findUserById(tx, id);
      if (!user) throw new AppError('NOT_FOUND', `User ${id} not found.`);
      if (user.role === 'admin' && admins.length <= 1)
        throw new AppError('LAST_ADMIN', LAST_ADMIN_MESSAGE);
      await repo.deleteUser(tx, id);
      await appendAudit(
        tx,
        admin ? auditActor(admin) : null,
        'user_deleted',
        { email: user.email, name: user.name },
        { role: user.role },
      );
      return { id };
    });
  }

  /** For the shell: add or update a member by email, no identity provider involved. */
  async function upsertByEmail(email: string, role: Role, name?: string): Promise<User> {
    return db.transaction(async (tx) => {
      const existing = await repo.findUserByEmail(tx, email);
      if (existing) {
        if (existing.role === 'admin' && role !== 'admin') {
          const admins = await repo.lockAdmins(tx);
          if (admins.length <= 1) throw new AppError('LAST_ADMIN', LAST_ADMIN_MESSAGE);
        }
        const updated = await repo.setRole(tx, existing.id, role);
        if (!updated) throw new AppError('NOT_FOUND', `User ${email} not found.`);
        await repo.removeFromWaitlistByEmail(tx, email);
        // The shell decides as the system: no admin to name.
        if (existing.role !== role)
          await appendAudit(
            tx,
            null,
            'role_changed',
            { email: existing.email, name: existing.name },
            { from: existing.role, to: role },
          );
        return toUser(updated);
      }
      const created = await repo.insertUser(tx, {
        email,
        name: name ?? email.split('@')[0] ?? email,
        role,
      });
      if (!created)
        throw new AppError('CONFLICT', `User ${email} already exists.`, undefined, {
          code: 'user_exists',
          params: { email },
        });
      await repo.removeFromWaitlistByEmail(tx, email);
      return toUser(created);
    });
  }

  async function removeByEmail(email: string): Promise<{ id: number }> {
    const user = await repo.findUserByEmail(db, email);
    if (!user) throw new AppError('NOT_FOUND', `No member with email ${email}.`);
    return remove(null, user.id);
  }

  return { changeRole, remove, upsertByEmail, removeByEmail };
}

export type UsersService = ReturnType<typeof createUsersService>;
