/**
 * The figures a club watches (decision 0056), computed by SQL aggregates over the tables members write to: the
 * ledger, users, check-ins, challenge and trivia answers, award rows (video views, article reads, story chapter
 * views) and sweepstake entries. Each figure is one statement, grouped by the calendar day
 * of the organization's time zone (`(t at time zone zone)::date`, PostgreSQL does the conversion, daylight saving
 * included), with `generate_series` listing every day of the period so a quiet day is a 0, never a gap.
 *
 * Each statement reads only the period's rows through an index on the row's time (the indexes are in
 * `server/db/schema`; `npm run bench:figures` times every statement on 100,000 members and 5 million ledger rows).
 * The award tables carry no organization: they are filtered by joining their (small) parent table.
 *
 * Closed days (every day up to the day before yesterday, which no row can be written for any more)
 * are rolled up once into `activity_days`, `figure_days` and `challenge_participants` by the figures request
 * (`rollUpClosedDays`); a scope's days that are in the rollup are read from it, the others from the source tables.
 */
import { sql, type SQL } from 'drizzle-orm';
import { FIGURES_PERIODS } from '../../../src/contracts/admin/figures';
import type { ChallengeParticipation, FigureName, Figures, FiguresPeriod, StoryCompletion } from '../../../src/contracts/admin/figures';
import { addDays, dayInZone } from '../../../src/rules/calendar';
import { periodDays } from '../../../src/rules/figures-period';
import { rowsOf, type DbOrTx } from '../../db/client';
import type { AppDeps } from '../../kernel/types';

/** What every figure statement is computed over: one organization, its time zone and the days `from`..`to`. */
interface FiguresScope {
  organizationId: string;
  /** IANA time zone of the organization's days. */
  timeZone: string;
  /** First day, `YYYY-MM-DD`, inclusive. */
  from: string;
  /** Last day, `YYYY-MM-DD`, inclusive. */
  to: string;
  /** The organization's rolled-up days (`from`..`through`, inclusive), or null when the scope reads no rollup. */
  rolled: RolledDays | null;
}

/** The days an organization's rollup holds, `YYYY-MM-DD`, inclusive. */
interface RolledDays {
  from: string;
  through: string;
}

/**
 * The scope of `period` for an organization at instant `now`: its days end on the organization's current day.
 * @throws RangeError when the time zone is unknown to `Intl`
 */
export function figuresScope(
  organization: { id: string; timeZone: string },
  period: FiguresPeriod,
  now: Date,
  rolled: RolledDays | null = null,
): FiguresScope {
  const { from, to } = periodDays(period, dayInZone(now, organization.timeZone));
  return { organizationId: organization.id, timeZone: organization.timeZone, from, to, rolled };
}

/**
 * The scope's days split in two: `rolled`, the days read from the rollup, and `live`, the days read from the source
 * tables (either may be empty: its `from` is then after its `to`, and every statement reads nothing for it). The
 * rollup is read only when it holds the scope's first day and the scope ends on or after its last day: the challenge
 * participants' last day answers for the days from a day to the rollup's end, no other range.
 */
function split(s: FiguresScope): { rolled: FiguresScope; live: FiguresScope } {
  const r = s.rolled;
  if (!r || s.from < r.from || s.from > r.through || s.to < r.through) return { rolled: { ...s, to: addDays(s.from, -1) }, live: s };
  return { rolled: { ...s, to: r.through }, live: { ...s, from: addDays(r.through, 1) } };
}

/** The rolled-up per-day totals of `figure` over the days of `r` (a rolled scope), as rows of `day` and `n`. */
const rolledByDay = (r: FiguresScope, figure: string) => sql`select day, value as n from figure_days
  where organization_id = ${r.organizationId} and figure = ${figure} and key = '' and day between ${r.from}::date and ${r.to}::date`;

/** The instant the period starts: midnight of `from` in the organization's zone. */
const startOf = (s: FiguresScope) => sql`(${s.from}::date::timestamp at time zone ${s.timeZone}::text)`;
/** The instant the period ends (excluded): midnight after `to` in the organization's zone. */
const endOf = (s: FiguresScope) => sql`((${s.to}::date + 1)::timestamp at time zone ${s.timeZone}::text)`;
/** `column` (a timestamptz) falls in the period. */
const inPeriod = (column: SQL, s: FiguresScope) => sql`${column} >= ${startOf(s)} and ${column} < ${endOf(s)}`;
/** The organization's calendar day of `column` (a timestamptz). */
const dayOf = (column: SQL, s: FiguresScope) => sql`(${column} at time zone ${s.timeZone}::text)::date`;
/** Every day of the period, as rows of `day` (date). */
const daysOf = (s: FiguresScope) => sql`select d::date as day from generate_series(${s.from}::date, ${s.to}::date, interval '1 day') as d`;

