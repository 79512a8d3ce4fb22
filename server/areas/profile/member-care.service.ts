/**
 * Member care (decision 0053): a member's data rights (GDPR art. 15 and 20: export; art. 17: erasure), run by the
 * member themself or by an operator on request, and the member's record as operators read it. (Adjustments are
 * `adjustPoints` in `./ledger`; the suspension check is `./suspension`.)
 *
 * - `MEMBER_TABLES` names every table that holds a member's rows (a `user_id` column), with the columns an export
 *   leaves out (secrets) and what an erasure does with them: `keep` (rows that points, draws or awards rest on; they
 *   name the member only by id), or `delete` (personal or pointless once the account is gone). A test compares it
 *   with the schema, so a new member-owned table cannot be forgotten.
 * - An erasure anonymises the member's row (e-mail replaced by `deleted-<id>@deleted.invalid`, which no one can
 *   sign in with, so the same e-mail signs up afresh), revokes their sessions and keeps the ledger, so balances,
 *   totals and draws stay exact; in the same transaction it takes what is personal out of the rows that outlive
 *   the account elsewhere (ledger labels, audit entries, push notifications, idempotency records).
 * - Every change to a member, by the member or by an operator, goes through one sequence, `changeMember`: in one
 *   transaction, read and lock the member, refuse an erased one where it matters, then write (and audit).
 */
