import { type SQL, sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgDialect, PgTransactionConfig } from 'drizzle-orm/pg-core';
import type pg from 'pg';

type Session = NodePgSession<Record<string, unknown>, never>;
/** What Drizzle 0.45's NodePgSession keeps (private in its types) and this needs. */
type SessionInternals = {
  dialect: PgDialect;
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
  transaction: Session['transaction'];
};

/** Drizzle's own rendering of isolation level and access mode (internal in its types). */
type ConfigSql = { getTransactionConfigSQL: (config: PgTransactionConfig) => SQL };

/**
 * Drizzle 0.45's pool transactions leak on a broken connection: `begin` runs outside the `try`,
 * so a connection lost right then never goes back to the pool (it loses a slot for good, and
 * closing the pool waits forever); and a failed `rollback` replaces the request's error. This is
 * the same transaction with `begin` inside, the original error kept, and a client whose rollback
 * failed discarded rather than handed out again mid-transaction.
 */
export function safePoolTransactions(db: unknown, pool: pg.Pool) {
  const session = (db as { session: SessionInternals }).session;
  session.transaction = async (transaction, config?: PgTransactionConfig) => {
    const client = await pool.connect();
    const own = new NodePgSession(client, session.dialect, session.schema, session.options);
    const tx = new NodePgTransaction(session.dialect, own, session.schema);
    let discard: Error | undefined;
    try {
      const options = config ? (tx as unknown as ConfigSql).getTransactionConfigSQL(config) : null;
      await tx.execute(options ? sql`begin ${options}` : sql`begin`);
      const result = await transaction(tx as never);
      await tx.execute(sql`commit`);
      return result;
    } catch (error) {
      // On a lost connection PostgreSQL has already rolled back.
      await tx.execute(sql`rollback`).catch((rollbackError: Error) => {
        discard = rollbackError;
      });
      throw error;
    } finally {
      client.release(discard);
    }
  };
}
