/**
 * The points ledger (ARCHITECTURE §4): every change of a member's points is one append-only row in
 * `point_transactions`, written in the caller's transaction together with the balance change.
 *
 * - `awardPoints` is idempotent by `reference` (unique per user): a second award with the same reference
 *   changes nothing and answers `{awarded: false}`. Use references that name what earned the points, e.g.
 *   `checkin:2026-11-22`, `challenge:<id>`, `trivia:<challengeId>:<questionId>`, `video:<id>`.
 * - `spendPoints` never lets the balance go below 0 (conditional UPDATE), so concurrent spends cannot
 *   overspend; it throws `InsufficientPointsError` (422 InsufficientPoints) and the caller's transaction
 *   rolls back. References are unique per user too: give each spend its own (e.g. `sweepstake_entry:<entryId>`).
 * - Awards raise both `points` (balance) and `lifetimePoints` (rank); spends lower only `points`.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import type { TransactionReason } from '../../src/contracts/user';
import type { DbOrTx } from '../db/client';
import { pointTransactions, users } from '../db/schema';
import { ApiError } from '../lib/errors';

type PointTransactionRow = typeof pointTransactions.$inferSelect;

type LedgerEntryInput = {
  userId: string;
  /** Positive number of points. */
  amount: number;
  reason: TransactionReason;
  /** Idempotency reference, unique per user. */
  reference: string;
  /** Human-readable label shown in the member's history (e.g. the challenge title). */
  label?: string | null;
  /** Row time; defaults to the database's now(). */
  at?: Date;
};

/** 422 InsufficientPoints: the balance does not cover a spend (spec §8). */
export class InsufficientPointsError extends ApiError {
  constructor(
    readonly needed: number,
    readonly balance: number,
  ) {
    super(422, 'InsufficientPoints', 'Not enough points', { needed, balance });
    this.name = 'InsufficientPointsError';
  }
}

function assertPositive(amount: number) {
  if (!Number.isInteger(amount) || amount <= 0) throw new RangeError(`amount must be a positive integer, got ${amount}`);
}

async function insertEntry(tx: DbOrTx, input: LedgerEntryInput, signedAmount: number) {
  const [user] = await tx
    .select({ organizationId: users.organizationId })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!user) throw new Error(`ledger: unknown user ${input.userId}`);
  const [row] = await tx
    .insert(pointTransactions)
    .values({
      organizationId: user.organizationId,
      userId: input.userId,
      amount: signedAmount,
      reason: input.reason,
      reference: input.reference,
      label: input.label ?? null,
      balanceAfter: 0,
      ...(input.at ? { createdAt: input.at } : {}),
    })
    .onConflictDoNothing({ target: [pointTransactions.userId, pointTransactions.reference] })
    .returning();
  return row;
}

/** Writes the member's balance after the change into the ledger row `rowId` (inserted with 0); returns the row. */
async function setBalanceAfter(tx: DbOrTx, rowId: string, balance: number): Promise<PointTransactionRow | undefined> {
  const [transaction] = await tx.update(pointTransactions).set({ balanceAfter: balance }).where(eq(pointTransactions.id, rowId)).returning();
  return transaction;
}

/**
 * Awards `amount` points once per (user, reference).
 * @param tx an open transaction (the balance update and the ledger row commit together)
 * @returns `{awarded: true, transaction}` the first time, `{awarded: false}` when the reference was already used
 * @throws RangeError when amount is not a positive integer
 */
export async function awardPoints(
  tx: DbOrTx,
  input: LedgerEntryInput,
): Promise<{ awarded: boolean; transaction?: PointTransactionRow }> {
  assertPositive(input.amount);
  const row = await insertEntry(tx, input, input.amount);
  if (!row) return { awarded: false };
  const [balance] = await tx
    .update(users)
    .set({
      points: sql`${users.points} + ${input.amount}`,
      lifetimePoints: sql`${users.lifetimePoints} + ${input.amount}`,
    })
    .where(eq(users.id, input.userId))
    .returning({ points: users.points });
  const transaction = await setBalanceAfter(tx, row.id, balance.points);
  return { awarded: true, transaction };
}

/**
 * Spends `amount` points once per (user, reference), never below a zero balance.
 * @param tx an open transaction; on InsufficientPointsError the caller must let it roll back
 * @returns `{spent: true, transaction}`, or `{spent: false}` when the reference was already used
 * @throws InsufficientPointsError (422) when the balance is below `amount`
 */
export async function spendPoints(
  tx: DbOrTx,
  input: LedgerEntryInput,
): Promise<{ spent: boolean; transaction?: PointTransactionRow }> {
  assertPositive(input.amount);
  const row = await insertEntry(tx, input, -input.amount);
  if (!row) return { spent: false };
  const [balance] = await tx
    .update(users)
    .set({ points: sql`${users.points} - ${input.amount}` })
    .where(and(eq(users.id, input.userId), gte(users.points, input.amount)))
    .returning({ points: users.points });
  if (!balance) {
    const [current] = await tx.select({ points: users.points }).from(users).where(eq(users.id, input.userId));
    throw new InsufficientPointsError(input.amount, current?.points ?? 0);
  }
  const transaction = await setBalanceAfter(tx, row.id, balance.points);
  return { spent: true, transaction };
}
