/**
 * The organization's members as operators see and care for them (decision 0053): search, one member, the operator
 * role, point adjustments, suspensions, and the data rights run on a member's request (export, erasure). Every change
 * goes through member care's one sequence, `changeMember`: in one transaction, read and lock the member, refuse an erased one where
 * it matters, write, and audit (entity `members`).
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { AdminMemberSchema, type AdminMember, type MemberActivity } from '../../../src/contracts/admin/member';
import type { MemberReferrals } from '../../../src/contracts/admin/member-referrals';
import type { DataExport } from '../../../src/contracts/data-rights';
import type { Transaction } from '../../../src/contracts/user';
import { rankFor } from '../../../src/rules/rank';
import type { DbOrTx } from '../../db/client';
import { pointTransactions, users } from '../../db/schema';
import { recordAudit, type Actor } from '../../kernel/audit';
import { adjustPoints } from '../../kernel/ledger';
import { keepAnOperator } from '../../kernel/operators';
import type { AppDeps } from '../../kernel/types';
import type { RankRow, UserRow } from '../../lib/app-env';
import { conflict, validationFailed } from '../../lib/errors';
import {
  changeMember,
  deleteStoredBytes,
  eraseMember,
  exportMemberData,
  memberActivity,
  readMember,
  revokeSessions,
} from '../profile/member-care.service';
import { memberReferrals } from '../referral/referral.service';
import { toTransaction } from '../profile/profile.service';
import { containsPattern } from '../../lib/like-pattern';
import { pageOf } from '../../lib/pagination';

/** A member row as the console shows it, with the rank its lifetime points reach on the organization's `ranks`. */
function toMember(row: UserRow, ranks: RankRow[]): AdminMember {
  return AdminMemberSchema.parse({
    id: row.id,
    email: row.email,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    points: row.points,
    lifetimePoints: row.lifetimePoints,
    rank: rankFor(
      row.lifetimePoints,
      ranks.map((r) => ({ name: r.code, threshold: r.threshold })),
    ),
    createdAt: row.createdAt.toISOString(),
    phoneNumber: row.phoneNumber,
    zipCode: row.zipCode,
    birthday: row.birthday,
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    suspendedUntil: row.suspendedUntil?.toISOString() ?? null,
    suspensionReason: row.suspensionReason,
    deletedAt: row.deletedAt?.toISOString() ?? null,
  });
}

/** A member's suspension fields: all set while suspended (`suspendedUntil` null = until lifted), all null when not. */
type Suspension = Pick<UserRow, 'suspendedAt' | 'suspendedUntil' | 'suspensionReason'>;

/**
 * Writes `next` as `target`'s suspension at `now` and audits it in the same transaction (`suspend` when it sets one,
 * `lift` when it clears it, with the fields before and after). Returns the updated member row.
 */
async function writeSuspension(tx: DbOrTx, actor: Actor, target: UserRow, next: Suspension, now: Date): Promise<UserRow> {
  const [row] = await tx
    .update(users)
    .set({ ...next, updatedAt: now })
    .where(eq(users.id, target.id))
    .returning();
  await recordAudit(tx, actor, {
    entity: 'members',
    entityId: target.id,
    action: next.suspendedAt ? 'suspend' : 'lift',
    before: { suspendedAt: target.suspendedAt, suspendedUntil: target.suspendedUntil, suspensionReason: target.suspensionReason },
    after: next,
  });
  return row;
}

/** A search of the members list: text over e-mail, username, first and last name; a role; a page. */
type MemberSearch = { q?: string; role?: AdminMember['role']; page: number; pageSize: number };

/**
 * One page of the members of `organizationId` matching `search`, newest first, with the total of matches.
 * @returns the page's members (ranked on `ranks`) and its `meta`
 */
