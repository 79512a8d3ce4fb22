/**
 * Group commit of keyed requests (decision 0066).
 *
 * A keyed request runs in one transaction with its remembered answer (ARCHITECTURE §4). At kick-off a
 * thousand fans check in within a second, and a transaction each means a BEGIN, a COMMIT (and its WAL flush) and a
 * connection each. `run(work)` puts the works started in one turn of the event loop (at most 256) into one
 * transaction instead: they run side by side on its connection, so statements they make through a per-transaction
 * batch (`perTransactionBatch`) become one statement for the whole group, and the group commits once.
 *
 * All or nothing, for the group as a whole: the transaction commits only when every work succeeded. When one fails,
 * everything rolls back; that work's `run` rejects with its own error and every other one with a 503
 * ServiceUnavailable (`Retry-After`), which its client retries as it would a lost connection: nothing of it was
 * applied. A work must not open a transaction of its own (its savepoints would interleave with the others').
 */
import { AsyncResource } from 'node:async_hooks';
import { ApiError } from '../../lib/errors';
import type { Db, Tx } from '../client';
import { unitOfWork } from './unit-of-work';

/** Most works sharing one transaction. */
const MAX_GROUP = 256;
/**
 * Most groups running at once, each on a connection of its own: while they run, the next group takes in members.
 * A few keep the database busy (one group's statements run while another's answers travel) and leave the pool to
 * the other requests; `npm run bench:stadium` measured 2, 4 and no limit within its noise, 4 the best.
 */
const MAX_RUNNING = 4;
/** `Retry-After` (seconds) of a request rolled back with its group. */
const GROUP_RETRY_AFTER_SECONDS = 1;

type Member = { work: (tx: Tx) => Promise<unknown>; resolve: (value: unknown) => void; reject: (error: unknown) => void };

/** Thrown inside a group's transaction to roll it back when a work failed. */
class WorkFailed extends Error {}

/** 503 for a request whose own work succeeded but whose group rolled back. */
const rolledBackWithGroup = () =>
  new ApiError(503, 'ServiceUnavailable', 'The service is briefly unavailable. Please try again.', undefined, {
    'Retry-After': String(GROUP_RETRY_AFTER_SECONDS),
  });

/** Runs `members` in one transaction of `db`, then settles each one's `run`. */
async function commitGroup(db: Db, members: Member[]): Promise<void> {
  let outcomes: Array<PromiseSettledResult<unknown>> = [];
  try {
    await unitOfWork(db, async (tx) => {
      outcomes = await Promise.allSettled(members.map((member) => member.work(tx)));
      if (outcomes.some((outcome) => outcome.status === 'rejected')) throw new WorkFailed();
    });
  } catch (error) {
    members.forEach((member, i) => {
      const own = outcomes[i];
      if (own?.status === 'rejected') member.reject(own.reason);
      else member.reject(error instanceof WorkFailed ? rolledBackWithGroup() : error);
    });
    return;
  }
  members.forEach((member, i) => member.resolve((outcomes[i] as PromiseFulfilledResult<unknown>).value));
}

/**
 * Builds the request groups of `db`. A group starts at the end of the turn it formed in, unless `MAX_RUNNING` groups
 * are already running: then it goes on taking members until one of them commits. So a quiet server commits each
 * request at once, and a busy one commits larger groups rather than more of them (classic group commit).
 * @returns `run(work)`: runs `work(tx)` in the transaction of its group and resolves with its result once that
 *   transaction committed; rejects with the work's own error when it failed, a 503 ApiError when another work of
 *   the group failed, or the database's error when the transaction could not open or commit
 */
export function createRequestGroups(db: Db): { run: <T>(work: (tx: Tx) => Promise<T>) => Promise<T> } {
  /** Full groups waiting for a turn to run, oldest first. */
  const full: Member[][] = [];
  let forming: Member[] = [];
  let running = 0;
  let scheduled = false;

  /** Starts waiting groups while fewer than MAX_RUNNING run. */
  const startGroups = () => {
    scheduled = false;
    while (running < MAX_RUNNING) {
      const group = full.shift() ?? (forming.length ? forming : null);
      if (!group) return;
      if (group === forming) forming = [];
      running++;
      void commitGroup(db, group).finally(() => {
        running--;
        startGroups();
      });
    }
  };

  return {
    run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        // Each work runs in the async context of its own request (its telemetry span); it enters the group's unit of
        // work itself (`runInUnitOf`).
        forming.push({ work: AsyncResource.bind(work), resolve: resolve as (value: unknown) => void, reject });
        if (forming.length >= MAX_GROUP) {
          full.push(forming);
          forming = [];
        }
        if (!scheduled) {
          scheduled = true;
          setImmediate(startGroups);
        }
      });
    },
  };
}
