/**
 * Fixtures for the server tests (content, sweepstakes, activations, media, consent, carousel):
 * the core's in-process test context (`helpers.ts`) with the demo content present, members with a given
 * balance / birthday through the real ledger, and direct reads of rows to check that nothing changed.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { pointTransactions, users } from '../../server/db/schema';
import { videos } from '../../server/db/schema/content';
import { awardPoints } from '../../server/kernel/ledger';
import { createTestContext, type TestContext } from './helpers';

/**
 * The core's test context, checked to hold the demo content (the demo document seeds it).
 * @throws Error when the demo organization has no videos (the seed lost its content)
 */
export async function createContentContext(options?: Parameters<typeof createTestContext>[0]): Promise<TestContext> {
  const ctx = await createTestContext(options);
  const [any] = await ctx.db.select({ id: videos.id }).from(videos).where(eq(videos.organizationId, ctx.organization.id)).limit(1);
  if (!any) throw new Error('the demo seed holds no content');
  return ctx;
}

export type Member = { token: string; userId: string; email: string };

/**
 * Signs a new member in; optionally credits `points` through the ledger (reason `adjustment`) and sets a
 * birthday (written directly: the API refuses to change one once set).
 */
export async function createMember(ctx: TestContext, options: { points?: number; birthday?: string } = {}): Promise<Member> {
  const email = `fan-${randomUUID().slice(0, 8)}@example.com`;
  const token = await ctx.signIn(email);
  const me = await ctx.request('GET', '/api/user/me', { token });
  const userId = me.body.data.userId as string;
  if (options.points) {
    await ctx.db.transaction((tx) =>
      awardPoints(tx, { userId, amount: options.points!, reason: 'adjustment', reference: `test:${randomUUID()}` }),
    );
  }
  if (options.birthday) await ctx.db.update(users).set({ birthday: options.birthday }).where(eq(users.id, userId));
  return { token, userId, email };
}

/** The member's balance, lifetime points and number of ledger rows, read from the database. */
export async function walletOf(ctx: TestContext, userId: string) {
  const [u] = await ctx.db.select({ points: users.points, lifetimePoints: users.lifetimePoints }).from(users).where(eq(users.id, userId));
  const [n] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(pointTransactions)
    .where(eq(pointTransactions.userId, userId));
  return { points: u.points, lifetimePoints: u.lifetimePoints, transactions: Number(n.n) };
}

/** Ledger rows of the member with `reference`. */
export async function ledgerRows(ctx: TestContext, userId: string, reference: string) {
  return ctx.db
    .select()
    .from(pointTransactions)
    .where(and(eq(pointTransactions.userId, userId), eq(pointTransactions.reference, reference)));
}

/** A birthday making the member `years` old today (UTC date arithmetic, good enough away from midnight). */
export function birthdayForAge(now: Date, years: number): string {
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - 2);
  return d.toISOString().slice(0, 10);
}