/** A count by day as the statements answer it (`day` null: the period's total of a distinct count). */
type DayRow = { day: string | null; n: number | string | null };

/**
 * A figure counted by day: `grouped` is a statement answering `day` (date) and `n` for the days that have rows;
 * the days without are 0. Returns every day of the period in order.
 */
async function countByDay(db: DbOrTx, s: FiguresScope, grouped: SQL): Promise<Array<{ day: string; count: number }>> {
  const rows = await rowsOf<DayRow>(
    db,
    sql`select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(f.n, 0)::int as n
      from (${daysOf(s)}) as days left join (${grouped}) as f on f.day = days.day
      order by days.day`,
  );
  return rows.map((r) => ({ day: String(r.day), count: Number(r.n) }));
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/**
 * Every member who did something in the period, as `(user_id, day)`: ledger rows, check-ins (by the day they count
 * for), challenge and trivia answers, video views, article reads, story chapter views and sweepstake entries.
 */
function activity(s: FiguresScope): SQL {
  const at = (column: string) => sql.raw(column);
  return sql`
    select user_id, ${dayOf(at('created_at'), s)} as day from point_transactions
      where organization_id = ${s.organizationId} and ${inPeriod(at('created_at'), s)}
    union all
    select c.user_id, c.day from checkins c join users u on u.id = c.user_id
      where u.organization_id = ${s.organizationId} and c.day between ${s.from}::date and ${s.to}::date
    union all
    select r.user_id, ${dayOf(at('r.answered_at'), s)} from challenge_responses r join challenges c on c.id = r.challenge_id
      where c.organization_id = ${s.organizationId} and ${inPeriod(at('r.answered_at'), s)}
    union all
    select t.user_id, ${dayOf(at('t.answered_at'), s)} from trivia_answers t join challenges c on c.id = t.challenge_id
      where c.organization_id = ${s.organizationId} and ${inPeriod(at('t.answered_at'), s)}
    union all
    select v.user_id, ${dayOf(at('v.created_at'), s)} from video_views v join videos i on i.id = v.video_id
      where i.organization_id = ${s.organizationId} and ${inPeriod(at('v.created_at'), s)}
    union all
    select a.user_id, ${dayOf(at('a.created_at'), s)} from article_reads a join articles i on i.id = a.article_id
      where i.organization_id = ${s.organizationId} and ${inPeriod(at('a.created_at'), s)}
    union all
    select v.user_id, ${dayOf(at('v.created_at'), s)} from story_chapter_views v join stories i on i.id = v.story_id
      where i.organization_id = ${s.organizationId} and ${inPeriod(at('v.created_at'), s)}
    union all
    select e.user_id, ${dayOf(at('e.created_at'), s)} from sweepstake_entries e join sweepstakes i on i.id = e.sweepstake_id
      where i.organization_id = ${s.organizationId} and ${inPeriod(at('e.created_at'), s)}`;
}

/**
 * Members: new by day (accounts created that day), active by day and over the whole period (distinct members), and
 * the organization's members at the end of the period (accounts not deleted by then).
 */
async function membersFigure(db: DbOrTx, s: FiguresScope): Promise<Figures['members']> {
  // Distinct (day, member) pairs of the live days are hashed once; per-day counts and the period's distinct members
  // both read them. The rolled-up days answer their per-day counts and, as the period ends on or after the rollup's
  // last day, its members active in the rolled days: those whose last rolled-up active day is one of them (the
  // `last_active` count by day); the live days add their members not active in the rolled days.
  // Without a rollup a season holds millions of activity rows: the hash gets the memory it needs for this statement.
  const { rolled, live } = split(s);
  const statement = sql`with pairs as materialized (select distinct day, user_id from (${activity(live)}) as a),
      active as (select day, count(*)::int as n from pairs group by day
        union all select day, n::int from (${rolledByDay(rolled, 'active')}) as r),
      joined as (
        select ${dayOf(sql.raw('created_at'), s)} as day, count(*)::int as n from users
        where organization_id = ${s.organizationId} and ${inPeriod(sql.raw('created_at'), s)} group by 1
      )
      select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(j.n, 0) as new, coalesce(a.n, 0) as active, null::int as total
        from (${daysOf(s)}) as days left join joined j on j.day = days.day left join active a on a.day = days.day
      union all
      select null, 0, ((select coalesce(sum(n), 0) from (${rolledByDay(rolled, 'last_active')}) as r)
          + (select count(*) from (select distinct user_id from pairs) as p where not exists (select 1 from activity_days d
            where d.organization_id = ${s.organizationId} and d.user_id = p.user_id and d.day between ${rolled.from}::date and ${rolled.to}::date)))::int,
        (select count(*)::int from users where organization_id = ${s.organizationId} and created_at < ${endOf(s)}
          and (deleted_at is null or deleted_at >= ${endOf(s)}))
      order by 1 nulls last`;
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '64MB'`);
    return rowsOf<{ day: string | null; new: number; active: number; total: number | null }>(tx, statement);
  });
  const totals = rows.find((r) => r.day === null)!;
  const days = rows.filter((r) => r.day !== null).map((r) => ({ day: String(r.day), new: Number(r.new), active: Number(r.active) }));
  return { total: Number(totals.total), new: sum(days.map((d) => d.new)), active: Number(totals.active), days };
}

/** Check-ins by day: the day each check-in counts for (an offline check-in keeps the day it was made). */
async function checkinsFigure(db: DbOrTx, s: FiguresScope): Promise<Figures['checkins']> {
  const { rolled, live } = split(s);
  const days = await countByDay(
    db,
    s,
    sql`select c.day, count(*) as n from checkins c join users u on u.id = c.user_id
      where u.organization_id = ${live.organizationId} and c.day between ${live.from}::date and ${live.to}::date group by c.day
      union all ${rolledByDay(rolled, 'checkins')}`,
  );
  return { total: sum(days.map((d) => d.count)), days };
}

/**
 * The ledger's points by day of `s` as rows of `day, earned, spent, expired` (spent and expired positive; spent
 * leaves the expiries out). Both parts read an index alone: all rows by organization and time, and the expiry rows'
 * partial index; the expiries are taken off the debits.
 */
function pointsByDay(s: FiguresScope): SQL {
  return sql`select ${dayOf(sql.raw('created_at'), s)} as day,
      sum(amount) filter (where amount > 0) as earned, -sum(amount) filter (where amount < 0) as spent, null::bigint as expired
    from point_transactions where organization_id = ${s.organizationId} and ${inPeriod(sql.raw('created_at'), s)}
    group by 1
    union all
    select ${dayOf(sql.raw('created_at'), s)}, null, sum(amount), -sum(amount)
    from point_transactions where organization_id = ${s.organizationId} and reason = 'expired' and ${inPeriod(sql.raw('created_at'), s)}
    group by 1`;
}

/** Points earned (the ledger's credits), spent (its debits but expiries, as a positive number) and expired by day. */
async function pointsFigure(db: DbOrTx, s: FiguresScope): Promise<Figures['points']> {
  const { rolled, live } = split(s);
  const rows = await rowsOf<{ day: string; earned: number | string; spent: number | string; expired: number | string }>(
    db,
    sql`select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(p.earned, 0)::int as earned, coalesce(p.spent, 0)::int as spent,
        coalesce(p.expired, 0)::int as expired
      from (${daysOf(s)}) as days left join (
        select day, sum(earned) as earned, sum(spent) as spent, sum(expired) as expired from (
          ${pointsByDay(live)}
          union all
          select day, sum(value) filter (where figure = 'points_earned'), sum(value) filter (where figure = 'points_spent'),
            sum(value) filter (where figure = 'points_expired')
          from figure_days where organization_id = ${rolled.organizationId} and figure in ('points_earned', 'points_spent', 'points_expired')
            and day between ${rolled.from}::date and ${rolled.to}::date
          group by day
        ) as both_parts group by day
      ) as p on p.day = days.day
      order by days.day`,
  );
  const days = rows.map((r) => ({ day: String(r.day), earned: Number(r.earned), spent: Number(r.spent), expired: Number(r.expired) }));
  return { earned: sum(days.map((d) => d.earned)), spent: sum(days.map((d) => d.spent)), expired: sum(days.map((d) => d.expired)), days };
}

/** Sweepstake entries bought by day, and the distinct members who bought any in the period. */
async function sweepstakeEntriesFigure(db: DbOrTx, s: FiguresScope): Promise<Figures['sweepstakeEntries']> {
  const entries = (p: FiguresScope) => sql`select ${dayOf(sql.raw('e.created_at'), p)} as day, e.user_id, e.count from sweepstake_entries e
    join sweepstakes i on i.id = e.sweepstake_id
    where i.organization_id = ${p.organizationId} and ${inPeriod(sql.raw('e.created_at'), p)}`;
  const { rolled, live } = split(s);
  // Entrants are distinct over the period, not a sum of days: they are counted from the entries themselves.
  const [days, [entrants]] = await Promise.all([
    countByDay(
      db,
      s,
      sql`select day, sum(count) as n from (${entries(live)}) as e group by day union all ${rolledByDay(rolled, 'sweepstake_entries')}`,
    ),
    rowsOf<{ n: number }>(db, sql`select count(distinct user_id)::int as n from (${entries(s)}) as e`),
  ]);
  return { total: sum(days.map((d) => d.count)), entrants: Number(entrants.n), days };
}

/** Award rows of one kind by day: `table` holds `created_at` and the item column `item` of parent `parent`. */
async function awardsByDay(
  db: DbOrTx,
  s: FiguresScope,
  table: 'video_views' | 'article_reads',
  parent: 'videos' | 'articles',
  item: 'video_id' | 'article_id',
) {
  const { rolled, live } = split(s);
  const days = await countByDay(
    db,
    s,
    sql`select ${dayOf(sql.raw('a.created_at'), live)} as day, count(*) as n from ${sql.raw(table)} a
      join ${sql.raw(parent)} i on i.id = a.${sql.raw(item)}
      where i.organization_id = ${live.organizationId} and ${inPeriod(sql.raw('a.created_at'), live)} group by 1
      union all ${rolledByDay(rolled, table)}`,
  );
  return { total: sum(days.map((d) => d.count)), days };
}

/** Video views (the view award: one per member and video) by day. */
const videoViewsFigure = (db: DbOrTx, s: FiguresScope): Promise<Figures['videoViews']> =>
  awardsByDay(db, s, 'video_views', 'videos', 'video_id');

/** Article reads (the read award: one per member and article) by day. */
const articleReadsFigure = (db: DbOrTx, s: FiguresScope): Promise<Figures['articleReads']> =>
  awardsByDay(db, s, 'article_reads', 'articles', 'article_id');

/** Participation by challenge: distinct members who answered it (or any of its trivia questions) in the period. */
async function challengesFigure(db: DbOrTx, s: FiguresScope): Promise<ChallengeParticipation[]> {
  // Rolled up: the members whose last rolled-up answer is in the scope's rolled days (the `participants` count by
  // day and challenge), plus the live days' members who did not answer in the rolled days.
  const { rolled, live } = split(s);
  const inRolled = sql`p.organization_id = ${s.organizationId} and p.last_day between ${rolled.from}::date and ${rolled.to}::date`;
  const rows = await rowsOf<{ id: string; title: string; type: string; subtype: string; participants: number }>(
    db,
    sql`with own as (select id from challenges where organization_id = ${s.organizationId}),
      answered as (
        select r.challenge_id, r.user_id from challenge_responses r
          where r.challenge_id in (select id from own) and ${inPeriod(sql.raw('r.answered_at'), live)}
        union
        select t.challenge_id, t.user_id from trivia_answers t
          where t.challenge_id in (select id from own) and ${inPeriod(sql.raw('t.answered_at'), live)}
      ),
      counted as (
        select key::uuid as challenge_id, sum(value) as n from figure_days
          where organization_id = ${s.organizationId} and figure = 'participants' and day between ${rolled.from}::date and ${rolled.to}::date
          group by key
        union all
        select a.challenge_id, count(*) from answered a
          where not exists (select 1 from challenge_participants p where ${inRolled} and p.challenge_id = a.challenge_id and p.user_id = a.user_id)
          group by a.challenge_id
      )
      select c.id, c.title, c.type, c.subtype, sum(a.n)::int as participants
      from counted a join challenges c on c.id = a.challenge_id
      group by c.id order by participants desc, c.title, c.id`,
  );
  return rows.map((r) => ({ id: r.id, title: r.title, type: r.type, subtype: r.subtype, participants: Number(r.participants) }));
}

/**
 * Story completion: per story viewed in the period, its chapters, the members who viewed a chapter in the period,
 * and those who completed it in the period (their last unseen chapter was viewed in the period). Rolled up: the
 * members whose last rolled-up view is in the scope's rolled days (`story_viewers`), plus the live days' viewers who
 * are not among them, each with every chapter they saw (rolled up and live).
 */
async function storiesFigure(db: DbOrTx, s: FiguresScope): Promise<StoryCompletion[]> {
  const { rolled, live } = split(s);
  const org = s.organizationId;
  const viewers =
    rolled.from > rolled.to
      ? sql`select p.story_id, p.user_id, count(*) as seen from viewed p
          join story_chapter_views v on v.story_id = p.story_id and v.user_id = p.user_id and v.created_at < ${endOf(s)}
          group by p.story_id, p.user_id`
      : sql`select p.story_id, p.user_id, p.seen + coalesce(l.seen, 0) as seen from story_viewers p
            left join live l on l.story_id = p.story_id and l.user_id = p.user_id
            where p.organization_id = ${org} and p.last_day between ${rolled.from}::date and ${rolled.to}::date
          union all
          select l.story_id, l.user_id, l.seen + coalesce(p.seen, 0) from live l
            left join story_viewers p on p.organization_id = ${org} and p.story_id = l.story_id and p.user_id = l.user_id
            where p.user_id is null or p.last_day < ${rolled.from}::date`;
  const rows = await rowsOf<{ id: string; title: string; chapters: number; viewers: number; completions: number }>(
    db,
    sql`with own as (select id from stories where organization_id = ${org}),
      viewed as materialized (
        select distinct v.story_id, v.user_id from story_chapter_views v
        where v.story_id in (select id from own) and ${inPeriod(sql.raw('v.created_at'), s)}
      ),
      live as (
        select v.story_id, v.user_id, count(*) as seen from story_chapter_views v
        where v.story_id in (select id from own) and ${inPeriod(sql.raw('v.created_at'), live)}
        group by v.story_id, v.user_id
      ),
      progress as (${viewers}),
      chapters as (
        select story_id, count(*) as n from story_chapters where story_id in (select id from own) group by story_id
      )
      select st.id, st.title, coalesce(ch.n, 0)::int as chapters, count(*)::int as viewers,
        (count(*) filter (where ch.n > 0 and p.seen >= ch.n))::int as completions
      from progress p join stories st on st.id = p.story_id left join chapters ch on ch.story_id = p.story_id
      group by st.id, ch.n order by completions desc, viewers desc, st.title, st.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    chapters: Number(r.chapters),
    viewers: Number(r.viewers),
    completions: Number(r.completions),
  }));
}

