/**
 * The points ledger (ARCHITECTURE §4): every change of a member's points is one append-only row in
 * `point_transactions`, written in the caller's transaction together with the balance change.
 *
 * - `awardPoints` is idempotent by `reference` (unique per user): a second award with the same reference
 *   changes nothing and answers `{awarded: false}`. Use references that name what earned the points, e.g.
 *   `checkin:2026-11-22`, `challenge:<id>`, `trivia:<challengeId>:<questionId>`, `video:<id>`.
 * - `spendPoints` never lets the balance go below 0 (the member's row is locked and the entry written only when
 *   the balance covers it), so concurrent spends cannot overspend; it throws `InsufficientPointsError` (422 InsufficientPoints) and the caller's transaction
 *   rolls back. References are unique per user too: give each spend its own (e.g. `sweepstake_entry:<entryId>`).
 * - Awards raise both `points` (balance) and `lifetimePoints` (rank); spends lower only `points`.
 * - `refundPoints` gives back what a spend took (a cancelled reward redemption): it raises only `points`, as the
 *   spend lowered only `points`.
 * - `expireEachStatement` writes the expiry rows of many members at once (reason `expired`): lowers only the balance,
 *   never below 0, once per member and reference (`expiry:<day>`).
 * - `adjustPoints` is an operator's correction (decision 0053): either sign, never below a zero balance; a positive
 *   one counts toward lifetime points like the award it makes good, a negative one lowers only the balance.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { TransactionReason } from '../../src/contracts/user';
import type { DbOrTx } from '../db/client';
import { pointTransactions, users } from '../db/schema';
import { ApiError } from '../lib/errors';

/** The ledger row an award or a spend wrote (`balanceAfter` is the member's balance right after it). */
type LedgerEntry = {
  id: string;
  amount: number;
  reason: TransactionReason;
  reference: string;
  label: string | null;
  balanceAfter: number;
};

