/**
 * Sweepstake draws (decision 0054): the secret seed a sweepstake commits to at creation, the draw itself (once,
 * over the eligible entries, with the shared algorithm of `src/rules/draw.ts`), redraws of prizes not claimed in
 * time, claims by winners, the winners' e-mails, and what is published so that anyone can verify the draw.
 *
 * Eligible entries are those of members who, at the draw, are neither suspended (`src/rules/suspension.ts`), nor
 * underage in the organization's time zone (`src/rules/underage.ts`), nor deleted. The entry list is frozen on the
 * sweepstake when the draw runs (`draw_entries`), so later changes to members never change what is verified.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AdminSweepstakeDraw } from '../../../src/contracts/admin/sweepstake';
import type { OwnWin, SweepstakeDraw } from '../../../src/contracts/sweepstake';
import { claimDeadline, drawPicks, DRAW_SEED_BYTES, seedCommitment, ticketIdOf, type DrawEntry } from '../../../src/rules/draw';
import { isPublished } from '../../../src/rules/content-status';
import { statusAt } from '../../../src/rules/sweepstake-status';
import { isSuspended, type SuspensionFields } from '../../../src/rules/suspension';
import { isUnderage } from '../../../src/rules/underage';
import type { DbOrTx, Tx } from '../../db/client';
import type { OrganizationRow } from '../../db/organization-cache';
import { sweepstakeEntries, sweepstakes, sweepstakeWinners, users } from '../../db/schema';
import { describeError } from '../../lib/error-description';
import { ApiError, notFound } from '../../lib/errors';
import type { AppDeps } from '../../kernel/types';
import type { Principal } from '../../lib/app-env';
import { recordAudit, type Actor } from '../../kernel/audit';
import { afterCommit } from '../../db/runtime';
import { isUuid } from '../../lib/ids';

type SweepstakeRow = typeof sweepstakes.$inferSelect;
type Eligibility = SuspensionFields & { birthday: string | null; deletedAt: Date | null };

/**
 * A fresh secret seed (32 bytes from `crypto.randomBytes`, hex) and its published commitment (SHA-256, hex), as
 * the sweepstake row's `drawSeed` / `seedCommitment` values.
 */
export function newDrawSeed(): { drawSeed: string; seedCommitment: string } {
  const drawSeed = randomBytes(DRAW_SEED_BYTES).toString('hex');
  return { drawSeed, seedCommitment: seedCommitment(drawSeed) };
}

/**
 * The member's name in a sweepstake's published entry list: the first 16 hex characters of
 * SHA-256("<sweepstakeId>:<userId>"). Stable within a sweepstake (a member can find their own entries), unlinkable
 * across sweepstakes and not an e-mail or a name.
 */
function memberPseudonym(sweepstakeId: string, userId: string): string {
  return createHash('sha256').update(`${sweepstakeId}:${userId}`).digest('hex').slice(0, 16);
}

/** True when the member may win at `now`: not suspended, not underage (organization time zone), not deleted. */
function isEligible(member: Eligibility, now: Date, timeZone: string): boolean {
  return member.deletedAt === null && !isSuspended(member, now) && !isUnderage(member.birthday, now, timeZone);
}

/** The sweepstake `id` of the organization, locked for the rest of `tx` (draws and redraws run one at a time). */
async function lockSweepstake(tx: Tx, organizationId: string, id: string): Promise<SweepstakeRow> {
  if (!isUuid(id)) throw notFound('Sweepstake not found');
  const [row] = await tx
    .select()
    .from(sweepstakes)
    .where(and(eq(sweepstakes.id, id), eq(sweepstakes.organizationId, organizationId)))
    .for('update');
  if (!row) throw notFound('Sweepstake not found');
  return row;
}

/** Every entry row of the sweepstake in the published order (created_at, id), with its member's eligibility. */
async function entriesOf(db: DbOrTx, sweepstakeId: string) {
  return db
    .select({
      entry: sweepstakeEntries.id,
      userId: sweepstakeEntries.userId,
      tickets: sweepstakeEntries.count,
      birthday: users.birthday,
      suspendedAt: users.suspendedAt,
      suspendedUntil: users.suspendedUntil,
      deletedAt: users.deletedAt,
    })
    .from(sweepstakeEntries)
    .innerJoin(users, eq(users.id, sweepstakeEntries.userId))
    .where(eq(sweepstakeEntries.sweepstakeId, sweepstakeId))
    .orderBy(asc(sweepstakeEntries.createdAt), asc(sweepstakeEntries.id));
}

