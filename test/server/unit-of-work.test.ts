/**
 * The database runtime's units of work, on both engines: a unit's prepared statements (raw and built) run on its own
 * connection and see its writes, a rollback leaves nothing, work kept for after the commit runs only once it
 * committed (`settleAfterCommit`'s before the unit resolves), overlapping units keep their own transactions, and a
 * handler's own `transaction()` opens a unit.
 */
import { AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../server/db/client';
import {
  afterCommit,
  ambientDb,
  currentTransaction,
  prepareQueries,
  prepareStatement,
  runInUnitOf,
  settleAfterCommit,
  unitOfWork,
} from '../../server/db/runtime';
import { rateLimits } from '../../server/db/schema';
import { createTestContext } from './helpers';

let t: Awaited<ReturnType<typeof createTestContext>>;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** The rows of one bucket, counted by a raw prepared statement and by a built one. */
function counters() {
  const raw = prepareStatement<{ n: number }>(
    t.db,
    'podium_test_bucket_count',
    sql`select count(*)::int as n from ${rateLimits} where ${rateLimits.bucket} = ${sql.placeholder('bucket')}`,
  );
  const built = prepareQueries(t.db, (db, name) => ({
    rows: db
      .select({ bucket: rateLimits.bucket })
      .from(rateLimits)
      .where(eq(rateLimits.bucket, sql.placeholder('bucket')))
      .prepare(name('podium_test_bucket_rows')),
  }));
  return {
    raw: async (bucket: string) => (await raw.execute({ bucket })).rows[0].n,
    built: async (bucket: string) => (await built.rows.execute({ bucket })).length,
  };
}

/** Writes one row of `bucket` with `db` (a transaction). */
const write = (db: Tx, bucket: string) => db.insert(rateLimits).values({ bucket, windowStart: new Date(), count: 1 });

/** A promise and the function that settles it. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('units of work', () => {
  it("runs prepared statements on the unit's connection, where they see its writes, and a rollback leaves nothing", async () => {
    const count = counters();
    const bucket = `unit-${randomUUID()}`;
    const seen = await unitOfWork(t.db, async (tx) => {
      await write(tx, bucket);
      return [await count.raw(bucket), await count.built(bucket)];
    });
    expect(seen).toEqual([1, 1]);
    expect([await count.raw(bucket), await count.built(bucket)]).toEqual([1, 1]);

    const rolledBack = `unit-${randomUUID()}`;
    const failure = new Error('rolled back on purpose');
    await expect(
      unitOfWork(t.db, async (tx) => {
        await write(tx, rolledBack);
        expect(await count.raw(rolledBack)).toBe(1);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect([await count.raw(rolledBack), await count.built(rolledBack)]).toEqual([0, 0]);
  });

  it('starts the work kept for after the commit once the unit committed, and never after a rollback', async () => {
    const count = counters();
    const bucket = `after-${randomUUID()}`;
    const ran = deferred();
    let seenAfterCommit: number | undefined;
    await unitOfWork(t.db, async (tx) => {
      await write(tx, bucket);
      afterCommit(() => {
        void count.raw(bucket).then((n) => {
          seenAfterCommit = n;
          ran.resolve();
        });
      });
    });
    await ran.promise;
    expect(seenAfterCommit).toBe(1);

    let ranAfterRollback = false;
    await expect(
      unitOfWork(t.db, async () => {
        afterCommit(() => (ranAfterRollback = true));
        throw new Error('rolled back on purpose');
      }),
    ).rejects.toThrow('rolled back on purpose');
    // A unit that commits afterwards has its own work run: by then the rolled-back unit's would have run too.
    const later = deferred();
    await unitOfWork(t.db, async () => afterCommit(later.resolve));
    await later.promise;
    expect(ranAfterRollback).toBe(false);
  });

  it('settles the work kept with settleAfterCommit after the commit, outside the unit, before the unit resolves', async () => {
    const count = counters();
    const bucket = `settle-${randomUUID()}`;
    const seen: Array<{ outside: boolean; n: number }> = [];
    await unitOfWork(t.db, async (tx) => {
      await write(tx, bucket);
      await settleAfterCommit(async () => {
        // A transaction of its own, as a commit group's work could not open inside the group.
        const n = await ambientDb(t.db).transaction(async () => count.raw(bucket));
        seen.push({ outside: currentTransaction() === undefined, n });
      });
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual([{ outside: true, n: 1 }]);

    let settledAfterRollback = false;
    await expect(
      unitOfWork(t.db, async () => {
        await settleAfterCommit(async () => {
          settledAfterRollback = true;
        });
        throw new Error('rolled back on purpose');
      }),
    ).rejects.toThrow('rolled back on purpose');
    expect(settledAfterRollback).toBe(false);
  });

  it('keeps each overlapping unit on its own transaction, and none outside', async () => {
    const aMayEnd = deferred();
    const seen: Array<[string, boolean]> = [];
    const a = unitOfWork(t.db, async (tx) => {
      await aMayEnd.promise;
      seen.push(['a', currentTransaction() === tx]);
    });
    // PGlite has one connection: the second unit waits for the first, so the first may end at once there.
    aMayEnd.resolve();
    const b = unitOfWork(t.db, async (tx) => {
      seen.push(['b', currentTransaction() === tx]);
    });
    await Promise.all([a, b]);
    expect(seen.sort()).toEqual([
      ['a', true],
      ['b', true],
    ]);
    expect(currentTransaction()).toBeUndefined();
  });

  it("makes a handler's own transaction a unit of work, and a work started elsewhere joins a unit with runInUnitOf", async () => {
    const count = counters();
    const db = ambientDb(t.db);
    const bucket = `handler-${randomUUID()}`;
    const inside = await db.transaction(async (tx) => {
      await write(tx, bucket);
      // The ambient database is the unit's transaction too.
      const [row] = await db.select({ bucket: rateLimits.bucket }).from(rateLimits).where(eq(rateLimits.bucket, bucket));
      return { raw: await count.raw(bucket), ambient: row?.bucket };
    });
    expect(inside).toEqual({ raw: 1, ambient: bucket });

    const joined = `joined-${randomUUID()}`;
    // Bound to the test's async context, outside any unit, as a commit group runs each request's work.
    const fromElsewhere = AsyncResource.bind((tx: Tx) => ({
      outside: currentTransaction() === undefined,
      joined: runInUnitOf(tx, async () => ({ same: currentTransaction() === tx, n: await count.raw(joined) })),
    }));
    const result = await unitOfWork(t.db, async (tx) => {
      await write(tx, joined);
      const { outside, joined: inUnit } = fromElsewhere(tx);
      return { outside, ...(await inUnit) };
    });
    expect(result).toEqual({ outside: true, same: true, n: 1 });
    expect(() => runInUnitOf({} as Tx, async () => undefined)).toThrow('not a unit of work');
  });
});
