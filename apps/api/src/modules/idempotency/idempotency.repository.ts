import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client.js';
import { requestTransactions } from '../../db/request-transaction.js';
import { idempotency_keys as keys } from '../../db/schema.js';
import type {
  Claim,
  ClaimResult,
  IdempotencyStore,
  StoredResponse,
  WriteEnding,
} from '../../plugins/app/idempotency.js';
import { KEY_LIFETIME_MS } from '../../plugins/app/idempotency.js';

/*
 * The idempotency keys' rows (ADR 043). Claiming is one short statement of its own, never a
 * transaction held open around a handler: it keeps no connection while the handler waits on the
 * storage or a listing's page. The answer is stored in the transaction of the handler's writes,
 * which commits with it (ADR 062): a process that dies after the commit has stored its answer too.
 */

/** PostgreSQL's in_failed_sql_transaction: a statement of the transaction failed before. */
const FAILED_TRANSACTION = '25P02';

type Row = {
  route: string;
  request_hash: string;
  status: number | null;
  headers: Record<string, string> | null;
  body: string | null;
  claimed_at: Date | string;
};

export function createIdempotencyStore(
  db: Database,
  { claimTimeoutMs }: { claimTimeoutMs: number },
): IdempotencyStore {
  const transactions = requestTransactions(db);

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
               and ${keys.claimed_at} <= ${new Date(now.getTime() - claimTimeoutMs).toISOString()}::timestamptz)
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

  /**
   * Stores the answer of a claimed request: from now on the key replays it. False when the claim
   * is no longer this request's (taken as abandoned, and claimed again by a retry).
   */
  async function storeAnswer(
    on: Database,
    { subject, key, claim }: Claim,
    response: StoredResponse,
  ): Promise<boolean> {
    const stored = await queryRows<{ key: string }>(
      on,
      sql`
      update ${keys}
      set status = ${response.status}, headers = ${JSON.stringify(response.headers)}::jsonb,
          body = ${response.body}
      where subject = ${subject} and key = ${key} and claim = ${claim}
      returning key`,
    );
    return stored.length > 0;
  }

  async function finish(claim: Claim, response: StoredResponse) {
    await storeAnswer(db, claim, response);
  }

  /** Thrown in the handler's transaction to undo it: the claim went to a retry meanwhile. */
  class ClaimLost extends Error {}

  /**
   * The handler of a claimed request runs in `run`: its writes wait for `end`, which stores the
   * answer with them and commits both, or undoes them.
   */
  function write(claim: Claim) {
    const writes = transactions.begin();
    return {
      run: writes.run,
      async end(ending: WriteEnding) {
        if (ending === 'undo') {
          await writes.end({ kind: 'rollback' });
          return 'unwritten' as const;
        }
        if (ending === 'keep') {
          const kept = await writes.end({ kind: 'commit', last: async () => {} });
          return kept === 'committed' ? ('committed' as const) : ('unwritten' as const);
        }
        try {
          const ended = await writes.end({
            kind: 'commit',
            last: async (tx) => {
              if (!(await storeAnswer(tx, claim, ending))) throw new ClaimLost();
            },
          });
          return ended === 'committed' ? ('committed' as const) : ('unwritten' as const);
        } catch (err) {
          if (err instanceof ClaimLost) return 'claim lost' as const;
          // The handler met a failed statement and still answered below 500: its transaction
          // could only roll back, so nothing of it was written.
          if ((err as { code?: unknown }).code === FAILED_TRANSACTION) return 'unwritten' as const;
          throw err;
        }
      },
    };
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

  return { claimTimeoutMs, claim, write, finish, release, collectExpired };
}
