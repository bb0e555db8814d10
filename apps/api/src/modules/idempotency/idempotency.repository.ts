import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client.js';
import { idempotency_keys as keys } from '../../db/schema.js';
import {
  ABANDONED_AFTER_MS,
  type Claim,
  type ClaimResult,
  type IdempotencyStore,
  KEY_LIFETIME_MS,
  type StoredResponse,
} from '../../plugins/app/idempotency.js';

/*
 * The idempotency keys' rows (ADR 043). Every call is one short statement of its own, never a
 * transaction held open around a handler: claiming and finishing do not keep a connection while
 * the handler waits on the database, the storage or a listing's page.
 */

type Row = {
  route: string;
  request_hash: string;
  status: number | null;
  headers: Record<string, string> | null;
  body: string | null;
  claimed_at: Date | string;
};

export function createIdempotencyStore(db: Database): IdempotencyStore {
  /**
   * Claims `key` for `subject`'s request, or says why not. One conditional upsert claims a key
   * nobody holds, one expired, or one whose claim was abandoned; two requests racing for it are
   * ordered by the primary key, so exactly one wins.
   */
  async function claim(
    request: { subject: string; key: string; route: string; hash: string },
    now = new Date(),
  ): Promise<ClaimResult> {
    const { subject, key, route, hash } = request;
    // A row released or collected between the upsert and the read is claimed on the next try.
    for (let attempt = 0; attempt < 3; attempt++) {
      const token = randomUUID();
      const at = now.toISOString();
      const claimed = await queryRows<{ claim: string }>(
        db,
        sql`
        insert into ${keys} (subject, key, route, request_hash, claim, claimed_at, expires_at)
        values (${subject}, ${key}, ${route}, ${hash}, ${token}, ${at}::timestamptz,
                ${new Date(now.getTime() + KEY_LIFETIME_MS).toISOString()}::timestamptz)
        on conflict (subject, key) do update set
          route = excluded.route, request_hash = excluded.request_hash, claim = excluded.claim,
          claimed_at = excluded.claimed_at, expires_at = excluded.expires_at,
          status = null, headers = null, body = null
        where ${keys.expires_at} <= ${at}::timestamptz
           or (${keys.status} is null
               and ${keys.claimed_at} <= ${new Date(now.getTime() - ABANDONED_AFTER_MS).toISOString()}::timestamptz)
        returning claim`,
      );
      if (claimed.length) return { kind: 'claimed', claim: { subject, key, claim: token } };
      const [row] = await queryRows<Row>(
        db,
        sql`select route, request_hash, status, headers, body, claimed_at
            from ${keys} where subject = ${subject} and key = ${key}`,
      );
      if (!row) continue;
      if (row.route !== route || row.request_hash !== hash) return { kind: 'reused' };
      if (row.status === null) return { kind: 'in_progress', claimedAt: new Date(row.claimed_at) };
      return {
        kind: 'replay',
        response: { status: row.status, headers: row.headers ?? {}, body: row.body ?? '' },
      };
    }
    throw new Error(`idempotency key ${key} kept vanishing while being claimed`);
  }

  /** Stores the answer of a claimed request: from now on the key replays it. */
  async function finish({ subject, key, claim }: Claim, response: StoredResponse) {
    await db.execute(sql`
      update ${keys}
      set status = ${response.status}, headers = ${JSON.stringify(response.headers)}::jsonb,
          body = ${response.body}
      where subject = ${subject} and key = ${key} and claim = ${claim}`);
  }

  /** Lets a key go (its request failed on our side): the next request with it runs afresh. */
  async function release({ subject, key, claim }: Claim) {
    await db.execute(
      sql`delete from ${keys} where subject = ${subject} and key = ${key} and claim = ${claim}`,
    );
  }

  /**
   * Deletes the keys expired at `now`, in batches, and answers how many. Safe in every process at
   * once: each batch's rows are locked and the other processes skip them (`SKIP LOCKED`).
   */
  async function collectExpired(now = new Date(), batch = 500) {
    let total = 0;
    for (;;) {
      const removed = await queryRows<{ key: string }>(
        db,
        sql`
        delete from ${keys}
        where (subject, key) in (
          select subject, key from ${keys}
          where expires_at <= ${now.toISOString()}::timestamptz
          order by expires_at
          limit ${batch}
          for update skip locked)
        returning key`,
      );
      total += removed.length;
      if (removed.length < batch) return total;
    }
  }

  return { claim, finish, release, collectExpired };
}