type LedgerEntryInput = {
  userId: string;
  /** Positive number of points (signed for `adjustPoints`). */
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

/** The answer row of the ledger statements: the member's row was found, and the entry when one was written. */
type LedgerStatementRow = {
  found: boolean;
  passed: boolean;
  balance: number | null;
  used: boolean;
  id: string | null;
  amount: number | null;
  reason: TransactionReason | null;
  reference: string | null;
  label: string | null;
  balance_after: number | null;
};

/** The values of one ledger statement. */
type EntryValues = {
  userId: unknown;
  signed: unknown;
  reason: unknown;
  reference: unknown;
  label: unknown;
  /** ISO time of the row, or null for the database's now(). */
  at: unknown;
};

/**
 * The statement that writes one ledger row and moves the balance (one round trip): the member's row is locked
 * first (`for update`, so concurrent changes of one member queue and `balance_after` is exact), the entry is
 * inserted unless its reference was used (`on conflict do nothing`), and the balance moves only when it was.
 * `signed` is the signed amount; `lifetime` says whether lifetime points move too; a spend (`floor`) writes
 * nothing unless the balance covers it; with a `gate`, nothing unless the gate wrote its row.
 * @returns a statement answering one `LedgerStatementRow`
 */
function entryStatement(values: EntryValues, options: { lifetime: boolean; floor: boolean; gate?: SQLWrapper }): SQL {
  const { userId, signed } = values;
  const conditions: SQL[] = [];
  if (options.gate) conditions.push(sql`exists (select 1 from gate)`);
  if (options.floor) conditions.push(sql`points + ${signed} >= 0`);
  return sql`
    with ${options.gate ? sql`gate as ${options.gate},` : sql``} account as (
      select ${users.id} as id, ${users.organizationId} as organization_id, ${users.points} as points
      from ${users} where ${users.id} = ${userId} for update
    ), entry as (
      insert into ${pointTransactions} (organization_id, user_id, amount, reason, reference, label, balance_after, created_at)
      select organization_id, id, ${signed}, ${values.reason}, ${values.reference}, ${values.label}, points + ${signed},
        coalesce(${values.at}::timestamptz, now())
      from account ${conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``}
      on conflict (user_id, reference) do nothing
      returning id, amount, reason, reference, label, balance_after
    ), moved as (
      update ${users} set points = ${users.points} + ${signed}
        ${options.lifetime ? sql`, lifetime_points = ${users.lifetimePoints} + ${signed}` : sql``}
      from entry where ${users.id} = ${userId}
      returning 1
    )
    select exists (select 1 from account) as found,
      ${options.gate ? sql`exists (select 1 from gate)` : sql`true`} as passed,
      (select points from account) as balance,
      ${
        // Only a spend needs to tell a used reference from a short balance; an award is not read for it.
        options.floor
          ? sql`exists (select 1 from ${pointTransactions} where ${pointTransactions.userId} = ${userId}
              and ${pointTransactions.reference} = ${values.reference})`
          : sql`false`
      } as used,
      entry.*
    from (select 1) as one left join entry on true`;
}

/**
 * Reads the answer of an entry statement.
 * @throws Error when the member's row was not found
 */
function readEntryRow(row: LedgerStatementRow | undefined, userId: string) {
  if (!row?.found) throw new Error(`ledger: unknown user ${userId}`);
  const entry: LedgerEntry | undefined =
    row.id === null
      ? undefined
      : {
          id: row.id,
          amount: Number(row.amount),
          reason: row.reason!,
          reference: row.reference!,
          label: row.label,
          balanceAfter: Number(row.balance_after),
        };
  return { entry, balance: Number(row.balance), used: row.used, passed: row.passed };
}

/** The statement values of `input` with the signed amount `signed`. */
function entryValues(input: LedgerEntryInput, signed: number): EntryValues {
  return {
    userId: input.userId,
    signed,
    reason: input.reason,
    reference: input.reference,
    label: input.label ?? null,
    at: input.at ? input.at.toISOString() : null,
  };
}

/** Writes one ledger row and moves the balance in one statement (see `entryStatement`). */
async function writeEntry(
  tx: DbOrTx,
  input: LedgerEntryInput,
  signed: number,
  options: { lifetime: boolean; floor: boolean; gate?: SQLWrapper },
) {
  // Both drivers (node-postgres, PGlite) answer raw statements as `{rows}`.
  const [row] = ((await tx.execute(entryStatement(entryValues(input, signed), options))) as unknown as { rows: LedgerStatementRow[] }).rows;
  return readEntryRow(row, input.userId);
}

/**
 * Awards `amount` points once per (user, reference): one statement (see `writeEntry`).
 * @param tx the database or an open transaction (the balance update and the ledger row commit together either way)
 * @returns `{awarded: true, transaction}` the first time, `{awarded: false}` when the reference was already used
 * @throws RangeError when amount is not a positive integer; Error for an unknown user
 */
export async function awardPoints(tx: DbOrTx, input: LedgerEntryInput): Promise<{ awarded: boolean; transaction?: LedgerEntry }> {
  assertPositive(input.amount);
  const { entry } = await writeEntry(tx, input, input.amount, { lifetime: true, floor: false });
  return entry ? { awarded: true, transaction: entry } : { awarded: false };
}

/**
 * Runs `gate` and awards `input` only when the gate wrote a row, in one statement: for an award that belongs to
 * a row of its own (a check-in day, a response), written together without a transaction round trip.
 * @param gate a data-modifying statement that returns a row when it wrote one, e.g. an insert with
 *   `on conflict do nothing returning` (a drizzle query builder, which renders in the parentheses a CTE needs)
 * @returns `passed`: the gate wrote its row; `awarded`/`transaction` as `awardPoints`
 * @throws RangeError when amount is not a positive integer; Error for an unknown user
 */
export async function awardPointsAfter(
  tx: DbOrTx,
  gate: SQLWrapper,
  input: LedgerEntryInput,
): Promise<{ passed: boolean; awarded: boolean; transaction?: LedgerEntry }> {
  assertPositive(input.amount);
  const { entry, passed } = await writeEntry(tx, input, input.amount, { lifetime: true, floor: false, gate });
  return entry ? { passed, awarded: true, transaction: entry } : { passed, awarded: false };
}

/**
 * The set-based `awardPointsAfter`, for the writes of many members in one statement (a group of check-ins):
 * the statement's own common table expressions `gate` (one or more, joined with commas, the last one
 * named `gate`) answer one row per award to make, with the columns `user_id, amount, reason, reference, label`.
 * Each member's row is locked in id order (so two such statements cannot deadlock on each other), each award with a
 * positive amount is written unless its reference was used, and the balances and lifetime points move by the
 * awards written, exactly as `awardPointsAfter` does for one.
 * @param gate the expressions; `gate` must hold at most one row per member (a balance is read once per statement)
 * @returns a statement answering `user_id` for each row of `gate` (whether or not points were awarded)
 */
export function awardEachAfterStatement(gate: SQL): SQL {
  return sql`
    with ${gate},
    account as (
      select ${users.id} as id, ${users.organizationId} as organization_id, ${users.points} as points
      from ${users} where ${users.id} in (select user_id from gate where amount > 0)
      order by ${users.id} for update
    ), entry as (
      insert into ${pointTransactions} (organization_id, user_id, amount, reason, reference, label, balance_after, created_at)
      select account.organization_id, account.id, gate.amount, gate.reason, gate.reference, gate.label,
        account.points + gate.amount, now()
      from gate join account on account.id = gate.user_id where gate.amount > 0
      on conflict (user_id, reference) do nothing
      returning user_id, amount
    ), moved as (
      update ${users} set points = ${users.points} + entry.amount, lifetime_points = ${users.lifetimePoints} + entry.amount
      from entry where ${users.id} = entry.user_id
      returning 1
    )
    select gate.user_id from gate`;
}

/**
 * Runs `write` over `items` in rounds holding at most one item per member (`userId`), as `awardEachAfterStatement`
 * requires: a member's balance is read once per statement, so a member's second write of a batch goes in the next
 * round. `write` answers one result per item of its round, in order.
 * @returns each item's result, in the order of `items`
 */
export async function inMemberRounds<T extends { userId: string }, R>(
  items: readonly T[],
  write: (round: T[]) => Promise<R[]>,
): Promise<R[]> {
  const results: R[] = [];
  let pending = items.map((item, index) => ({ item, index }));
  while (pending.length) {
    const members = new Set<string>();
    const round: typeof pending = [];
    const later: typeof pending = [];
    for (const entry of pending) {
      if (members.has(entry.item.userId)) later.push(entry);
      else {
        members.add(entry.item.userId);
        round.push(entry);
      }
    }
    const written = await write(round.map((entry) => entry.item));
    round.forEach((entry, i) => (results[entry.index] = written[i]));
    pending = later;
  }
  return results;
}

/**
 * The set-based expiry: the statement's own common table expressions (the last one named
 * `due`) answer at most one row per member with the columns `user_id, amount` (positive: points to expire); each
 * member's row is locked in id order, and a row of reason `expired` and reference `reference` is written for every
 * positive amount, capped at the balance, unless that reference was used. Only the balance moves; lifetime points
 * (the rank) never do. `at` is the rows' time (the job's clock).
 * @returns a statement answering `user_id, amount` (negative) for each expiry row written
 */
export function expireEachStatement(due: SQL, reference: string, label: string | null, at: Date): SQL {
  return sql`
    with ${due},
    account as (
      select ${users.id} as id, ${users.organizationId} as organization_id, ${users.points} as points
      from ${users} where ${users.id} in (select user_id from due where amount > 0)
      order by ${users.id} for update
    ), entry as (
      insert into ${pointTransactions} (organization_id, user_id, amount, reason, reference, label, balance_after, created_at)
      select account.organization_id, account.id, -least(due.amount, account.points), 'expired', ${reference}, ${label},
        account.points - least(due.amount, account.points), ${at.toISOString()}::timestamptz
      from due join account on account.id = due.user_id where least(due.amount, account.points) > 0
      on conflict (user_id, reference) do nothing
      returning user_id, amount
    ), moved as (
      update ${users} set points = ${users.points} + entry.amount
      from entry where ${users.id} = entry.user_id
      returning 1
    )
    select user_id, amount from entry`;
}

/**
 * Spends `amount` points once per (user, reference), never below a zero balance: one statement.
 * @param tx an open transaction; on InsufficientPointsError the caller must let it roll back
 * @returns `{spent: true, transaction}`, or `{spent: false}` when the reference was already used
 * @throws InsufficientPointsError (422) when the balance is below `amount`
 */
export async function spendPoints(tx: DbOrTx, input: LedgerEntryInput): Promise<{ spent: boolean; transaction?: LedgerEntry }> {
  assertPositive(input.amount);
  const { entry, balance, used } = await writeEntry(tx, input, -input.amount, { lifetime: false, floor: true });
  if (entry) return { spent: true, transaction: entry };
  if (used) return { spent: false };
  throw new InsufficientPointsError(input.amount, balance);
}

/**
 * Gives back `amount` points a spend took, once per (user, reference): raises the balance only (lifetime points never
 * went down). One statement.
 * @returns `{refunded: true, transaction}`, or `{refunded: false}` when the reference was already used
 * @throws RangeError when amount is not a positive integer; Error for an unknown user
 */
export async function refundPoints(tx: DbOrTx, input: LedgerEntryInput): Promise<{ refunded: boolean; transaction?: LedgerEntry }> {
  assertPositive(input.amount);
  const { entry } = await writeEntry(tx, input, input.amount, { lifetime: false, floor: false });
  return entry ? { refunded: true, transaction: entry } : { refunded: false };
}

/** 422 NegativeBalance: an operator's negative adjustment is larger than the member's balance. */
class NegativeBalanceError extends ApiError {
  constructor(
    readonly amount: number,
    readonly balance: number,
  ) {
    super(422, 'NegativeBalance', `This adjustment would leave a negative balance (balance ${balance})`, { amount, balance });
    this.name = 'NegativeBalanceError';
  }
}

/**
 * An operator's adjustment of `amount` points (signed, non-zero) once per (user, reference): one statement.
 * A positive adjustment raises the balance and lifetime points; a negative one lowers only the balance, and never
 * below 0.
 * @returns the ledger row, or undefined when the reference was already used
 * @throws NegativeBalanceError (422) when a negative amount exceeds the balance; RangeError when amount is 0 or
 *   not an integer
 */
export async function adjustPoints(tx: DbOrTx, input: LedgerEntryInput): Promise<LedgerEntry | undefined> {
  assertPositive(Math.abs(input.amount));
  const { entry, balance, used } = await writeEntry(tx, input, input.amount, { lifetime: input.amount > 0, floor: true });
  if (entry || used) return entry;
  throw new NegativeBalanceError(input.amount, balance);
}
