import type { Me, Role, User, Waitlist, WaitlistEntry } from '@bec/contracts';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { pageById } from '../../lib/id-cursor.js';
import { type AuditActor, appendAudit } from '../history/history.service.js';
import * as repo from './waitlist.repository.js';

const toEntry = (row: repo.WaitlistRow): WaitlistEntry => ({
  id: row.id,
  name: row.name,
  email: row.email,
  requested_at: row.requested_at.toISOString(),
});

const auditActor = (admin: Me): AuditActor => ({
  id: admin.id,
  name: admin.name,
  email: admin.email,
});

export function createWaitlistService(db: Database) {
  const list = (limit: number, cursor: string | undefined): Promise<Waitlist> =>
    pageById(cursor, limit, (afterId, n) => repo.listWaitlist(db, n, afterId), toEntry);

  /**
   * Moves an access request into the members with the given role, atomically, with the admin's
   * decision recorded in the audit.
   */
  async function approve(admin: Me, id: number, role: Role): Promise<User> {
    return db.transaction(async (tx) => {
      const entry = await repo.findEntry(tx, id);
      if (!entry) throw new AppError('NOT_FOUND', `Waitlist entry ${id} not found.`);
      const existing = await repo.memberWithEmail(tx, entry.email);
      if (existing) {
        throw new AppError(
          'CONFLICT',
          `${entry.email} is already a member (${existing.role}).`,
          undefined,
          { code: 'already_member', params: { email: entry.email } },
        );
      }
      // A subject already linked to a member is left off: the email match links it at sign-in.
      const subject =
        entry.idp_subject && !(await repo.subjectTaken(tx, entry.idp_subject))
          ? entry.idp_subject
          : null;
      const user = await repo.insertMember(tx, { ...entry, idp_subject: subject }, role);
      if (!user) throw new Error('insert returned no row');
      await repo.deleteEntry(tx, id);
      await appendAudit(
        tx,
        auditActor(admin),
        'waitlist_approved',
        { email: user.email, name: user.name },
        { role },
      );
      return {
        id: user.id,
        name: user.name,
        email: user.email,
        role: user.role,
        created_at: user.created_at.toISOString(),
        updated_at: user.updated_at.toISOString(),
      };
    });
  }

  /** Refuses an access request; the entry goes and the audit records who refused it. */
  async function remove(admin: Me, id: number): Promise<{ id: number }> {
    return db.transaction(async (tx) => {
      const entry = await repo.findEntry(tx, id);
      if (!entry) throw new AppError('NOT_FOUND', `Waitlist entry ${id} not found.`);
      await repo.deleteEntry(tx, id);
      await appendAudit(tx, auditActor(admin), 'waitlist_deleted', {
        email: entry.email,
        name: entry.name,
      });
      return { id };
    });
  }

  return { list, approve, remove };
}

export type WaitlistService = ReturnType<typeof createWaitlistService>;