/** The user ids of a frozen entry list's pseudonyms (read back from the entry rows it names). */
async function usersOfEntries(db: DbOrTx, sweepstakeId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ userId: sweepstakeEntries.userId })
    .from(sweepstakeEntries)
    .where(eq(sweepstakeEntries.sweepstakeId, sweepstakeId));
  return new Map(rows.map((r) => [memberPseudonym(sweepstakeId, r.userId), r.userId]));
}

/**
 * `POST /api/admin/sweepstakes/{id}/draw`: draws the winners of an ended sweepstake, once. The first call freezes
 * the eligible entry list, picks `winnerCount` distinct members (fewer when fewer entered), reveals the seed and
 * writes the audit entry, all in one transaction that holds the sweepstake's row lock, so concurrent calls draw
 * once; winners are then mailed. Later calls answer the stored draw (and mail any winner not told yet).
 * @returns the draw as operators see it, and whether this call ran it
 * @throws ApiError 404 unknown sweepstake; 422 NotEnded before `endsAt`; 409 Conflict when it has no seed
 */
export async function runDraw(deps: AppDeps, organization: OrganizationRow, actor: Actor, id: string) {
  const now = deps.clock();
  const drawn = await deps.db.transaction(async (tx) => {
    const s = await lockSweepstake(tx, organization.id, id);
    if (s.drawnAt) return false;
    if (statusAt(s, now) !== 'ended')
      throw new ApiError(422, 'NotEnded', 'The draw runs once the sweepstake has ended', { endsAt: s.endsAt.toISOString() });
    if (!s.drawSeed || !s.seedCommitment) throw new ApiError(409, 'Conflict', 'This sweepstake has no committed seed');
    const rows = await entriesOf(tx, s.id);
    const entries: DrawEntry[] = rows
      .filter((r) => isEligible(r, now, organization.timeZone))
      .map((r) => ({ entry: r.entry, member: memberPseudonym(s.id, r.userId), tickets: r.tickets }));
    const userOf = new Map(rows.map((r) => [memberPseudonym(s.id, r.userId), r.userId]));
    const picks = drawPicks(s.drawSeed, entries, s.winnerCount);
    const winners = picks.map((p) => ({
      id: randomUUID(),
      sweepstakeId: s.id,
      userId: userOf.get(p.member)!,
      place: p.place,
      ticket: p.ticket,
      drawnAt: now,
    }));
    if (winners.length) await tx.insert(sweepstakeWinners).values(winners);
    await tx.update(sweepstakes).set({ drawnAt: now, drawEntries: entries }).where(eq(sweepstakes.id, s.id));
    await recordAudit(tx, actor, {
      entity: 'sweepstakes',
      entityId: s.id,
      action: 'draw',
      before: { drawnAt: null },
      after: {
        drawnAt: now.toISOString(),
        tickets: entries.reduce((n, e) => n + e.tickets, 0),
        winners: winners.map((w) => ({ place: w.place, ticket: w.ticket, userId: w.userId })),
      },
    });
    return true;
  });
  await notifyWinners(deps, organization, id);
  return { drawn, draw: await adminDraw(deps, organization, id, now) };
}

/**
 * `POST /api/admin/sweepstakes/{id}/winners/{winnerId}/redraw`: gives an unclaimed prize whose claim period is over
 * to the next pick of the same draw stream (`drawPicks` one place further). A pick whose member is no longer
 * eligible (suspended, underage, deleted since the draw) is recorded as replaced at once and the stream goes on,
 * so the published places stay exactly the stream's picks. The old winner is marked `replacedAt`; audit-logged.
 * @returns the draw as operators see it
 * @throws ApiError 404 unknown sweepstake or winner; 422 NotDrawn, AlreadyClaimed, AlreadyReplaced,
 *   ClaimPeriodOpen (details {claimBy}), NoEntriesLeft (nothing changed)
 */
