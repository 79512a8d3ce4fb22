import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointTransactions, users } from '../../server/db/schema';
import { awardPoints, InsufficientPointsError, spendPoints } from '../../server/kernel/ledger';
import { rankFor } from '../../src/rules/rank';
import { DEFAULT_RANKS } from '../../server/seed/factories';
import { createTestContext, type TestContext } from './helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t.close());

async function newUserId() {
  const token = await t.signIn();
  return (await t.request('GET', '/api/user/me', { token })).body.data.userId as string;
}
const balance = async (userId: string) =>
  (await t.db.select({ points: users.points, lifetime: users.lifetimePoints }).from(users).where(eq(users.id, userId)))[0];

describe('the points ledger', () => {
  it('an award is idempotent by reference: the second one changes nothing', async () => {
    const userId = await newUserId();
    const first = await t.db.transaction((tx) =>
      awardPoints(tx, { userId, amount: 40, reason: 'adjustment', reference: 'test:1', label: 'Welcome' }),
    );
    const second = await t.db.transaction((tx) => awardPoints(tx, { userId, amount: 40, reason: 'adjustment', reference: 'test:1' }));
    expect(first.awarded).toBe(true);
    expect(first.transaction).toMatchObject({ amount: 40, balanceAfter: 40, label: 'Welcome' });
    expect(second).toEqual({ awarded: false });
    expect(await balance(userId)).toEqual({ points: 40, lifetime: 40 });
    expect(await t.db.select().from(pointTransactions).where(eq(pointTransactions.userId, userId))).toHaveLength(1);
  });

  it('a spend lowers the balance but not lifetime points (ranks never drop)', async () => {
    const userId = await newUserId();
    await t.db.transaction((tx) => awardPoints(tx, { userId, amount: 150, reason: 'adjustment', reference: 'test:grant' }));
    const spent = await t.db.transaction((tx) =>
      spendPoints(tx, { userId, amount: 100, reason: 'sweepstake_entry', reference: 'test:entry-1' }),
    );
    expect(spent.transaction).toMatchObject({ amount: -100, balanceAfter: 50 });
    expect(await balance(userId)).toEqual({ points: 50, lifetime: 150 });
  });

  it('a spend above the balance throws InsufficientPoints (422) and changes nothing', async () => {
    const userId = await newUserId();
    await t.db.transaction((tx) => awardPoints(tx, { userId, amount: 30, reason: 'adjustment', reference: 'test:grant' }));
    const attempt = t.db.transaction((tx) =>
      spendPoints(tx, { userId, amount: 31, reason: 'sweepstake_entry', reference: 'test:too-much' }),
    );
    await expect(attempt).rejects.toBeInstanceOf(InsufficientPointsError);
    await expect(attempt).rejects.toMatchObject({ status: 422, code: 'InsufficientPoints' });
    expect(await balance(userId)).toEqual({ points: 30, lifetime: 30 });
    const rows = await t.db.select().from(pointTransactions).where(eq(pointTransactions.userId, userId));
    expect(rows.map((r) => r.reference)).toEqual(['test:grant']);
  });

  it('concurrent spends can never overspend', async () => {
    const userId = await newUserId();
    await t.db.transaction((tx) => awardPoints(tx, { userId, amount: 100, reason: 'adjustment', reference: 'test:grant' }));
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        t.db.transaction((tx) => spendPoints(tx, { userId, amount: 30, reason: 'sweepstake_entry', reference: `test:entry-${i}` })),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(
      results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason instanceof InsufficientPointsError),
    ).toBe(true);
    expect((await balance(userId)).points).toBe(10);
  });

  it('concurrent awards with one reference award once', async () => {
    const userId = await newUserId();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.db.transaction((tx) => awardPoints(tx, { userId, amount: 5, reason: 'adjustment', reference: 'test:same' })),
      ),
    );
    expect(results.filter((r) => r.awarded)).toHaveLength(1);
    expect(await balance(userId)).toEqual({ points: 5, lifetime: 5 });
  });

  it('refuses non-positive amounts', async () => {
    const userId = await newUserId();
    await expect(
      t.db.transaction((tx) => awardPoints(tx, { userId, amount: 0, reason: 'adjustment', reference: 'test:zero' })),
    ).rejects.toThrow(RangeError);
  });
});

describe('ranks', () => {
  const ranks = DEFAULT_RANKS.map((r) => ({ name: r.code, threshold: r.threshold }));
  it('come from lifetime points against the thresholds', () => {
    expect(rankFor(0, ranks)).toBe('P10');
    expect(rankFor(99, ranks)).toBe('P10');
    expect(rankFor(100, ranks)).toBe('P9');
    expect(rankFor(999, ranks)).toBe('P7');
    expect(rankFor(1000, ranks)).toBe('P6');
    expect(rankFor(12000, ranks)).toBe('P1');
    expect(rankFor(1_000_000, ranks)).toBe('P1');
    expect(rankFor(50, [])).toBe('P10');
  });

  it('a member reaching 100 lifetime points is P9 in GET /user/me', async () => {
    const token = await t.signIn();
    const userId = (await t.request('GET', '/api/user/me', { token })).body.data.userId;
    await t.db.transaction((tx) => awardPoints(tx, { userId, amount: 100, reason: 'adjustment', reference: 'test:rank' }));
    await t.db.transaction((tx) => spendPoints(tx, { userId, amount: 100, reason: 'sweepstake_entry', reference: 'test:spend-all' }));
    const me = (await t.request('GET', '/api/user/me', { token })).body.data;
    expect(me).toMatchObject({ points: 0, lifetimePoints: 100, rank: 'P9' });
  });
});