/** Every figure's statement by name, for the benchmark (`scripts/bench-figures.ts`) and the CSV export. */
export const FIGURE_STATEMENTS = {
  members: membersFigure,
  checkins: checkinsFigure,
  points: pointsFigure,
  sweepstakeEntries: sweepstakeEntriesFigure,
  videoViews: videoViewsFigure,
  articleReads: articleReadsFigure,
  challenges: challengesFigure,
  stories: storiesFigure,
} as const;

/** Referrals of the scope claimed in the period and referrals rewarded in it, from `referrals`. */
async function referralsFigure(db: DbOrTx, s: FiguresScope): Promise<Figures['referrals']> {
  const [row] = await rowsOf<{ claimed: number | string; rewarded: number | string }>(
    db,
    sql`select
      (select count(*) from referrals where organization_id = ${s.organizationId} and ${inPeriod(sql.raw('claimed_at'), s)}) as claimed,
      (select count(*) from referrals where organization_id = ${s.organizationId} and ${inPeriod(sql.raw('rewarded_at'), s)}) as rewarded`,
  );
  return { claimed: Number(row?.claimed ?? 0), rewarded: Number(row?.rewarded ?? 0) };
}

/** All figures of `scope`: the statements run side by side (each on its own pooled connection on PostgreSQL). */
export async function readFigures(db: DbOrTx, scope: FiguresScope, period: FiguresPeriod): Promise<Figures> {
  const [members, checkins, points, sweepstakeEntries, videoViews, articleReads, challenges, stories, referrals] = await Promise.all([
    membersFigure(db, scope),
    checkinsFigure(db, scope),
    pointsFigure(db, scope),
    sweepstakeEntriesFigure(db, scope),
    videoViewsFigure(db, scope),
    articleReadsFigure(db, scope),
    challengesFigure(db, scope),
    storiesFigure(db, scope),
    referralsFigure(db, scope),
  ]);
  return {
    period,
    timeZone: scope.timeZone,
    from: scope.from,
    to: scope.to,
    members,
    checkins,
    points,
    sweepstakeEntries,
    videoViews,
    articleReads,
    challenges,
    stories,
    referrals,
  };
}