export async function listMembers({ db }: Pick<AppDeps, 'db'>, organizationId: string, ranks: RankRow[], search: MemberSearch) {
  const conditions: SQL[] = [eq(users.organizationId, organizationId)];
  if (search.q) {
    const pattern = containsPattern(search.q);
    conditions.push(
      or(ilike(users.email, pattern), ilike(users.username, pattern), ilike(users.firstName, pattern), ilike(users.lastName, pattern))!,
    );
  }
  if (search.role) conditions.push(eq(users.role, search.role));
  const where = and(...conditions);
  const { rows, meta } = await pageOf(
    db.select().from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).$dynamic(),
    db.$count(users, where),
    search,
  );
  return { data: rows.map((r) => toMember(r, ranks)), meta };
}

/** The member `id` of `organizationId` as the console shows it. @throws ApiError 404 NotFound */
export async function readAdminMember(
  { db }: Pick<AppDeps, 'db'>,
  organizationId: string,
  ranks: RankRow[],
  id: string,
): Promise<AdminMember> {
  return toMember(await readMember(db, organizationId, id), ranks);
}

/**
 * The record of member `id` of `organizationId` (ledger, responses, entries, wins, badges, consents, sessions).
 * @throws ApiError 404 NotFound
 */
export async function readMemberActivity({ db }: Pick<AppDeps, 'db'>, organizationId: string, id: string): Promise<MemberActivity> {
  return memberActivity(db, (await readMember(db, organizationId, id)).id);
}

/**
 * Who referred member `id` of `organizationId` and whom they referred (`memberReferrals`).
 * @throws ApiError 404 NotFound
 */
export async function readMemberReferrals({ db }: Pick<AppDeps, 'db'>, organizationId: string, id: string): Promise<MemberReferrals> {
  return memberReferrals(db, (await readMember(db, organizationId, id)).id);
}

/**
 * Grants (`operator`) or revokes (`member`) the operator role of member `id`, audited `grant` / `revoke`; nothing is
 * written when the member already has `role`. The organization's last operator keeps the role: someone must still be
 * able to run the program.
 * @returns the member as the console shows them
 * @throws ApiError 404 NotFound, 409 LastOperator (`keepAnOperator`)
 */
export async function changeRole(
  { db }: Pick<AppDeps, 'db'>,
  organizationId: string,
  actor: Actor,
  ranks: RankRow[],
  id: string,
  role: AdminMember['role'],
): Promise<AdminMember> {
  const before = role === 'member' ? (tx: DbOrTx) => keepAnOperator(tx, organizationId, id) : undefined;
  const member = await changeMember(db, organizationId, id, { refuseErased: false, before }, async (tx, target) => {
    if (target.role === role) return target;
    const [row] = await tx.update(users).set({ role }).where(eq(users.id, target.id)).returning();
    await recordAudit(tx, actor, {
      entity: 'members',
      entityId: target.id,
      action: role === 'operator' ? 'grant' : 'revoke',
      before: { role: target.role },
      after: { role },
    });
    return row;
  });
  return toMember(member, ranks);
}

/**
 * Adjusts member `id`'s points by `amount` with the operator's `reason` (a ledger row the member sees), audited
 * `adjust` with the balance before and after.
 * @returns the ledger row and the member as the console shows them
 * @throws ApiError 404 NotFound, 409 Conflict for an erased member, 422 NegativeBalance below zero (`adjustPoints`)
 */
export async function adjustMemberPoints(
  { db }: Pick<AppDeps, 'db'>,
  organizationId: string,
  actor: Actor,
  ranks: RankRow[],
  id: string,
  { amount, reason }: { amount: number; reason: string },
): Promise<{ transaction: Transaction; member: AdminMember }> {
  const result = await changeMember(db, organizationId, id, { refuseErased: true }, async (tx, target) => {
    // Each adjustment is a row of its own: a fresh reference (replays are caught by Idempotency-Key).
    const entry = (await adjustPoints(tx, {
      userId: target.id,
      amount,
      reason: 'adjustment',
      reference: `adjustment:${randomUUID()}`,
      label: reason,
    }))!;
    const [transaction] = await tx.select().from(pointTransactions).where(eq(pointTransactions.id, entry.id));
    await recordAudit(tx, actor, {
      entity: 'members',
      entityId: target.id,
      action: 'adjust',
      // From the ledger row, written under the member's row lock: exact even with concurrent changes.
      before: { points: transaction.balanceAfter - amount },
      after: { points: transaction.balanceAfter, amount, reason, transactionId: transaction.id },
    });
    const [member] = await tx.select().from(users).where(eq(users.id, target.id));
    return { transaction, member };
  });
  return { transaction: toTransaction(result.transaction), member: toMember(result.member, ranks) };
}

