/**
 * How the per-request lookups of a burst are gathered (decisions 0063 and 0065): `dataloader` options that put
 * every call made in one turn of the event loop into one batch (scheduled with `setImmediate`, so every request read
 * from the sockets in that turn joins), at most 256 per statement, and nothing cached between batches (each
 * request reads or writes the database itself, as it would alone).
 */
import type { Options } from 'dataloader';

/** Most calls answered by one statement (a larger burst is split into several). */
const MAX_BATCH = 256;

/** The `dataloader` options of a batch per event-loop turn. */
export const perTurnBatch = {
  cache: false,
  maxBatchSize: MAX_BATCH,
  batchScheduleFn: (callback: () => void) => setImmediate(callback),
} satisfies Options<unknown, unknown>;