/** A CSV table: its header and rows of cells. */
interface FigureTable {
  columns: string[];
  rows: Array<Array<string | number>>;
}

/**
 * One figure of `scope` as a table for the CSV export: the daily figures by day (`day` first, every day of the
 * period), challenges and stories by item, in the order of the JSON answer.
 */
async function figureTable(db: DbOrTx, scope: FiguresScope, figure: FigureName): Promise<FigureTable> {
  switch (figure) {
    case 'members': {
      const { days } = await membersFigure(db, scope);
      return { columns: ['day', 'new_members', 'active_members'], rows: days.map((d) => [d.day, d.new, d.active]) };
    }
    case 'points': {
      const { days } = await pointsFigure(db, scope);
      return {
        columns: ['day', 'points_earned', 'points_spent', 'points_expired'],
        rows: days.map((d) => [d.day, d.earned, d.spent, d.expired]),
      };
    }
    case 'checkins':
      return dailyTable('checkins', (await checkinsFigure(db, scope)).days);
    case 'sweepstake-entries':
      return dailyTable('sweepstake_entries', (await sweepstakeEntriesFigure(db, scope)).days);
    case 'video-views':
      return dailyTable('video_views', (await videoViewsFigure(db, scope)).days);
    case 'article-reads':
      return dailyTable('article_reads', (await articleReadsFigure(db, scope)).days);
    case 'challenges': {
      const rows = await challengesFigure(db, scope);
      return {
        columns: ['challenge_id', 'title', 'type', 'subtype', 'participants'],
        rows: rows.map((r) => [r.id, r.title, r.type, r.subtype, r.participants]),
      };
    }
    case 'stories': {
      const rows = await storiesFigure(db, scope);
      return {
        columns: ['story_id', 'title', 'chapters', 'viewers', 'completions'],
        rows: rows.map((r) => [r.id, r.title, r.chapters, r.viewers, r.completions]),
      };
    }
  }
}