import { and, asc, desc, eq, ilike, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { MemberActivity } from '../../../src/contracts/admin/member';
import type { DataExport } from '../../../src/contracts/data-rights';
import type { Db, DbOrTx } from '../../db/client';
import {
  activationUsers,
  activityDays,
  auditLog,
  articleReads,
  avatarUploads,
  rewardRedemptions,
  badges,
  carouselDismissals,
  challengeParticipants,
  challengeResponses,
  challenges,
  checkins,
  consents,
  idempotencyRecords,
  leaderboardNames,
  leaderboardScores,
  leagueMembers,
  media,
  pointTransactions,
  pushNotifications,
  pointsExpiryReminders,
  pushSubscriptions,
  referralCodes,
  sessions,
  storyChapterViews,
  storyViewers,
  sweepstakeEntries,
  sweepstakes,
  sweepstakeWinners,
  triviaAnswers,
  userBadges,
  userConsents,
  userIdentifications,
  users,
  venueCheckins,
  videoViews,
} from '../../db/schema';
import type { UserRow } from '../../lib/app-env';
import type { MediaStorage } from '../../lib/storage/media-object';
import { forgetSignInEmail } from '../../kernel/sign-in-records';
import { toTransaction } from './profile.service';
import { keepAnOperator } from '../../kernel/operators';
import type { AppDeps } from '../../kernel/types';
import { conflict, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';

/** A member-owned table: its rows of one member are exported, and kept or deleted at erasure. */
type MemberTable = {
  table: PgTable & { userId: PgColumn };
  /** Columns never exported (secrets such as token hashes), by their property name. */
  omit?: readonly string[];
  erasure: 'keep' | 'delete';
};

/** Every table with a `user_id` column, by SQL table name (see the module note). */
export const MEMBER_TABLES: Readonly<Record<string, MemberTable>> = {
  point_transactions: { table: pointTransactions, erasure: 'keep' },
  checkins: { table: checkins, erasure: 'keep' },
  challenge_responses: { table: challengeResponses, erasure: 'keep' },
  trivia_answers: { table: triviaAnswers, erasure: 'keep' },
  video_views: { table: videoViews, erasure: 'keep' },
  article_reads: { table: articleReads, erasure: 'keep' },
  story_chapter_views: { table: storyChapterViews, erasure: 'keep' },
  activation_users: { table: activationUsers, erasure: 'keep' },
  venue_checkins: { table: venueCheckins, erasure: 'keep' },
  sweepstake_entries: { table: sweepstakeEntries, erasure: 'keep' },
  sweepstake_winners: { table: sweepstakeWinners, erasure: 'keep' },
  reward_redemptions: { table: rewardRedemptions, erasure: 'keep' },
  user_badges: { table: userBadges, erasure: 'keep' },
  user_consents: { table: userConsents, erasure: 'delete' },
  carousel_dismissals: { table: carouselDismissals, erasure: 'delete' },
  avatar_uploads: { table: avatarUploads, erasure: 'delete' },
  user_identifications: { table: userIdentifications, erasure: 'delete' },
  sessions: { table: sessions, omit: ['tokenHash'], erasure: 'delete' },
  // The figures' rollup of closed days: derived from the kept rows above, by member id only.
  activity_days: { table: activityDays, erasure: 'keep' },
  challenge_participants: { table: challengeParticipants, erasure: 'keep' },
  story_viewers: { table: storyViewers, erasure: 'keep' },
  // Leaderboards and leagues: an erased member leaves every table and league.
  leaderboard_names: { table: leaderboardNames, erasure: 'delete' },
  leaderboard_scores: { table: leaderboardScores, erasure: 'delete' },
  league_members: { table: leagueMembers, erasure: 'delete' },
  // A device's push subscription: the endpoint is personal, its keys decrypt what is sent to it.
  push_subscriptions: { table: pushSubscriptions, omit: ['p256dh', 'auth'], erasure: 'delete' },
  // Reminders of points about to expire: what the member was told, and when.
  points_expiry_reminders: { table: pointsExpiryReminders, erasure: 'delete' },
  // The member's referral code: an erased member's link stops working. The referrals rewarded stay,
  // by member id, with the ledger rows they rest on.
  referral_codes: { table: referralCodes, erasure: 'delete' },
};

/** `row` without the `omit` columns. */
const omitted = (row: Record<string, unknown>, omit: readonly string[] = []) =>
  Object.fromEntries(Object.entries(row).filter(([key]) => !omit.includes(key)));

/**
 * All of a member's data (GDPR art. 15 and 20): their row and their rows of every `MEMBER_TABLES` table.
 * @param now the export's time stamp
 * @returns JSON-ready data (timestamps as ISO strings once serialised)
 */
export async function exportMemberData(db: DbOrTx, member: UserRow, now: Date): Promise<DataExport> {
  const tables: DataExport['tables'] = {};
  for (const [name, spec] of Object.entries(MEMBER_TABLES)) {
    const rows = (await db.select().from(spec.table).where(eq(spec.table.userId, member.id))) as Record<string, unknown>[];
    tables[name] = JSON.parse(JSON.stringify(rows.map((row) => omitted(row, spec.omit))));
  }
  return { exportedAt: now.toISOString(), member: JSON.parse(JSON.stringify(member)), tables };
}

/** The `Content-Disposition` of an export download, e.g. `attachment; filename="podium-data-<id>.json"`. */
export function exportDisposition(memberId: string): string {
  return `attachment; filename="podium-data-${memberId}.json"`;
}

/** 409 for a change to an erased member: nothing is left to care for. */
function assertNotErased(member: UserRow) {
  if (member.deletedAt) throw conflict('This account was deleted');
}

/** The member `id` of `organizationId` (locked for update when `lock`). @throws ApiError 404 NotFound */
export async function readMember(db: DbOrTx, organizationId: string, id: string, lock = false): Promise<UserRow> {
  if (!isUuid(id)) throw notFound('Member not found');
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
export function changeMember<T>(
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

/**
 * The member `userId`'s own data export (`GET /api/user/me/export`): `exportMemberData` of their current row.
 * @returns JSON-ready data
 */
export async function exportOwnData(deps: AppDeps, userId: string): Promise<DataExport> {
  const [member] = await deps.db.select().from(users).where(eq(users.id, userId));
  return exportMemberData(deps.db, member, deps.clock());
}

/**
 * Erases the member's own account (`DELETE /api/user/me`) through `changeMember`: the organization keeps an operator
 * (`keepAnOperator`), then the member's row is locked and erased; the avatar bytes are deleted once it committed.
 * @throws ApiError 409 LastOperator when the member is the organization's last operator
 */
export async function eraseOwnAccount(deps: AppDeps, member: { id: string; organizationId: string }): Promise<void> {
  const before = (tx: DbOrTx) => keepAnOperator(tx, member.organizationId, member.id);
  const keys = await changeMember(deps.db, member.organizationId, member.id, { refuseErased: false, before }, (tx, row) =>
    eraseMember(tx, row, deps.clock()),
  );
  await deleteStoredBytes(deps.storage, keys);
}

/**
 * Erases a member (GDPR art. 17) in the caller's transaction: personal fields of the row cleared (see the module
 * note), `deleted_at` set, role and suspension reset; the `delete` tables' rows (sessions among them) and the avatar
 * uploads' media rows deleted; the e-mail's sign-in codes and rate-limit counters forgotten. Ledger and
 * participation rows stay, without their labels; audit entries, push notifications and idempotency records lose
 * what is personal (`eraseTraces`). The caller checks `keepAnOperator` first (`./operators`).
 * @returns the storage keys of the deleted avatar bytes, to delete once the transaction committed
 */
export async function eraseMember(tx: DbOrTx, member: UserRow, now: Date): Promise<string[]> {
  const uploads = await tx.select({ mediaId: avatarUploads.mediaId }).from(avatarUploads).where(eq(avatarUploads.userId, member.id));
  for (const spec of Object.values(MEMBER_TABLES)) {
    if (spec.erasure === 'delete') await tx.delete(spec.table).where(eq(spec.table.userId, member.id));
  }
  await forgetSignInEmail(tx, member.organizationId, member.email);
  const removed = uploads.length
    ? await tx
        .delete(media)
        .where(
          inArray(
            media.id,
            uploads.map((u) => u.mediaId),
          ),
        )
        .returning({ storageKey: media.storageKey })
    : [];
  const erasedEmail = `deleted-${member.id}@deleted.invalid`;
  await tx
    .update(users)
    .set({
      email: erasedEmail,
      username: null,
      firstName: null,
      lastName: null,
      phoneNumber: null,
      zipCode: null,
      birthday: null,
      properties: {},
      avatarMediaId: null,
      authSubject: null,
      role: 'member',
      suspendedAt: null,
      suspendedUntil: null,
      suspensionReason: null,
      deletedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, member.id));
  await eraseTraces(tx, member, erasedEmail);
  return removed.flatMap((r) => (r.storageKey ? [r.storageKey] : []));
}

/**
 * What an erasure does outside the member's own rows, after the row is marked erased (the audit
 * log's trigger allows its two rewrites only for an erased member):
 * - ledger rows keep amount, reason kind, reference and time, and lose their label (an operator's adjustment reason
 *   is free text, e.g. a name and a phone number; the app shows the reason kind instead);
 * - reward redemptions keep what was redeemed and lose the shipping address;
 * - audit entries about the member keep only amounts, role and times (`podium_audit_erased`, migration 0015), and
 *   the entries and push notifications they made as an operator name them by `erasedEmail`;
 * - idempotency records holding an answer of the member's requests, or of an operator's requests about the member
 *   (`/admin/members/<id>...`), are deleted. A claim still in flight holds no answer: the erasure request's own
 *   claim stays to take its bodiless 204.
 */
async function eraseTraces(tx: DbOrTx, member: UserRow, erasedEmail: string): Promise<void> {
  await tx
    .update(pointTransactions)
    .set({ label: null })
    .where(and(eq(pointTransactions.userId, member.id), isNotNull(pointTransactions.label)));
  await tx
    .update(rewardRedemptions)
    .set({ shippingAddress: null })
    .where(and(eq(rewardRedemptions.userId, member.id), isNotNull(rewardRedemptions.shippingAddress)));
  await tx
    .update(auditLog)
    .set({ before: sql`podium_audit_erased(${auditLog.before})`, after: sql`podium_audit_erased(${auditLog.after})` })
    .where(and(eq(auditLog.organizationId, member.organizationId), eq(auditLog.entity, 'members'), eq(auditLog.entityId, member.id)));
  await tx.update(auditLog).set({ actorEmail: erasedEmail }).where(eq(auditLog.actorUserId, member.id));
  await tx
    .update(pushNotifications)
    .set({ createdByEmail: erasedEmail })
    .where(and(eq(pushNotifications.organizationId, member.organizationId), eq(pushNotifications.createdByEmail, member.email)));
  await tx
    .delete(idempotencyRecords)
    .where(
      and(
        isNotNull(idempotencyRecords.status),
        or(eq(idempotencyRecords.principal, `user:${member.id}`), ilike(idempotencyRecords.path, `%/admin/members/${member.id}%`)),
      ),
    );
}

/** Deletes the bytes of erased avatars (after the erasure committed; a failure leaves only unreachable bytes). */
export async function deleteStoredBytes(storage: MediaStorage, keys: string[]): Promise<void> {
  for (const key of keys) await storage.delete(key);
}

/** Ends every session of a member (suspension, erasure). */
export async function revokeSessions(tx: DbOrTx, userId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}

/** Rows of the member's record the console shows at most, per list. */
const ACTIVITY_LIMIT = 200;

/**
 * A member's record for operators: ledger, challenge responses, sweepstake entries and wins, badges, consents and
 * sessions (only when each opened and expires).
 */
export async function memberActivity(db: Db, userId: string): Promise<MemberActivity> {
  const [transactions, responses, entries, wins, badgeRows, consentRows, sessionRows] = await Promise.all([
    db
      .select()
      .from(pointTransactions)
      .where(eq(pointTransactions.userId, userId))
      .orderBy(desc(pointTransactions.createdAt), desc(pointTransactions.id))
      .limit(ACTIVITY_LIMIT),
    db
      .select({ response: challengeResponses, title: challenges.title })
      .from(challengeResponses)
      .innerJoin(challenges, eq(challenges.id, challengeResponses.challengeId))
      .where(eq(challengeResponses.userId, userId))
      .orderBy(desc(challengeResponses.answeredAt))
      .limit(ACTIVITY_LIMIT),
    db
      .select({ entry: sweepstakeEntries, title: sweepstakes.title })
      .from(sweepstakeEntries)
      .innerJoin(sweepstakes, eq(sweepstakes.id, sweepstakeEntries.sweepstakeId))
      .where(eq(sweepstakeEntries.userId, userId))
      .orderBy(desc(sweepstakeEntries.createdAt))
      .limit(ACTIVITY_LIMIT),
    db
      .select({ win: sweepstakeWinners, title: sweepstakes.title })
      .from(sweepstakeWinners)
      .innerJoin(sweepstakes, eq(sweepstakes.id, sweepstakeWinners.sweepstakeId))
      .where(eq(sweepstakeWinners.userId, userId))
      .orderBy(desc(sweepstakeWinners.drawnAt)),
    db
      .select({ badgeId: userBadges.badgeId, name: badges.name, createdAt: userBadges.createdAt })
      .from(userBadges)
      .innerJoin(badges, eq(badges.id, userBadges.badgeId))
      .where(eq(userBadges.userId, userId))
      .orderBy(desc(userBadges.createdAt)),
    db
      .select({
        consentId: userConsents.consentId,
        key: consents.key,
        name: consents.name,
        value: userConsents.value,
        updatedAt: userConsents.updatedAt,
      })
      .from(userConsents)
      .innerJoin(consents, eq(consents.id, userConsents.consentId))
      .where(eq(userConsents.userId, userId))
      .orderBy(asc(consents.sortOrder)),
    db
      .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.createdAt)),
  ]);
  return {
    transactions: transactions.map(toTransaction),
    responses: responses.map(({ response: r, title }) => ({
      challengeId: r.challengeId,
      challengeTitle: title,
      response: r.response,
      responseIndex: r.responseIndex,
      correct: r.correct,
      pointsAwarded: r.pointsAwarded,
      answeredAt: r.answeredAt.toISOString(),
    })),
    entries: entries.map(({ entry, title }) => ({
      sweepstakeId: entry.sweepstakeId,
      sweepstakeTitle: title,
      count: entry.count,
      pointsSpent: entry.pointsSpent,
      createdAt: entry.createdAt.toISOString(),
    })),
    wins: wins.map(({ win, title }) => ({
      sweepstakeId: win.sweepstakeId,
      sweepstakeTitle: title,
      place: win.place,
      drawnAt: win.drawnAt.toISOString(),
      claimedAt: win.claimedAt?.toISOString() ?? null,
      replacedAt: win.replacedAt?.toISOString() ?? null,
    })),
    badges: badgeRows.map((b) => ({ ...b, createdAt: b.createdAt.toISOString() })),
    consents: consentRows.map((c) => ({ ...c, updatedAt: c.updatedAt.toISOString() })),
    sessions: sessionRows.map((s) => ({ createdAt: s.createdAt.toISOString(), expiresAt: s.expiresAt.toISOString() })),
  };
}
