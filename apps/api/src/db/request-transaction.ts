import { AsyncLocalStorage } from 'node:async_hooks';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import type { Database } from './client.js';

/*
 * One transaction for a request's writes and whatever is stored with its answer (ADR 062): a
 * request run in a scope (`begin(...).run`) has, from its first write on, every statement on one
 * connection in one transaction, which commits only when the request ends (`end`). Services do
 * not change: their `db.transaction` becomes a savepoint of it, their single statements run in it.
 * Until the first write nothing is held, so the reads and storage checks a service does before its
 * transaction (ADR 006) hold no connection.
 *
 * This patches the Drizzle session the services share (`session.client` and `session.transaction`,
 * as db/pool-transactions.ts does): every statement is routed by the scope it runs in. Work a
 * request starts without awaiting it must not inherit the scope (lib/nudged-worker.ts runs its
 * passes in its own context), or its statements would join the request's transaction.
 */

/** What the drivers' clients and a held connection share: node-postgres' and PGlite's `query`. */
type Queryable = { query: (...args: unknown[]) => Promise<unknown> };

type Session = {
  client: Queryable;
  transaction: <T>(fn: (tx: Database) => Promise<T>, config?: PgTransactionConfig) => Promise<T>;
};

/** The held transaction: Drizzle's handle on it, and its connection for single statements. */
type Held = { tx: Database; connection: Queryable };

/** How a scope's transaction ends: its last statements then commit, or a rollback. */
type Ending = { kind: 'commit'; last: (tx: Database) => Promise<void> } | { kind: 'rollback' };

/** Thrown inside the held transaction to roll it back. */
const ROLLBACK = Symbol('rollback');

type Scope = {
  /** Once the request ended: its late statements (not awaited by it) run on their own. */
  closed: boolean;
  /** The held transaction, from the first write on. */
  held: Promise<Held> | null;
  /** Settles when the held transaction has committed or rolled back. */
  settled: Promise<void> | null;
  end: ((ending: Ending) => void) | null;
  /** The savepoints, one at a time on the one connection. */
  queue: Promise<unknown>;
  /** What waits for the commit (`whenCommitted`). */
  after: (() => void)[];
};

const scopes = new AsyncLocalStorage<Scope>();

/** A plain read (a `select`) runs on its own until the request writes; anything else is a write. */
const READ = /^\s*select\b/i;
const textOf = (query: unknown) =>
  typeof query === 'string' ? query : String((query as { text?: unknown } | null)?.text ?? '');

/** A request's writes, one transaction ended by the request (see above). */
type RequestTransaction = {
  /** Runs `fn` (and everything it starts) in this scope. */
  run: <T>(fn: () => T) => T;
  /**
   * Ends the scope: `last` runs in the held transaction and it commits ('committed'), or it rolls
   * back ('rolled back'); 'nothing held' when the request wrote nothing through the scope. A
   * failure of `last` or of the commit rolls back and is thrown.
   */
  end: (ending: Ending) => Promise<'committed' | 'rolled back' | 'nothing held'>;
};

type RequestTransactions = { begin: () => RequestTransaction };

const installed = new WeakMap<object, RequestTransactions>();

/** Routes `db`'s statements by their request's scope (once per database; later calls share it). */
export function requestTransactions(db: Database): RequestTransactions {
  const known = installed.get(db);
  if (known) return known;
  const session = (db as unknown as { session: Session }).session;
  const client = session.client;
  const transaction = session.transaction.bind(session);

  /** The scope's held transaction, begun by its first write. */
  const hold = (scope: Scope, config?: PgTransactionConfig) => {
    scope.held ??= new Promise<Held>((resolve, reject) => {
      let began = false;
      const ending = new Promise<Ending>((settle) => {
        scope.end = settle;
      });
      scope.settled = transaction(async (tx) => {
        began = true;
        const connection = (tx as unknown as { session: { client: Queryable } }).session.client;
        resolve({ tx, connection });
        const how = await ending;
        if (how.kind === 'rollback') throw ROLLBACK;
        await how.last(tx);
      }, config).catch((err: unknown) => {
        if (!began) reject(err);
        throw err;
      });
      // Read by `end`; a transaction that could not begin failed its first write already.
      scope.settled.catch(() => {});
    });
    return scope.held;
  };

  const routed = new Proxy(client, {
    get(target, property) {
      if (property === 'query') {
        return (...args: unknown[]) => {
          const scope = scopes.getStore();
          if (!scope || scope.closed) return target.query(...args);
          if (!scope.held && READ.test(textOf(args[0]))) return target.query(...args);
          return hold(scope).then(({ connection }) => connection.query(...args));
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      // Bound to the client itself: PGlite's methods read private fields a proxy does not have.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  session.client = routed;

  session.transaction = (fn, config) => {
    const scope = scopes.getStore();
    // A read-only transaction before any write (a consistent snapshot) writes nothing to hold.
    if (!scope || scope.closed || (!scope.held && config?.accessMode === 'read only'))
      return transaction(fn, config);
    const savepoint = hold(scope, config).then(({ tx }) => {
      const next = scope.queue.then(() => tx.transaction(fn));
      scope.queue = next.catch(() => {});
      return next;
    });
    return savepoint;
  };

  const transactions: RequestTransactions = {
    begin() {
      const scope: Scope = {
        closed: false,
        held: null,
        settled: null,
        end: null,
        queue: Promise.resolve(),
        after: [],
      };
      return {
        run: (fn) => scopes.run(scope, fn),
        async end(ending) {
          scope.closed = true;
          if (!scope.held) return 'nothing held';
          try {
            await scope.held;
          } catch {
            // It never began: the write that asked for it failed with the error already.
            return 'nothing held';
          }
          scope.end?.(ending);
          // What waits for the commit runs only after one: a file removed for a row that a
          // rollback keeps would be a photo lost.
          const after = scope.after.splice(0);
          try {
            await scope.settled;
          } catch (err) {
            if (err === ROLLBACK) return 'rolled back';
            throw err;
          }
          for (const fn of after) fn();
          return 'committed';
        },
      };
    },
  };
  installed.set(db, transactions);
  return transactions;
}

/**
 * Runs `fn`'s statements on their own, outside the request's transaction, unless the request
 * already wrote: then in it (on PGlite a statement on its own would wait for that transaction,
 * which waits for the request). For rows that must be committed before what follows them outside
 * the database: an upload's row before its file (ADR 006).
 */
export function apart<T>(fn: () => Promise<T>): Promise<T> {
  const scope = scopes.getStore();
  if (!scope || scope.closed || scope.held) return fn();
  return scopes.exit(fn);
}

/**
 * Calls `fn` once the request's writes are committed (at once outside a scope, or before the
 * request wrote): a worker woken earlier would not see them yet.
 */
export function whenCommitted(fn: () => void) {
  const scope = scopes.getStore();
  if (!scope || scope.closed || !scope.held) fn();
  else scope.after.push(fn);
}

/**
 * Another service's call that follows a write (removing a replaced photo's files): at once, and
 * awaited, outside a held transaction; inside one, after its commit and not awaited, so no
 * connection is held while storage answers, and a rollback leaves the files with their rows.
 * Failures are the caller's to ignore either way: `fn` is best effort.
 */
export function afterCommit(fn: () => Promise<unknown>): Promise<void> {
  const scope = scopes.getStore();
  if (!scope || scope.closed || !scope.held) return fn().then(() => undefined);
  scope.after.push(() => void fn().catch(() => undefined));
  return Promise.resolve();
}
