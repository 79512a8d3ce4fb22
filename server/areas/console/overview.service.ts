/**
 * The console's overview (decision 0081; contract `src/contracts/admin/overview.ts`): what an operator of one
 * organization acts on this week, read with a few small indexed queries, each list capped at `OVERVIEW_LIST_LIMIT`
 * with `count(*) over ()` giving the count of all.
 *
 * - live / scheduled: published items (neither draft nor archived, `src/rules/content-status.ts`) live at `now`
 *   (ending soonest first), or starting after `now` and within `OVERVIEW_WEEK_DAYS` (soonest first);
 * - pick'ems: published pick'ems whose lock (`locksAt`, else the end: `src/rules/pickem-lock.ts`) has passed and
 *   whose result is not entered;
 * - draws: published sweepstakes that ended (`src/rules/sweepstake-status.ts`) and were not drawn;
 * - prizes: current winners (not replaced by a redraw) who have not claimed, with their deadline
 *   (`claimDeadline`, `src/rules/draw.ts`);
 * - notifications: the organization's notifications still `scheduled`, by send time.
 */
import { and, asc, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { OVERVIEW_LIST_LIMIT, OVERVIEW_WEEK_DAYS, type Overview } from '../../../src/contracts/admin/overview';
import { claimDeadline } from '../../../src/rules/draw';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../kernel/types';
import { activations, challenges, pushNotifications, stories, sweepstakes, sweepstakeWinners, venueEvents } from '../../db/schema';

type ContentItem = Overview['live']['items'][number];

/** The count of all rows of a capped query, read on every row. */
const totalOver = sql<number>`count(*) over ()`.mapWith(Number);

/** A capped list: its items and the count of all of them (0 when there are no rows). */
function listOf<R extends { total: number }, T>(rows: R[], map: (row: R) => T) {
  return { total: rows[0]?.total ?? 0, items: rows.map(map) };
}

/** The columns a content table needs for the overview. */
interface ContentTable {
  resource: ContentItem['resource'];
  table: typeof challenges | typeof stories | typeof sweepstakes | typeof activations | typeof venueEvents;
  title: PgColumn;
  start: PgColumn;
  end: PgColumn;
}

const CONTENT_TABLES: ContentTable[] = [
  { resource: 'challenges', table: challenges, title: challenges.title, start: challenges.visibleFrom, end: challenges.expiresOn },
  { resource: 'stories', table: stories, title: stories.title, start: stories.startsAt, end: stories.stopsAt },
  { resource: 'sweepstakes', table: sweepstakes, title: sweepstakes.title, start: sweepstakes.startsAt, end: sweepstakes.endsAt },
  { resource: 'activations', table: activations, title: activations.title, start: activations.startsAt, end: activations.stopsAt },
  { resource: 'venue-events', table: venueEvents, title: venueEvents.name, start: venueEvents.startsAt, end: venueEvents.endsAt },
];

/**
 * One table's published items live at `now` (`[start, end)`, a null end never closes; ending soonest first) or, with
 * `scheduled`, starting in `(now, weekEnd]` (soonest first); capped, each row carrying the count of all.
 */
async function contentOf(db: DbOrTx, organizationId: string, spec: ContentTable, now: Date, weekEnd: Date, scheduled: boolean) {
  const { table } = spec;
  const window = scheduled
    ? and(gt(spec.start, now), lte(spec.start, weekEnd))
    : and(lte(spec.start, now), or(isNull(spec.end), gt(spec.end, now)));
  const rows = await db
    .select({ id: table.id, title: spec.title, start: spec.start, end: spec.end, total: totalOver })
    .from(table)
    .where(and(eq(table.organizationId, organizationId), isNull(table.archivedAt), eq(table.draft, false), window))
    .orderBy(...(scheduled ? [asc(spec.start)] : [sql`${spec.end} asc nulls last`, asc(spec.start)]), asc(table.id))
    .limit(OVERVIEW_LIST_LIMIT);
  return rows.map((row) => ({
    resource: spec.resource,
    id: String(row.id),
    title: String(row.title),
    start: (row.start as Date).toISOString(),
    end: row.end ? (row.end as Date).toISOString() : null,
    total: row.total,
  }));
}

/** The content of every table, merged in the list's order and capped, with the count of all. */
async function contentList(db: DbOrTx, organizationId: string, now: Date, weekEnd: Date, scheduled: boolean): Promise<Overview['live']> {
  const perTable = await Promise.all(CONTENT_TABLES.map((spec) => contentOf(db, organizationId, spec, now, weekEnd, scheduled)));
  // ISO instants of the same format sort as text; a live item with no end sorts last.
  const key = (item: ContentItem) => (scheduled ? item.start : (item.end ?? '~'));
  const items = perTable
    .flat()
    .sort((a, b) => key(a).localeCompare(key(b)) || a.start.localeCompare(b.start))
    .slice(0, OVERVIEW_LIST_LIMIT)
    .map(({ total: _total, ...item }) => item);
  return { total: perTable.reduce((sum, rows) => sum + (rows[0]?.total ?? 0), 0), items };
}

/**
 * The overview of `organizationId` at `now`.
 * @param now the server clock's instant
 * @returns the lists of the contract, each soonest first and capped at `OVERVIEW_LIST_LIMIT`
 */
export async function readOverview({ db }: Pick<AppDeps, 'db'>, organizationId: string, now: Date): Promise<Overview> {
  const weekEnd = new Date(now.getTime() + OVERVIEW_WEEK_DAYS * 86_400_000);
  const lock: SQL<Date> = sql`coalesce(${challenges.locksAt}, ${challenges.expiresOn})`.mapWith(challenges.locksAt);
  const [live, scheduled, pickems, draws, prizes, notifications] = await Promise.all([
    contentList(db, organizationId, now, weekEnd, false),
    contentList(db, organizationId, now, weekEnd, true),
    db
      .select({ id: challenges.id, title: challenges.title, lockedAt: lock, total: totalOver })
      .from(challenges)
      .where(
        and(
          eq(challenges.organizationId, organizationId),
          eq(challenges.subtype, 'pickem'),
          isNull(challenges.archivedAt),
          eq(challenges.draft, false),
          isNull(challenges.resultEnteredAt),
          lte(lock, now),
        ),
      )
      .orderBy(asc(lock), asc(challenges.id))
      .limit(OVERVIEW_LIST_LIMIT),
    db
      .select({ id: sweepstakes.id, title: sweepstakes.title, endsAt: sweepstakes.endsAt, total: totalOver })
      .from(sweepstakes)
      .where(
        and(
          eq(sweepstakes.organizationId, organizationId),
          isNull(sweepstakes.archivedAt),
          eq(sweepstakes.draft, false),
          isNull(sweepstakes.drawnAt),
          lte(sweepstakes.endsAt, now),
        ),
      )
      .orderBy(asc(sweepstakes.endsAt), asc(sweepstakes.id))
      .limit(OVERVIEW_LIST_LIMIT),
    db
      .select({
        sweepstakeId: sweepstakes.id,
        title: sweepstakes.title,
        place: sweepstakeWinners.place,
        drawnAt: sweepstakeWinners.drawnAt,
        claimDays: sweepstakes.claimDays,
        total: totalOver,
      })
      .from(sweepstakeWinners)
      .innerJoin(sweepstakes, eq(sweepstakes.id, sweepstakeWinners.sweepstakeId))
      .where(and(eq(sweepstakes.organizationId, organizationId), isNull(sweepstakeWinners.claimedAt), isNull(sweepstakeWinners.replacedAt)))
      .orderBy(asc(sweepstakeWinners.drawnAt), asc(sweepstakeWinners.id))
      .limit(OVERVIEW_LIST_LIMIT),
    db
      .select({ id: pushNotifications.id, title: pushNotifications.title, sendAt: pushNotifications.sendAt, total: totalOver })
      .from(pushNotifications)
      .where(and(eq(pushNotifications.organizationId, organizationId), eq(pushNotifications.status, 'scheduled')))
      .orderBy(asc(pushNotifications.sendAt), asc(pushNotifications.id))
      .limit(OVERVIEW_LIST_LIMIT),
  ]);
  return {
    now: now.toISOString(),
    weekEnd: weekEnd.toISOString(),
    live,
    scheduled,
    pickems: listOf(pickems, (r) => ({ id: r.id, title: r.title, lockedAt: new Date(r.lockedAt).toISOString() })),
    draws: listOf(draws, (r) => ({ id: r.id, title: r.title, endsAt: r.endsAt.toISOString() })),
    prizes: listOf(prizes, (r) => ({
      sweepstakeId: r.sweepstakeId,
      title: r.title,
      place: r.place,
      drawnAt: r.drawnAt.toISOString(),
      claimBy: claimDeadline(r.drawnAt, r.claimDays).toISOString(),
    })),
    notifications: listOf(notifications, (r) => ({ id: r.id, title: r.title, sendAt: r.sendAt.toISOString() })),
  };
}
