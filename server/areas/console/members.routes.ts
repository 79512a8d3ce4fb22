/**
 * `/api/admin/members`: the organization's members for operators. `GET /?q=&role=&page=&pageSize=` searches by
 * e-mail, username, first or last name (newest first); `GET /{id}` reads one; `GET /{id}/activity` their record
 * (ledger, responses, entries, wins, badges, consents, sessions); `POST /{id}/role {role}` grants or revokes the
 * operator role (audit actions `grant` / `revoke`, entity `members`). The role is read with the session on every
 * request, so a revoked operator is refused from their next request on. The organization's last operator cannot be
 * revoked (409 LastOperator, `keepAnOperator`): someone must still be able to run the program.
 *
 * Member care, each audit-logged in its own transaction through one sequence (`changeMember`: read
 * and lock the member, refuse an erased one where it matters, write, audit): `POST /{id}/adjustments {amount, reason}`
 * (action `adjust`; 422 NegativeBalance below zero), `POST /{id}/suspension {reason, until?}` (action `suspend`;
 * sessions revoked; not oneself) and `DELETE /{id}/suspension` (action `lift`), `GET /{id}/export` (action
 * `export`) and `DELETE /{id}` with `{confirmation}` (action `delete`, the entry keeping no personal data). An
 * erased member is 409 for adjustments and suspensions.
 */
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  AdjustmentInputSchema,
  AdjustmentResponseSchema,
  AdminMemberListResponseSchema,
  AdminMemberResponseSchema,
  AdminMemberSchema,
  MemberActivityResponseSchema,
  MemberListQuerySchema,
  MemberRoleChangeSchema,
  SuspensionInputSchema,
  type AdminMember,
} from '../../../src/contracts/admin/member';
import { PathIdSchema } from '../../../src/contracts/common';
import { MemberReferralsResponseSchema } from '../../../src/contracts/admin/member-referrals';
import { AccountDeletionSchema, DataExportSchema } from '../../../src/contracts/data-rights';
import { rankFor } from '../../../src/rules/rank';
import type { Db, DbOrTx } from '../../db/client';
import { pointTransactions, users } from '../../db/schema';
import { recordAudit, type Actor } from '../../kernel/audit';
import { adjustPoints } from '../../kernel/ledger';
import { keepAnOperator } from '../../kernel/operators';
import {
  deleteStoredBytes,
  eraseMember,
  exportDisposition,
  exportMemberData,
  memberActivity,
  revokeSessions,
} from '../profile/member-care.service';
import { memberReferrals } from '../referral/referral.service';
import { toTransaction } from '../profile/profile.service';
import { conflict, notFound, validationFailed } from '../../lib/errors';
import { parseWith, readJson, sendData } from '../../lib/http';
import { documented } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import type { AppEnv, RankRow, UserRow } from '../../lib/app-env';
import { requireOperator } from './operator';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

/** 409 for a change to an erased member: nothing is left to care for. */
function assertNotErased(member: UserRow) {
  if (member.deletedAt) throw conflict('This account was deleted');
}

async function readMember(db: DbOrTx, organizationId: string, id: string, lock = false): Promise<UserRow> {
  if (!UUID.test(id)) throw notFound('Member not found');
  const query = db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.organizationId, organizationId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Member not found');
  return row;
}

/** What the member-care write sequence checks before a change (see `changeMember`). */
interface MemberChangeOptions {
  /** Refuse (409) a change to an erased member; false for changes that are harmless on one (role, lift, export, erase). */
  refuseErased: boolean;
  /** Runs first in the transaction, before the member's row is locked (the last-operator check locks operators). */
  before?: (tx: DbOrTx) => Promise<void>;
}

/**
 * The one member-care write sequence: in one transaction, `before` (if any), read and lock the member of
 * `organizationId` with id `id`, refuse an erased one when asked, then `change` writes and audits with the locked row.
 * Returns what `change` returns. @throws ApiError 404 for an unknown member, 409 for an erased one (`refuseErased`),
 * and whatever `change` throws (the transaction is rolled back).
 */