export async function redrawWinner(deps: AppDeps, organization: OrganizationRow, actor: Actor, id: string, winnerId: string) {
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const s = await lockSweepstake(tx, organization.id, id);
    if (!s.drawnAt || !s.drawSeed) throw new ApiError(422, 'NotDrawn', 'The draw has not run yet');
    if (!isUuid(winnerId)) throw notFound('Winner not found');
    const placed = await tx
      .select()
      .from(sweepstakeWinners)
      .where(eq(sweepstakeWinners.sweepstakeId, s.id))
      .orderBy(asc(sweepstakeWinners.place));
    const old = placed.find((w) => w.id === winnerId);
    if (!old) throw notFound('Winner not found');
    if (old.claimedAt) throw new ApiError(422, 'AlreadyClaimed', 'This winner claimed the prize');
    if (old.replacedAt) throw new ApiError(422, 'AlreadyReplaced', 'This winner was already replaced');
    const claimBy = claimDeadline(old.drawnAt, s.claimDays);
    if (now < claimBy)
      throw new ApiError(422, 'ClaimPeriodOpen', 'The winner can still claim the prize', { claimBy: claimBy.toISOString() });

    const entries = s.drawEntries ?? [];
    const userOf = await usersOfEntries(tx, s.id);
    const members = await tx
      .select({
        id: users.id,
        birthday: users.birthday,
        suspendedAt: users.suspendedAt,
        suspendedUntil: users.suspendedUntil,
        deletedAt: users.deletedAt,
      })
      .from(users)
      .innerJoin(sweepstakeEntries, eq(sweepstakeEntries.userId, users.id))
      .where(eq(sweepstakeEntries.sweepstakeId, s.id));
    const memberById = new Map(members.map((m) => [m.id, m]));
    const skipped: Array<{ place: number; userId: string }> = [];
    let places = placed.length;
    for (;;) {
      const picks = drawPicks(s.drawSeed, entries, places + 1);
      if (picks.length <= places) throw new ApiError(422, 'NoEntriesLeft', 'Every entrant has already been picked');
      const next = picks[places];
      const userId = userOf.get(next.member)!;
      places += 1;
      const eligible = isEligible(memberById.get(userId)!, now, organization.timeZone);
      await tx.insert(sweepstakeWinners).values({
        id: randomUUID(),
        sweepstakeId: s.id,
        userId,
        place: next.place,
        ticket: next.ticket,
        drawnAt: now,
        replacedAt: eligible ? null : now,
      });
      if (eligible) {
        await tx.update(sweepstakeWinners).set({ replacedAt: now }).where(eq(sweepstakeWinners.id, old.id));
        await recordAudit(tx, actor, {
          entity: 'sweepstakes',
          entityId: s.id,
          action: 'redraw',
          before: { place: old.place, userId: old.userId, replacedAt: null },
          after: { place: next.place, ticket: next.ticket, userId, replaced: old.place, skipped },
        });
        return;
      }
      skipped.push({ place: next.place, userId });
    }
  });
  await notifyWinners(deps, organization, id);
  return adminDraw(deps, organization, id, now);
}

/**
 * Mails (and pushes to) every current winner of the sweepstake who was not told yet, and records `notifiedAt`. A delivery failure
 * is logged and leaves the winner to be told by the next draw call; the draw itself stands.
 */
async function notifyWinners(deps: AppDeps, organization: OrganizationRow, sweepstakeId: string): Promise<void> {
  const pending = await deps.db
    .select({
      id: sweepstakeWinners.id,
      userId: sweepstakeWinners.userId,
      drawnAt: sweepstakeWinners.drawnAt,
      email: users.email,
      title: sweepstakes.title,
      prize: sweepstakes.prize,
      claimDays: sweepstakes.claimDays,
    })
    .from(sweepstakeWinners)
    .innerJoin(users, eq(users.id, sweepstakeWinners.userId))
    .innerJoin(sweepstakes, eq(sweepstakes.id, sweepstakeWinners.sweepstakeId))
    .where(
      and(
        eq(sweepstakeWinners.sweepstakeId, sweepstakeId),
        isNull(sweepstakeWinners.notifiedAt),
        isNull(sweepstakeWinners.replacedAt),
        isNull(users.deletedAt),
      ),
    );
  // And by push to those who chose sweepstake results (decision 0060), without holding the draw's answer.
  if (pending.length) {
    const winners = { id: sweepstakeId, organizationId: organization.id, title: pending[0].title };
    const userIds = pending.map((w) => w.userId);
    afterCommit(
      () =>
        void deps.jobs
          .send('push-sweepstake-winners', { sweepstakeId, organizationId: winners.organizationId, title: winners.title, userIds })
          .catch((error) =>
            deps.logger.warn('sweepstake win not pushed', { sweepstakeId, error: error instanceof Error ? error.name : String(error) }),
          ),
    );
  }
  for (const w of pending) {
    try {
      await deps.mailer.sendSweepstakeWin({
        email: w.email,
        organizationName: organization.name,
        sweepstakeTitle: w.title,
        prize: w.prize,
        claimBy: claimDeadline(w.drawnAt, w.claimDays),
      });
      await deps.db.update(sweepstakeWinners).set({ notifiedAt: deps.clock() }).where(eq(sweepstakeWinners.id, w.id));
    } catch (error) {
      deps.logger.warn('sweepstake win not mailed', { winnerId: w.id, ...describeError(error) });
    }
  }
}

