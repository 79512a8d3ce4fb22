/**
 * Sweepstake rules (spec §3-§4, ARCHITECTURE §4-§5): status from `startsAt`/`endsAt` and the server clock;
 * an entry spends `count × entryCost` (cost and per-member limit: `src/rules/sweepstake-entry.ts`, shared with the
 * app) through the ledger's `spendPoints` in one transaction that first
 * locks the member's row, so concurrent entries of one member run one after the other: the balance never
 * goes below 0 and the per-member entry limit holds. Underage members cannot enter (403). Each sweepstake
 * carries the member's current win (`yourWin`, while its claim period runs) so the app can ask a winner to claim.
 */
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { ErrorCode } from '../../../src/contracts/common';
import type { Sweepstake, SweepstakeEntryResult } from '../../../src/contracts/sweepstake';
import { SWEEPSTAKE_ENTRY_LIMIT_CODE } from '../../../src/contracts/sweepstake';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { sweepstakeEntries, sweepstakes, sweepstakeWinners } from '../../db/schema/sweepstakes';
import { prepareQueries } from '../../db/runtime';
import { spendPoints } from '../../kernel/ledger';
import { ApiError, notFound } from '../../lib/errors';
import { renderMarkdown } from '../../lib/markdown';
import type { AppDeps } from '../../kernel/types';
import type { Principal } from '../../lib/app-env';
import { isPublished } from '../../../src/rules/content-status';
import { isUnderage } from '../../../src/rules/underage';
import { statusAt } from '../../../src/rules/sweepstake-status';
import { entryCost, remainingEntries } from '../../../src/rules/sweepstake-entry';
import { claimDeadline } from '../../../src/rules/draw';
import { localized, NO_USER, type ContentLanguage } from '../../lib/localize';
import { isUuid } from '../../lib/ids';

type SweepstakeRow = typeof sweepstakes.$inferSelect;

/**
 * Builds the prepared statements of the sweepstake routes, once per app (`deps.prepared`); each runs in the request
 * transaction when there is one.
 */
export function prepareSweepstakeQueries(db: Db) {
  return prepareQueries(db, (db, name) => {
    const select = {
      sweepstake: sweepstakes,
      totalEntries: sql<number>`coalesce(sum(${sweepstakeEntries.count}), 0)::int`,
      userEntryCount: sql<number>`coalesce(sum(${sweepstakeEntries.count}) filter (where ${sweepstakeEntries.userId} = ${sql.placeholder('userId')}::uuid), 0)::int`,
      win: { place: sweepstakeWinners.place, drawnAt: sweepstakeWinners.drawnAt, claimedAt: sweepstakeWinners.claimedAt },
    };
    // Both statements read the organization's sweepstakes (public ones only for visitors) with their entry counts;
    // `conditions` narrow that down.
    const withEntries = (...conditions: SQL[]) =>
      db
        .select(select)
        .from(sweepstakes)
        .leftJoin(sweepstakeEntries, eq(sweepstakeEntries.sweepstakeId, sweepstakes.id))
        // The member's current win: at most one row (a draw picks distinct members, a redraw never re-picks one), so
        // the entry sums are not multiplied.
        .leftJoin(
          sweepstakeWinners,
          and(
            eq(sweepstakeWinners.sweepstakeId, sweepstakes.id),
            sql`${sweepstakeWinners.userId} = ${sql.placeholder('userId')}::uuid`,
            isNull(sweepstakeWinners.replacedAt),
          ),
        )
        .where(
          and(
            eq(sweepstakes.organizationId, sql.placeholder('organizationId')),
            // Fans never see a draft or an archived sweepstake (src/rules/content-status.ts `isPublished`).
            isNull(sweepstakes.archivedAt),
            eq(sweepstakes.draft, false),
            ...conditions,
            sql`(${sweepstakes.isPublic} or not ${sql.placeholder('publicOnly')}::boolean)`,
          ),
        )
        .groupBy(sweepstakes.id, sweepstakeWinners.id);
    return {
      /** `{organizationId, userId, publicOnly}` -> sweepstakes with entry counts, in display order. */
      list: withEntries().orderBy(asc(sweepstakes.sortOrder), asc(sweepstakes.endsAt)).prepare(name('podium_sweepstakes_list')),
      /** `{organizationId, userId, publicOnly, id}` -> one sweepstake with entry counts (0 or 1 rows). */
      one: withEntries(eq(sweepstakes.id, sql.placeholder('id'))).prepare(name('podium_sweepstakes_one')),
    };
  });
}
type SweepstakeQueries = ReturnType<typeof prepareSweepstakeQueries>;

