/**
 * One transaction around a whole request, without changing a handler (decision 0041).
 *
 * The Idempotency-Key middleware must store a request's response in the same transaction as the change the
 * request makes (ARCHITECTURE §4), yet handlers open their own `deps.db.transaction(...)` and read through
 * prepared statements. `runInRequestTransaction(tx, fn)` makes `tx` the ambient transaction of everything `fn`
 * awaits (Node's AsyncLocalStorage); `ambientDb(db)` is the `db` handed to route modules: outside a request
 * transaction it is `db` itself, inside it every call goes to the ambient transaction (a handler's own
 * `transaction()` becomes a savepoint), and `ambientPrepared(queries)` does the same for prepared statements.
 * On PGlite this also avoids a deadlock: its one connection is held by the open transaction.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Tx } from './client';

const ambient = new AsyncLocalStorage<Tx>();
/** Work waiting for a request transaction to commit (`afterCommit`), by transaction. */
const pending = new WeakMap<Tx, Array<() => void>>();

/**
 * Runs `work` once what the current request wrote is committed, outside any request transaction: at once (next
 * tick) without an ambient transaction, else after the Idempotency-Key middleware commits it (never when it rolls
 * back). For background work such as push deliveries, which must neither see uncommitted rows nor hold the
 * request's transaction.
 */
export function afterCommit(work: () => void): void {
  const tx = ambient.getStore();
  if (!tx) {
    ambient.exit(() => setImmediate(work));
    return;
  }
  pending.set(tx, [...(pending.get(tx) ?? []), work]);
}

/** Called by the Idempotency-Key middleware once `tx` committed: starts the work `afterCommit` kept for it. */
export function committed(tx: Tx): void {
  const works = pending.get(tx) ?? [];
  pending.delete(tx);
  ambient.exit(() => {
    for (const work of works) setImmediate(work);
  });
}

/** The ambient request transaction of the caller, or undefined outside one. */
export function currentRequestTransaction(): Tx | undefined {
  return ambient.getStore();
}

/** Calls of `runInRequestTransaction` not yet settled. */
let running = 0;

/**
 * Runs `fn` with `tx` as the ambient transaction of `ambientDb` and `ambientPrepared`; returns what `fn` returns.
 *
 * On Node 20 an enabled AsyncLocalStorage installs promise hooks that tax every promise of the process, requests
 * without a transaction (the reads) included: about a tenth of a read's cost. So the store is enabled only while a
 * request transaction runs and disabled once none does. No context is lost: with no run under way
 * there is no ambient transaction to find, and `run` enables it again.
 */
export async function runInRequestTransaction<T>(tx: Tx, fn: () => Promise<T>): Promise<T> {
  running++;
  try {
    return await ambient.run(tx, fn);
  } finally {
    if (--running === 0) ambient.disable();
  }
}

/**
 * `db`, routed to the ambient request transaction when there is one.
 * @returns a Proxy with the type of `db`
 */
export function ambientDb(db: Db): Db {
  return new Proxy(db, {
    get(target, property) {
      const source = (ambient.getStore() ?? target) as unknown as Record<PropertyKey, unknown>;
      const value = source[property];
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(source) : value;
    },
  });
}

type Executable = { execute: (...args: never[]) => Promise<unknown> };

/**
 * Prepared statements routed to the ambient request transaction when there is one: the statement runs on the
 * transaction's own connection (drizzle keeps it in `session.client`), so it sees the transaction's writes.
 * @param queries an object of prepared statements (drizzle `.prepare(name)` results)
 * @returns an object of the same shape
 */
export function ambientPrepared<T extends Record<string, Executable>>(queries: T): T {
  const wrapped: Record<string, Executable> = {};
  for (const [name, query] of Object.entries(queries)) {
    const execute = (...args: never[]) => {
      const tx = ambient.getStore();
      if (!tx) return query.execute(...args);
      const client = (tx as unknown as { session: { client: unknown } }).session.client;
      return (Object.create(query, { client: { value: client } }) as Executable).execute(...args);
    };
    wrapped[name] = Object.assign(Object.create(query) as Executable, { execute });
  }
  return wrapped as T;
}