const dailyTable = (column: string, days: Array<{ day: string; count: number }>): FigureTable => ({
  columns: ['day', column],
  rows: days.map((d) => [d.day, d.count]),
});

/**
 * The last closed day of an organization whose current day is `today`: the day before yesterday. Rows are stamped
 * by the database when written, except a check-in queued offline, which counts for the day it was made and is
 * honoured up to 24 hours late (`server/areas/checkin/checkin.service.ts`): yesterday can still receive one, the day before cannot.
 */
const lastClosedDay = (today: string) => addDays(today, -2);

/**
 * Rolls up the organization's closed days not rolled up yet, in one transaction, and returns the
 * days its rollup holds (null when none is closed yet). Idempotent and safe when requests race: the organization's
 * `figures_rollups` row is locked (`for update`) while the days are added, so a second request waits and finds
 * them done. The first rollup starts at the earliest first day of any period at `now`; later ones continue from
 * the last rolled-up day. When the organization's time zone changed, the rollup is made again from scratch.
 */
async function rollUpClosedDays(db: DbOrTx, organization: { id: string; timeZone: string }, now: Date): Promise<RolledDays | null> {
  const today = dayInZone(now, organization.timeZone);
  const through = lastClosedDay(today);
  const start = FIGURES_PERIODS.map((p) => periodDays(p, today).from).reduce((a, b) => (a < b ? a : b));
  const org = organization.id;
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into figures_rollups (organization_id, time_zone) values (${org}, ${organization.timeZone}) on conflict do nothing`,
    );
    const [marker] = await rowsOf<{ time_zone: string; from_day: string | null; through_day: string | null }>(
      tx,
      sql`select time_zone, to_char(from_day, 'YYYY-MM-DD') as from_day, to_char(through_day, 'YYYY-MM-DD') as through_day
        from figures_rollups where organization_id = ${org} for update`,
    );
    let done: RolledDays | null = marker.from_day && marker.through_day ? { from: marker.from_day, through: marker.through_day } : null;
    if (marker.time_zone !== organization.timeZone) {
      for (const table of ['activity_days', 'figure_days', 'challenge_participants', 'story_viewers']) {
        await tx.execute(sql`delete from ${sql.raw(table)} where organization_id = ${org}`);
      }
      done = null;
    }
    const first = done ? addDays(done.through, 1) : start;
    if (first > through) return done;
    await tx.execute(sql`set local work_mem = '64MB'`);
    await rollUp(tx, { organizationId: org, timeZone: organization.timeZone, from: first, to: through, rolled: null }, done === null);
    const rolled = { from: done?.from ?? start, through };
    await tx.execute(sql`update figures_rollups set time_zone = ${organization.timeZone}, from_day = ${rolled.from}::date,
      through_day = ${rolled.through}::date where organization_id = ${org}`);
    return rolled;
  });
}

/**
 * Writes the rollup of the days of `r` (none of them rolled up yet): each statement reads the days' rows once.
 * `first`: this is the organization's first rollup, so the story progress also counts the chapters viewed before
 * its first day (a story's completion needs every chapter a member ever saw).
 */
async function rollUp(tx: DbOrTx, r: FiguresScope, first: boolean) {
  const org = r.organizationId;
  const totals = (figure: string, grouped: SQL) =>
    tx.execute(sql`insert into figure_days (organization_id, figure, day, key, value)
      select ${org}, ${figure}, day, '', n from (${grouped}) as g on conflict do nothing`);
  await tx.execute(sql`insert into activity_days (organization_id, user_id, day)
    select distinct ${org}::uuid, user_id, day from (${activity(r)}) as a on conflict do nothing`);
  // Members active in these days move their last active day here: counted on their new last day, no longer on the
  // one before (an earlier rollup's).
  await tx.execute(sql`with latest as (
      select user_id, max(day) as day from activity_days
      where organization_id = ${org} and day between ${r.from}::date and ${r.to}::date group by user_id
    ), moved as (
      select day, count(*) as n from latest group by day
      union all
      select before.day, -count(*) from latest l cross join lateral (select max(a.day) as day from activity_days a
        where a.organization_id = ${org} and a.user_id = l.user_id and a.day < ${r.from}::date) as before
      where before.day is not null group by before.day
    )
    insert into figure_days (organization_id, figure, day, key, value)
    select ${org}, 'last_active', day, '', sum(n) from moved group by day
    on conflict (organization_id, figure, day, key) do update set value = figure_days.value + excluded.value`);
  await totals(
    'active',
    sql`select day, count(*) as n from activity_days
    where organization_id = ${org} and day between ${r.from}::date and ${r.to}::date group by day`,
  );
  await totals(
    'checkins',
    sql`select c.day, count(*) as n from checkins c join users u on u.id = c.user_id
    where u.organization_id = ${org} and c.day between ${r.from}::date and ${r.to}::date group by c.day`,
  );
  await tx.execute(sql`insert into figure_days (organization_id, figure, day, key, value)
    select ${org}, f.figure, p.day, '', f.value from (
      select day, sum(earned) as earned, sum(spent) as spent, sum(expired) as expired from (${pointsByDay(r)}) as parts group by day
    ) as p cross join lateral (values ('points_earned', p.earned), ('points_spent', p.spent), ('points_expired', p.expired)) as f(figure, value)
    where f.value is not null and f.value <> 0 on conflict do nothing`);
  await totals(
    'sweepstake_entries',
    sql`select ${dayOf(sql.raw('e.created_at'), r)} as day, sum(e.count) as n from sweepstake_entries e
    join sweepstakes i on i.id = e.sweepstake_id where i.organization_id = ${org} and ${inPeriod(sql.raw('e.created_at'), r)} group by 1`,
  );
  for (const [table, parent, item] of [
    ['video_views', 'videos', 'video_id'],
    ['article_reads', 'articles', 'article_id'],
  ] as const) {
    await totals(
      table,
      sql`select ${dayOf(sql.raw('a.created_at'), r)} as day, count(*) as n from ${sql.raw(table)} a
      join ${sql.raw(parent)} i on i.id = a.${sql.raw(item)} where i.organization_id = ${org} and ${inPeriod(sql.raw('a.created_at'), r)} group by 1`,
    );
  }
  // As for active members: a member answering again moves from their previous last day to the new one.
  await tx.execute(sql`with latest as (
      select challenge_id, user_id, max(day) as day from (${answersByDay(r)}) as a group by challenge_id, user_id
    ), moved as (
      select day, challenge_id, count(*) as n from latest group by day, challenge_id
      union all
      select p.last_day, p.challenge_id, -count(*) from latest l join challenge_participants p
        on p.organization_id = ${org} and p.challenge_id = l.challenge_id and p.user_id = l.user_id
      group by p.last_day, p.challenge_id
    )
    insert into figure_days (organization_id, figure, day, key, value)
    select ${org}, 'participants', day, challenge_id::text, sum(n) from moved group by day, challenge_id
    on conflict (organization_id, figure, day, key) do update set value = figure_days.value + excluded.value`);
  await tx.execute(sql`insert into story_viewers (organization_id, story_id, user_id, seen, last_day)
    select ${org}, v.story_id, v.user_id, count(*), max(${dayOf(sql.raw('v.created_at'), r)}) from story_chapter_views v
      join stories i on i.id = v.story_id
      where i.organization_id = ${org} and ${first ? sql`v.created_at < ${endOf(r)}` : inPeriod(sql.raw('v.created_at'), r)}
      group by v.story_id, v.user_id
    on conflict (organization_id, story_id, user_id)
      do update set seen = story_viewers.seen + excluded.seen, last_day = greatest(story_viewers.last_day, excluded.last_day)`);
  await tx.execute(sql`insert into challenge_participants (organization_id, challenge_id, user_id, last_day)
    select ${org}, challenge_id, user_id, max(day) from (${answersByDay(r)}) as a group by challenge_id, user_id
    on conflict (organization_id, challenge_id, user_id) do update set last_day = greatest(challenge_participants.last_day, excluded.last_day)`);
}

/** Every answer (challenge responses and trivia answers) of the organization in the days of `r`, with its day. */
function answersByDay(r: FiguresScope): SQL {
  const org = r.organizationId;
  return sql`select r.challenge_id, r.user_id, ${dayOf(sql.raw('r.answered_at'), r)} as day from challenge_responses r
        join challenges c on c.id = r.challenge_id where c.organization_id = ${org} and ${inPeriod(sql.raw('r.answered_at'), r)}
      union all
      select t.challenge_id, t.user_id, ${dayOf(sql.raw('t.answered_at'), r)} from trivia_answers t
        join challenges c on c.id = t.challenge_id where c.organization_id = ${org} and ${inPeriod(sql.raw('t.answered_at'), r)}`;
}

/**
 * The scope of `period` for an organization at `now`, after rolling up its closed days (`rollUpClosedDays`): what
 * the figures routes read.
 */
export async function openFiguresScope(
  db: DbOrTx,
  organization: { id: string; timeZone: string },
  period: FiguresPeriod,
  now: Date,
): Promise<FiguresScope> {
  return figuresScope(organization, period, now, await rollUpClosedDays(db, organization, now));
}

/**
 * The figures of `period` for `organization` at `now`, its closed days rolled up first (`openFiguresScope`).
 * @returns the figures of the contract
 */
export async function figuresOf(
  { db }: Pick<AppDeps, 'db'>,
  organization: { id: string; timeZone: string },
  period: FiguresPeriod,
  now: Date,
): Promise<Figures> {
  return readFigures(db, await openFiguresScope(db, organization, period, now), period);
}

/**
 * One figure of `period` for `organization` at `now` as a table (a row per day, or per challenge or story), its
 * closed days rolled up first.
 * @returns the table with the first and last day of the period
 */
export async function figureTableOf(
  { db }: Pick<AppDeps, 'db'>,
  organization: { id: string; timeZone: string },
  period: FiguresPeriod,
  figure: FigureName,
  now: Date,
): Promise<{ table: FigureTable; from: string; to: string }> {
  const scope = await openFiguresScope(db, organization, period, now);
  return { table: await figureTable(db, scope, figure), from: scope.from, to: scope.to };
}

/**
 * Rolls up every organization's closed days at `now` (`rollUpClosedDays`), one organization after the other: run
 * hourly by `server/main.ts` so that a figures request finds the days done and stays fast, even the first one of a
 * day. Safe beside requests and other processes doing the same (each organization's rollup is locked while it runs).
 */
export async function rollUpEveryOrganization(db: DbOrTx, now: Date): Promise<void> {
  const organizations = await rowsOf<{ id: string; time_zone: string }>(db, sql`select id, time_zone from organizations order by id`);
  for (const organization of organizations) await rollUpClosedDays(db, { id: organization.id, timeZone: organization.time_zone }, now);
}