function toSweepstake(
  r: {
    sweepstake: SweepstakeRow;
    totalEntries: number;
    userEntryCount: number;
    win: { place: number; drawnAt: Date; claimedAt: Date | null } | null;
  },
  now: Date,
  language: ContentLanguage,
): Sweepstake {
  const s = r.sweepstake;
  const { rules, ...text } = localized(
    { title: s.title, description: s.description, prize: s.prize, rules: s.rules },
    s.translations,
    language,
  );
  return {
    sweepstakeId: s.id,
    ...text,
    status: statusAt(s, now),
    mediaId: s.mediaId,
    startsAt: s.startsAt.toISOString(),
    endsAt: s.endsAt.toISOString(),
    entryCost: s.entryCost,
    maxEntriesPerUser: s.maxEntriesPerUser,
    userEntryCount: Number(r.userEntryCount),
    totalEntries: Number(r.totalEntries),
    rulesHtml: rules ? renderMarkdown(rules) : '',
    winnerCount: s.winnerCount,
    seedCommitment: s.seedCommitment,
    // The seed stays secret until the draw ran.
    drawSeed: s.drawnAt ? s.drawSeed : null,
    drawnAt: s.drawnAt?.toISOString() ?? null,
    yourWin: r.win
      ? {
          place: r.win.place,
          claimedAt: r.win.claimedAt?.toISOString() ?? null,
          claimBy: claimDeadline(r.win.drawnAt, s.claimDays).toISOString(),
        }
      : null,
  };
}

const params = (p: Principal) => ({
  organizationId: p.organization.id,
  userId: p.kind === 'user' ? p.user.id : NO_USER,
  publicOnly: p.kind !== 'user',
});

/** `GET /sweepstake`: members see every sweepstake, visitors the public ones. */
export async function listSweepstakes(q: SweepstakeQueries, p: Principal, now: Date, language: ContentLanguage): Promise<Sweepstake[]> {
  const rows = await q.list.execute(params(p));
  return rows.map((r) => toSweepstake(r, now, language));
}

/**
 * `GET /sweepstake/{id}`.
 * @throws ApiError 404 for an unknown id (or a members-only sweepstake asked by a visitor)
 */
export async function getSweepstake(
  q: SweepstakeQueries,
  p: Principal,
  id: string,
  now: Date,
  language: ContentLanguage,
): Promise<Sweepstake> {
  if (!isUuid(id)) throw notFound('Sweepstake not found');
  const [row] = await q.one.execute({ ...params(p), id });
  if (!row) throw notFound('Sweepstake not found');
  return toSweepstake(row, now, language);
}

/**
 * `POST /sweepstake/{id}/entry {count}`.
 * @returns the entry result (sweepstake with updated counts, points spent, new balance)
 * @throws ApiError 404 unknown sweepstake; 403 Underage; 422 NotLive (coming soon or ended);
 *   422 EntryLimitReached; 422 InsufficientPoints (nothing spent)
 */
export async function enterSweepstake(
  deps: AppDeps,
  q: SweepstakeQueries,
  principal: Extract<Principal, { kind: 'user' }>,
  id: string,
  count: number,
  language: ContentLanguage,
): Promise<SweepstakeEntryResult> {
  const now = deps.clock();
  const { user, organization } = principal;
  if (!isUuid(id)) throw notFound('Sweepstake not found');
  const [sweepstake] = await deps.db
    .select()
    .from(sweepstakes)
    .where(and(eq(sweepstakes.id, id), eq(sweepstakes.organizationId, organization.id)));
  if (!sweepstake || !isPublished(sweepstake)) throw notFound('Sweepstake not found');
  if (isUnderage(user.birthday, now, organization.timeZone)) {
    throw new ApiError(403, 'Underage', 'Members under 18 cannot enter sweepstakes');
  }
  const status = statusAt(sweepstake, now);
  if (status !== 'live') {
    throw new ApiError(422, 'NotLive', status === 'coming_soon' ? 'This sweepstake has not started yet' : 'This sweepstake has ended', {
      status,
    });
  }
  const pointsSpent = entryCost(sweepstake, count);
  const points = await deps.db.transaction(async (tx) => {
    // One member's entries run one at a time (the limit check and the spend see each other's effects).
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    if (sweepstake.maxEntriesPerUser !== null) {
      const [held] = await tx
        .select({ n: sql<number>`coalesce(sum(${sweepstakeEntries.count}), 0)::int` })
        .from(sweepstakeEntries)
        .where(and(eq(sweepstakeEntries.sweepstakeId, id), eq(sweepstakeEntries.userId, user.id)));
      const userEntryCount = Number(held?.n ?? 0);
      if (count > remainingEntries({ maxEntriesPerUser: sweepstake.maxEntriesPerUser, userEntryCount })) {
        // Our own code; common.ts's ErrorCode enum does not list it yet.
        throw new ApiError(422, SWEEPSTAKE_ENTRY_LIMIT_CODE as ErrorCode, 'Entry limit reached for this sweepstake', {
          maxEntriesPerUser: sweepstake.maxEntriesPerUser,
          userEntryCount,
        });
      }
    }
    const entryId = randomUUID();
    await tx.insert(sweepstakeEntries).values({ id: entryId, sweepstakeId: id, userId: user.id, count, pointsSpent, createdAt: now });
    const { transaction } = await spendPoints(tx, {
      userId: user.id,
      amount: pointsSpent,
      reason: 'sweepstake_entry',
      reference: `sweepstake-entry:${entryId}`,
      label: sweepstake.title,
      at: now,
    });
    return transaction!.balanceAfter;
  });
  return {
    sweepstake: await getSweepstake(q, principal, id, now, language),
    count,
    pointsSpent,
    points,
  };
}