/**
 * The draw of a sweepstake as operators see it: commitment, the seed once revealed, who takes part (`entrants`,
 * `entries`: the eligible entries now, or the frozen list once drawn), and every place with the
 * winner's e-mail (null once deleted), username, claim status and whether it may be redrawn at `now`.
 * @throws ApiError 404 unknown sweepstake
 */
export async function adminDraw(
  { db }: Pick<AppDeps, 'db'>,
  organization: Pick<OrganizationRow, 'id' | 'timeZone'>,
  id: string,
  now: Date,
): Promise<AdminSweepstakeDraw> {
  if (!isUuid(id)) throw notFound('Sweepstake not found');
  const [s] = await db
    .select()
    .from(sweepstakes)
    .where(and(eq(sweepstakes.id, id), eq(sweepstakes.organizationId, organization.id)));
  if (!s) throw notFound('Sweepstake not found');
  // Who takes part: the frozen list once drawn, else the entries a draw run now would count (same eligibility).
  const frozen = s.drawnAt ? (s.drawEntries ?? []) : null;
  const taking = frozen
    ? frozen.map((e) => ({ member: e.member, tickets: e.tickets }))
    : (await entriesOf(db, s.id))
        .filter((r) => isEligible(r, now, organization.timeZone))
        .map((r) => ({ member: r.userId, tickets: r.tickets }));
  const rows = await db
    .select({ winner: sweepstakeWinners, email: users.email, username: users.username, deletedAt: users.deletedAt })
    .from(sweepstakeWinners)
    .innerJoin(users, eq(users.id, sweepstakeWinners.userId))
    .where(eq(sweepstakeWinners.sweepstakeId, s.id))
    .orderBy(asc(sweepstakeWinners.place));
  return {
    sweepstakeId: s.id,
    drawnAt: s.drawnAt?.toISOString() ?? null,
    seedCommitment: s.seedCommitment,
    drawSeed: s.drawnAt ? s.drawSeed : null,
    tickets: (s.drawEntries ?? []).reduce((n, e) => n + e.tickets, 0),
    entrants: new Set(taking.map((e) => e.member)).size,
    entries: taking.reduce((n, e) => n + e.tickets, 0),
    winners: rows.map(({ winner: w, email, username, deletedAt }) => {
      const claimBy = claimDeadline(w.drawnAt, s.claimDays);
      return {
        id: w.id,
        place: w.place,
        ticket: w.ticket,
        userId: w.userId,
        email: deletedAt ? null : email,
        username: deletedAt ? null : username,
        drawnAt: w.drawnAt.toISOString(),
        notifiedAt: w.notifiedAt?.toISOString() ?? null,
        claimedAt: w.claimedAt?.toISOString() ?? null,
        replacedAt: w.replacedAt?.toISOString() ?? null,
        claimBy: claimBy.toISOString(),
        redrawable: !w.claimedAt && !w.replacedAt && now >= claimBy,
      };
    }),
  };
}

/**
 * The sweepstake `id` as the principal may read it (published; public ones only for visitors).
 * @throws ApiError 404 otherwise
 */
async function visibleSweepstake(db: DbOrTx, p: Principal, id: string): Promise<SweepstakeRow> {
  if (!isUuid(id)) throw notFound('Sweepstake not found');
  const [s] = await db
    .select()
    .from(sweepstakes)
    .where(and(eq(sweepstakes.id, id), eq(sweepstakes.organizationId, p.organization.id)));
  if (!s || !isPublished(s) || (p.kind !== 'user' && !s.isPublic)) throw notFound('Sweepstake not found');
  return s;
}