/**
 * Suspends member `id` from the clock's now until `until` (ISO time; none = until lifted) for `reason`, audited
 * `suspend`, their sessions revoked in the same transaction.
 * @returns the member as the console shows them
 * @throws ApiError 422 ValidationFailed when `until` is not in the future, 409 Conflict for oneself or an erased
 * member, 404 NotFound
 */
export async function suspendMember(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  organizationId: string,
  actor: Actor & { id: string },
  ranks: RankRow[],
  id: string,
  { reason, until }: { reason: string; until?: string | null },
): Promise<AdminMember> {
  const now = deps.clock();
  const end = until ? new Date(until) : null;
  if (end && end <= now)
    throw validationFailed('The end of a suspension must be in the future', [{ path: 'until', message: 'Must be in the future' }]);
  if (id === actor.id) throw conflict('Operators cannot suspend themselves');
  const member = await changeMember(deps.db, organizationId, id, { refuseErased: true }, async (tx, target) => {
    const row = await writeSuspension(tx, actor, target, { suspendedAt: now, suspendedUntil: end, suspensionReason: reason }, now);
    await revokeSessions(tx, target.id);
    return row;
  });
  return toMember(member, ranks);
}

/**
 * Lifts member `id`'s suspension, audited `lift`; nothing is written when they are not suspended.
 * @returns the member as the console shows them
 * @throws ApiError 404 NotFound
 */
export async function liftSuspension(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  organizationId: string,
  actor: Actor,
  ranks: RankRow[],
  id: string,
): Promise<AdminMember> {
  const member = await changeMember(deps.db, organizationId, id, { refuseErased: false }, async (tx, target) => {
    if (target.suspendedAt === null) return target;
    return writeSuspension(tx, actor, target, { suspendedAt: null, suspendedUntil: null, suspensionReason: null }, deps.clock());
  });
  return toMember(member, ranks);
}

/**
 * All of member `id`'s data (GDPR art. 15 and 20), exported on their request and audited `export`.
 * @throws ApiError 404 NotFound
 */
export function exportMember(deps: Pick<AppDeps, 'db' | 'clock'>, organizationId: string, actor: Actor, id: string): Promise<DataExport> {
  return changeMember(deps.db, organizationId, id, { refuseErased: false }, async (tx, target) => {
    await recordAudit(tx, actor, { entity: 'members', entityId: target.id, action: 'export', before: null, after: null });
    return exportMemberData(tx, target, deps.clock());
  });
}

/**
 * Erases member `id` (GDPR art. 17) on their request, audited `delete` with only the time (the entry must not keep
 * what was erased); an already erased member is left as is. Their avatar bytes are deleted once the erasure committed.
 * @throws ApiError 404 NotFound, 409 Conflict for the operator's own account (they use their profile), 409
 * LastOperator for the organization's last operator
 */
export async function eraseMemberOnRequest(
  deps: Pick<AppDeps, 'db' | 'clock' | 'storage'>,
  organizationId: string,
  actor: Actor & { id: string },
  id: string,
): Promise<void> {
  const now = deps.clock();
  const before = (tx: DbOrTx) => keepAnOperator(tx, organizationId, id);
  const keys = await changeMember(deps.db, organizationId, id, { refuseErased: false, before }, async (tx, target) => {
    if (target.id === actor.id) throw conflict('Operators erase their own account from their profile');
    if (target.deletedAt) return [];
    const erased = await eraseMember(tx, target, now);
    await recordAudit(tx, actor, {
      entity: 'members',
      entityId: target.id,
      action: 'delete',
      before: null,
      after: { deletedAt: now },
    });
    return erased;
  });
  await deleteStoredBytes(deps.storage, keys);
}
