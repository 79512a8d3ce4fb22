/**
 * How the per-request lookups of a burst are gathered (decisions 0063 and 0065): `dataloader` options that put
 * every call made in one turn of the event loop into one batch (scheduled with `setImmediate`, so every request read
 * from the sockets in that turn joins), at most 256 per statement, and nothing cached between batches (each
 * request reads or writes the database itself, as it would alone).
 */
import DataLoader, { type Options } from 'dataloader';
import type { Tx } from '../client';
import { runInUnitOf } from './unit-of-work';

/** Most calls answered by one statement (a larger burst is split into several). */
const MAX_BATCH = 256;

/** The `dataloader` options of a batch per event-loop turn. */
export const perTurnBatch = {
  cache: false,
  maxBatchSize: MAX_BATCH,
  batchScheduleFn: (callback: () => void) => setImmediate(callback),
} satisfies Options<unknown, unknown>;

/**
 * A batch per event-loop turn and per request transaction: the calls made with one transaction `tx` share one batch,
 * run in the unit of work of `tx` (its prepared statements go to `tx`'s connection); the calls made with none share another,
 * straight on the database. Calls of two transactions never share a statement, since each must see its own writes.
 * @param batch answers the keys of one batch in order (an Error in place of a value fails that call alone)
 * @returns `load(tx, key)`
 */
export function perTransactionBatch<K, V>(
  batch: (keys: readonly K[], tx: Tx | undefined) => Promise<Array<V | Error>>,
): (tx: Tx | undefined, key: K) => Promise<V> {
  const loaders = new WeakMap<object, DataLoader<K, V>>();
  const outside = {};
  return (tx, key) => {
    const owner = tx ?? outside;
    let loader = loaders.get(owner);
    if (!loader) {
      loader = new DataLoader<K, V>((keys) => (tx ? runInUnitOf(tx, () => batch(keys, tx)) : batch(keys, undefined)), perTurnBatch);
      loaders.set(owner, loader);
    }
    return loader.load(key);
  };
}