/** The member's current (not replaced) win of the sweepstake, if any. */
async function currentWin(db: DbOrTx, sweepstakeId: string, userId: string) {
  const [w] = await db
    .select()
    .from(sweepstakeWinners)
    .where(
      and(eq(sweepstakeWinners.sweepstakeId, sweepstakeId), eq(sweepstakeWinners.userId, userId), isNull(sweepstakeWinners.replacedAt)),
    );
  return w;
}

const ownWin = (w: typeof sweepstakeWinners.$inferSelect, claimDays: number): OwnWin => ({
  place: w.place,
  claimedAt: w.claimedAt?.toISOString() ?? null,
  claimBy: claimDeadline(w.drawnAt, claimDays).toISOString(),
});

/**
 * `GET /sweepstake/{id}/draw`: the published draw (decision 0054). Before the draw: the commitment only. After:
 * the seed, the frozen entry list (entry ids, member pseudonyms, ticket counts) and every place with the winner's
 * public name (username; nothing else about them), plus the caller's own win when they have one.
 * @throws ApiError 404 unknown sweepstake (or members-only, asked by a visitor)
 */
export async function publishedDraw(db: DbOrTx, p: Principal, id: string): Promise<SweepstakeDraw> {
  const s = await visibleSweepstake(db, p, id);
  const drawn = s.drawnAt !== null;
  const rows = drawn
    ? await db
        .select({ winner: sweepstakeWinners, username: users.username, deletedAt: users.deletedAt })
        .from(sweepstakeWinners)
        .innerJoin(users, eq(users.id, sweepstakeWinners.userId))
        .where(eq(sweepstakeWinners.sweepstakeId, s.id))
        .orderBy(asc(sweepstakeWinners.place))
    : [];
  const entries = drawn ? (s.drawEntries ?? []) : [];
  const mine = p.kind === 'user' && drawn ? await currentWin(db, s.id, p.user.id) : undefined;
  return {
    sweepstakeId: s.id,
    winnerCount: s.winnerCount,
    claimDays: s.claimDays,
    seedCommitment: s.seedCommitment,
    drawSeed: drawn ? s.drawSeed : null,
    drawnAt: s.drawnAt?.toISOString() ?? null,
    entries,
    winners: rows.map(({ winner: w, username, deletedAt }) => ({
      place: w.place,
      ticket: w.ticket,
      ticketId: ticketIdOf(entries, w.ticket),
      member: memberPseudonym(s.id, w.userId),
      publicName: deletedAt ? null : username,
      claimed: w.claimedAt !== null,
      replaced: w.replacedAt !== null,
    })),
    you: mine ? ownWin(mine, s.claimDays) : null,
  };
}

/**
 * `POST /sweepstake/{id}/claim`: the caller claims their prize; records `claimedAt` once (a repeated claim answers
 * the first one).
 * @returns the caller's win, claimed
 * @throws ApiError 404 unknown sweepstake; 403 NotWinner when the caller holds no current win of it;
 *   422 ClaimExpired after the claim period
 */
export async function claimPrize(deps: AppDeps, p: Extract<Principal, { kind: 'user' }>, id: string): Promise<OwnWin> {
  const now = deps.clock();
  const s = await visibleSweepstake(deps.db, p, id);
  const win = await currentWin(deps.db, s.id, p.user.id);
  if (!win) throw new ApiError(403, 'NotWinner', 'Only a winner of this sweepstake can claim its prize');
  if (win.claimedAt) return ownWin(win, s.claimDays);
  if (now >= claimDeadline(win.drawnAt, s.claimDays)) throw new ApiError(422, 'ClaimExpired', 'The claim period is over');
  const [claimed] = await deps.db
    .update(sweepstakeWinners)
    .set({ claimedAt: now })
    .where(and(eq(sweepstakeWinners.id, win.id), isNull(sweepstakeWinners.claimedAt), isNull(sweepstakeWinners.replacedAt)))
    .returning();
  // A concurrent claim or redraw got there first: answer what is stored now.
  const stored = claimed ?? (await currentWin(deps.db, s.id, p.user.id));
  if (!stored) throw new ApiError(403, 'NotWinner', 'Only a winner of this sweepstake can claim its prize');
  return ownWin(stored, s.claimDays);
}
