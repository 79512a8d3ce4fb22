/**
 * Units of work: one transaction on a connection of its own, made the ambient transaction of everything its work
 * awaits (Node's AsyncLocalStorage), so that a handler needs no change to run inside it (decision 0041).
 *
 * The Idempotency-Key middleware must store a request's response in the same transaction as the change the
 * request makes (ARCHITECTURE §4), yet handlers open their own `deps.db.transaction(...)` and read through
 * prepared statements. `ambientDb(db)` is the `db` handed to route modules: inside a unit every call goes to the
 * unit's transaction (a handler's own `transaction()` becomes a savepoint), outside one `transaction()` opens a unit
 * and the rest goes to `db` itself. The runtime's prepared statements (`statements.ts`) run on the ambient unit's
 * connection the same way. On PGlite this also avoids a deadlock: its one connection is held by the open transaction.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Tx } from '../client';
import { engineOf, type Connection } from './engines';

/** An open unit of work: its transaction and the connection that transaction holds. */
type Unit = { tx: Tx; connection: Connection };

const ambient = new AsyncLocalStorage<Unit>();
/** The unit each unit-of-work transaction belongs to. */
const units = new WeakMap<Tx, Unit>();
/**
 * Work kept for once a unit commits (`afterCommit`, `settleAfterCommit`), by transaction: the unit's `unitOfWork`
 * runs each after the commit and waits for them to settle.
 */
const kept = new WeakMap<Tx, Array<() => Promise<unknown>>>();

/** Keeps `work` for once the unit of `tx` commits. */
const keep = (tx: Tx, work: () => Promise<unknown>) => kept.set(tx, [...(kept.get(tx) ?? []), work]);

/**
 * Runs `work` in a new unit of work on `db`: a transaction on a connection of its own, ambient for everything
 * `work` awaits. Commits when `work` resolves; rolls back and rejects with its error when it rejects. Then starts
 * what `afterCommit` kept for it, and runs what `settleAfterCommit` kept, before it resolves (only on commit).
 * @returns what `work` returns
 */
export async function unitOfWork<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  let opened: Tx | undefined;
  const result = await engineOf(db).transaction((tx, connection) => {
    opened = tx;
    const unit = { tx, connection };
    units.set(tx, unit);
    return ambient.run(unit, () => work(tx));
  });
  const works = opened ? kept.get(opened) : undefined;
  if (opened && works) {
    kept.delete(opened);
    // Outside the unit, which has ended: each work's statements open units of their own.
    await ambient.exit(() => Promise.allSettled(works.map((settle) => settle())));
  }
  return result;
}

/**
 * Runs `fn` with the unit of `tx` as the ambient one, for work that runs in another async context than its unit's
 * (a request's work run by its commit group, a batch of several requests); returns what `fn` returns.
 * @throws Error when `tx` is not the transaction of a unit of work
 */
export function runInUnitOf<T>(tx: Tx, fn: () => Promise<T>): Promise<T> {
  const unit = units.get(tx);
  if (!unit) throw new Error('This transaction is not a unit of work');
  return ambient.run(unit, fn);
}

/** The ambient unit of the caller, or undefined outside one. */
export function currentUnit(): Unit | undefined {
  return ambient.getStore();
}

/** The transaction of the caller's ambient unit, or undefined outside one. */
export function currentTransaction(): Tx | undefined {
  return ambient.getStore()?.tx;
}

/**
 * Runs `work` once what the current unit wrote is committed, outside any unit: at once (next tick) without an
 * ambient unit, else after the unit commits (never when it rolls back). For background work such as push
 * deliveries, which must neither see uncommitted rows nor hold the unit's transaction.
 */
export function afterCommit(work: () => void): void {
  const tx = ambient.getStore()?.tx;
  if (!tx) {
    ambient.exit(() => setImmediate(work));
    return;
  }
  // Started, not waited for: the unit resolves at once.
  keep(tx, async () => void setImmediate(work));
}

/**
 * Runs `work` once the ambient unit committed, outside it, and makes that unit's `unitOfWork` wait for it; outside
 * a unit, runs it at once. For work that follows a change without being part of it: its failure must not undo the
 * change, and it may open a transaction of its own, which a work of a commit group cannot do inside the group (its
 * savepoint would interleave with the other works' statements on the group's one connection).
 * @param work handles its own errors: once the unit committed, a rejection is dropped
 * @returns settles once `work` ran (outside a unit) or was kept (inside one)
 */
export async function settleAfterCommit(work: () => Promise<unknown>): Promise<void> {
  const tx = ambient.getStore()?.tx;
  if (!tx) {
    await work();
    return;
  }
  keep(tx, work);
}

/**
 * `db`, routed to the ambient unit when there is one; outside one, its `transaction(work)` opens a unit of work, so
 * that the statements `work` runs through prepared statements share its transaction too.
 * @returns a Proxy with the type of `db`
 */
export function ambientDb(db: Db): Db {
  const transaction = (work: (tx: Tx) => Promise<unknown>) => {
    const unit = ambient.getStore();
    return unit ? unit.tx.transaction(work) : unitOfWork(db, work);
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === 'transaction') return transaction;
      const source = (ambient.getStore()?.tx ?? target) as unknown as Record<PropertyKey, unknown>;
      const value = source[property];
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(source) : value;
    },
  });
}