function changeMember<T>(
  db: Db,
  organizationId: string,
  id: string,
  options: MemberChangeOptions,
  change: (tx: DbOrTx, target: UserRow) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await options.before?.(tx);
    const target = await readMember(tx, organizationId, id, true);
    if (options.refuseErased) assertNotErased(target);
    return change(tx, target);
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

/** The member routes, mounted at `/api/admin/members`. */
export function memberAdminRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get(
      '/',
      documented({
        summary: "The organization's members, newest first, by text and role",
        tags: ['admin'],
        auth: 'operator',
        query: MemberListQuerySchema,
        response: AdminMemberListResponseSchema,
      }),
      async (c) => {
        const { organization, ranks } = requireOperator(c.get('principal'));
        const query = parseWith(MemberListQuerySchema, c.req.query(), 'Invalid query');
        const conditions: SQL[] = [eq(users.organizationId, organization.id)];
        if (query.q) {
          const pattern = `%${query.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
          conditions.push(
            or(
              ilike(users.email, pattern),
              ilike(users.username, pattern),
              ilike(users.firstName, pattern),
              ilike(users.lastName, pattern),
            )!,
          );
        }
        if (query.role) conditions.push(eq(users.role, query.role));
        const where = and(...conditions);
        const rows = await deps.db
          .select()
          .from(users)
          .where(where)
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize);
        const [{ total }] = await deps.db.select({ total: count() }).from(users).where(where);
        return c.json({ data: rows.map((r) => toMember(r, ranks)), meta: { page: query.page, pageSize: query.pageSize, total } });
      },
    )
    .get(
      '/:id',
      documented({
        summary: 'One member',
        tags: ['admin'],
        auth: 'operator',
        params: { id: PathIdSchema },
        response: AdminMemberResponseSchema,
        errors: { 404: 'NotFound: no member of the organization has this id.' },
      }),
      async (c) => {
        const { organization, ranks } = requireOperator(c.get('principal'));
        return sendData(c, toMember(await readMember(deps.db, organization.id, c.req.param('id')), ranks));
      },
    )
    .post(
      '/:id/role',
      documented({
        summary: 'Grants or revokes the operator role',
        tags: ['admin'],
        auth: 'operator',
        params: { id: PathIdSchema },
        body: MemberRoleChangeSchema,
        response: AdminMemberResponseSchema,
        errors: {
          404: 'NotFound: no member of the organization has this id.',
          409: "LastOperator: the organization's last operator cannot be revoked.",
        },
      }),
      async (c) => {
        const { organization, ranks, user } = requireOperator(c.get('principal'));
        const { role } = await readJson(c, MemberRoleChangeSchema);
        const id = c.req.param('id');
        const before = role === 'member' ? (tx: DbOrTx) => keepAnOperator(tx, organization.id, id) : undefined;
        const member = await changeMember(deps.db, organization.id, id, { refuseErased: false, before }, async (tx, target) => {
          if (target.role === role) return target;
          const [row] = await tx.update(users).set({ role }).where(eq(users.id, target.id)).returning();
          await recordAudit(tx, user, {
            entity: 'members',
            entityId: target.id,
            action: role === 'operator' ? 'grant' : 'revoke',
            before: { role: target.role },
            after: { role },
          });
          return row;
        });
        return sendData(c, toMember(member, ranks));
      },
    )
    .get(
      '/:id/activity',
      documented({
        summary: "A member's record: ledger, challenge responses, sweepstake entries and wins, badges, consents, sessions",
        tags: ['admin'],
        auth: 'operator',
        params: { id: PathIdSchema },
        response: MemberActivityResponseSchema,
        errors: { 404: 'NotFound: no member of the organization has this id.' },
      }),
      async (c) => {
        const { organization } = requireOperator(c.get('principal'));
        const member = await readMember(deps.db, organization.id, c.req.param('id'));
        return sendData(c, await memberActivity(deps.db, member.id));
      },
    )
    .get(
      '/:id/referrals',
      documented({
        summary: 'Who referred a member and whom they referred, with when each referral was claimed and rewarded',
        tags: ['admin'],
        auth: 'operator',
        params: { id: PathIdSchema },
        response: MemberReferralsResponseSchema,
        errors: { 404: 'NotFound: no member of the organization has this id.' },
      }),
      async (c) => {
        const { organization } = requireOperator(c.get('principal'));
        const member = await readMember(deps.db, organization.id, c.req.param('id'));
        return sendData(c, await memberReferrals(deps.db, member.id));
      },
    )
    .post(
      '/:id/adjustments',
      documented({
        summary: "Adjusts a member's points with a reason (a ledger row the member sees in their history)",
        description: 'A positive adjustment counts toward lifetime points (rank); a negative one lowers only the balance, never below 0.',
        tags: ['admin'],
        auth: 'operator',
        params: { id: PathIdSchema },
        body: AdjustmentInputSchema,
        response: AdjustmentResponseSchema,
        status: 201,
        errors: {
          404: 'NotFound: no member of the organization has this id.',
          409: 'Conflict: the account was deleted.',
          422: 'NegativeBalance: the balance does not cover a negative adjustment; ValidationFailed: the body breaks the contract.',
        },
      }),
      async (c) => {
        const { organization, ranks, user } = requireOperator(c.get('principal'));
        const { amount, reason } = await readJson(c, AdjustmentInputSchema);
        const result = await changeMember(deps.db, organization.id, c.req.param('id'), { refuseErased: true }, async (tx, target) => {
          // Each adjustment is a row of its own: a fresh reference (replays are caught by Idempotency-Key).
          const entry = (await adjustPoints(tx, {
            userId: target.id,
            amount,
            reason: 'adjustment',
            reference: `adjustment:${randomUUID()}`,
            label: reason,
          }))!;
          const [transaction] = await tx.select().from(pointTransactions).where(eq(pointTransactions.id, entry.id));
          await recordAudit(tx, user, {
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
        const { transaction: row } = result;
        return sendData(c, { transaction: toTransaction(row), member: toMember(result.member, ranks) }, 201);
      },
    )
    .post(
      '/:id/suspension',
      documented({
        summary: 'Suspends a member: no earning, spending or sign-in until the end date or until lifted; sessions revoked',
        tags: ['admin'],
        auth: 'operator',
        params: { id: PathIdSchema },
        body: SuspensionInputSchema,
        response: AdminMemberResponseSchema,
        errors: {
          404: 'NotFound: no member of the organization has this id.',
          409: 'Conflict: operators cannot suspend themselves; the account was deleted.',
          422: 'ValidationFailed: the body breaks the contract, or `until` is not in the future.',
        },
      }),
      async (c) => {
        const { organization, ranks, user } = requireOperator(c.get('principal'));
        const { reason, until } = await readJson(c, SuspensionInputSchema);
        const now = deps.clock();
        const end = until ? new Date(until) : null;
        if (end && end <= now)
          throw validationFailed('The end of a suspension must be in the future', [{ path: 'until', message: 'Must be in the future' }]);
        if (c.req.param('id') === user.id) throw conflict('Operators cannot suspend themselves');
        const member = await changeMember(deps.db, organization.id, c.req.param('id'), { refuseErased: true }, async (tx, target) => {
          const row = await writeSuspension(tx, user, target, { suspendedAt: now, suspendedUntil: end, suspensionReason: reason }, now);
          await revokeSessions(tx, target.id);
          return row;
        });
        return sendData(c, toMember(member, ranks));
      },
    )
    .delete(
      '/:id/suspension',
      documented({
        summary: "Lifts a member's suspension",
        tags: ['admin'],
        auth: 'operator',
        params: { id: PathIdSchema },
        response: AdminMemberResponseSchema,
        errors: { 404: 'NotFound: no member of the organization has this id.' },
      }),
      async (c) => {
        const { organization, ranks, user } = requireOperator(c.get('principal'));
        const member = await changeMember(deps.db, organization.id, c.req.param('id'), { refuseErased: false }, async (tx, target) => {
          if (target.suspendedAt === null) return target;
          return writeSuspension(tx, user, target, { suspendedAt: null, suspendedUntil: null, suspensionReason: null }, deps.clock());
        });
        return sendData(c, toMember(member, ranks));
      },
    )
    .get(
      '/:id/export',
      documented({
        summary: "All of a member's data as a JSON download (GDPR art. 15 and 20), on the member's request",
        tags: ['admin'],
        auth: 'operator',
        params: { id: PathIdSchema },
        response: DataExportSchema,
        errors: { 404: 'NotFound: no member of the organization has this id.' },
      }),
      async (c) => {
        const { organization, user } = requireOperator(c.get('principal'));
        const data = await changeMember(deps.db, organization.id, c.req.param('id'), { refuseErased: false }, async (tx, target) => {
          await recordAudit(tx, user, { entity: 'members', entityId: target.id, action: 'export', before: null, after: null });
          return exportMemberData(tx, target, deps.clock());
        });
        c.header('Content-Disposition', exportDisposition(c.req.param('id')));
        return c.json(data);
      },
    )
    .delete(
      '/:id',
      documented({
        summary: "Erases a member's account (GDPR art. 17), on the member's request: personal data erased, ledger kept",
        tags: ['admin'],
        auth: 'operator',
        params: { id: PathIdSchema },
        body: AccountDeletionSchema,
        response: null,
        status: 204,
        errors: {
          404: 'NotFound: no member of the organization has this id.',
          409: "Conflict: operators cannot erase their own account here (they use their profile); LastOperator: the member is the organization's last operator.",
          422: 'ValidationFailed: the confirmation is missing or wrong.',
        },
      }),
      async (c) => {
        const { organization, user } = requireOperator(c.get('principal'));
        await readJson(c, AccountDeletionSchema);
        const now = deps.clock();
        const id = c.req.param('id');
        const before = (tx: DbOrTx) => keepAnOperator(tx, organization.id, id);
        const keys = await changeMember(deps.db, organization.id, id, { refuseErased: false, before }, async (tx, target) => {
          if (target.id === user.id) throw conflict('Operators erase their own account from their profile');
          if (target.deletedAt) return [];
          const erased = await eraseMember(tx, target, now);
          // Only the fact and its time: the entry must not keep what was erased.
          await recordAudit(tx, user, {
            entity: 'members',
            entityId: target.id,
            action: 'delete',
            before: null,
            after: { deletedAt: now },
          });
          return erased;
        });
        await deleteStoredBytes(deps.storage, keys);
        return c.body(null, 204);
      },
    );
}
