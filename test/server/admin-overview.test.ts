/**
 * The console's overview (`GET /api/admin/overview`) over a small known dataset written straight into
 * the tables with chosen times, the demo organization's own items archived, claimed or sent first: what is live now
 * and what starts within the week, pick'ems past their lock without a result, sweepstakes ended and not drawn,
 * unclaimed prizes and scheduled notifications, each answer checked with the shared contract; drafts, archived
 * items, resolved pick'ems, claimed or replaced winners, sent notifications and another organization's rows are left
 * out; only operators may read it.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OverviewResponseSchema, type Overview } from '../../src/contracts/admin/overview';
import {
  activations,
  challenges,
  pushNotifications,
  stories,
  sweepstakes,
  sweepstakeWinners,
  users,
  venueEvents,
} from '../../server/db/schema';
import { createChallenges, createOrganization } from '../../server/seed/factories';
import { createTestContext, type TestContext } from './helpers';

const OPERATOR = 'ops@alpine-racing.example';
const NOW = '2026-11-27T12:00:00Z';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** An instant `offset` milliseconds from NOW, as a Date. */
const at = (offset: number) => new Date(Date.parse(NOW) + offset);

let t: TestContext;
let ops: string;
let fan: string;
const ids: Record<string, string> = {};

const pickem = (title: string, over: Partial<typeof challenges.$inferInsert> = {}) => ({
  type: 'poll' as const,
  subtype: 'pickem' as const,
  title,
  visibleFrom: at(-3 * DAY),
  expiresOn: at(2 * DAY),
  options: [
    { text: 'Léa', points: 10 },
    { text: 'Marco', points: 10 },
  ],
  ...over,
});

/** Inserts a sweepstake of the demo organization; returns its id. */
async function sweepstake(title: string, startsAt: Date, endsAt: Date, over: Partial<typeof sweepstakes.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(sweepstakes)
    .values({ organizationId: t.organization.id, title, startsAt, endsAt, entryCost: 5, claimDays: 10, ...over })
    .returning({ id: sweepstakes.id });
  return row.id;
}

beforeAll(async () => {
  t = await createTestContext({ env: { OPERATOR_EMAILS: OPERATOR } });
  ops = await t.signIn(OPERATOR);
  fan = await t.signIn('winner@example.com');
  t.clock.set(NOW);
  const org = t.organization.id;
  // The demo's own items are put out of the way: only the rows below count.
  for (const table of [challenges, stories, sweepstakes, activations, venueEvents]) {
    await t.db
      .update(table)
      .set({ archivedAt: at(-DAY) })
      .where(eq(table.organizationId, org));
  }
  const own = t.db.select({ id: sweepstakes.id }).from(sweepstakes).where(eq(sweepstakes.organizationId, org));
  await t.db
    .update(sweepstakeWinners)
    .set({ claimedAt: at(-DAY) })
    .where(inArray(sweepstakeWinners.sweepstakeId, own));
  await t.db.update(pushNotifications).set({ status: 'sent' }).where(eq(pushNotifications.organizationId, org));

  const [kickedOff, ended, resolved, upcoming, draft, poll, soon, later] = await createChallenges(t.db, org, [
    pickem('Kicked off, no result', { locksAt: at(-2 * HOUR) }),
    pickem('Ended, no kick-off set', { locksAt: null, expiresOn: at(-HOUR) }),
    pickem('Kicked off, result in', { locksAt: at(-2 * HOUR), expiresOn: at(2 * DAY + HOUR), correctIndex: 0, resultEnteredAt: at(-HOUR) }),
    pickem('Kicks off tonight', { locksAt: at(6 * HOUR), expiresOn: at(3 * DAY) }),
    pickem('Draft pick', { locksAt: at(-2 * HOUR), draft: true }),
    { type: 'poll', subtype: 'poll', title: 'Poll ending tomorrow', visibleFrom: at(-DAY), expiresOn: at(DAY), options: [] },
    { type: 'poll', subtype: 'poll', title: 'Poll on Monday', visibleFrom: at(3 * DAY), expiresOn: at(5 * DAY), options: [] },
    { type: 'poll', subtype: 'poll', title: 'Poll in two weeks', visibleFrom: at(14 * DAY), options: [] },
  ]);
  Object.assign(ids, {
    kickedOff: kickedOff.id,
    ended: ended.id,
    resolved: resolved.id,
    upcoming: upcoming.id,
    draft: draft.id,
    poll: poll.id,
    soon: soon.id,
    later: later.id,
  });

  ids.due = await sweepstake('Ended, not drawn', at(-10 * DAY), at(-HOUR));
  ids.drawn = await sweepstake('Ended and drawn', at(-10 * DAY), at(-2 * DAY), { drawnAt: at(-DAY) });
  ids.nextWeek = await sweepstake('Starts in three days', at(3 * DAY), at(10 * DAY));
  ids.draftDue = await sweepstake('Draft ended', at(-10 * DAY), at(-HOUR), { draft: true });
  const [winner] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'winner@example.com'));
  await t.db.insert(sweepstakeWinners).values([
    { sweepstakeId: ids.drawn, userId: winner.id, place: 1, ticket: 0, drawnAt: at(-DAY) },
    { sweepstakeId: ids.drawn, userId: winner.id, place: 2, ticket: 1, drawnAt: at(-DAY), claimedAt: at(-HOUR) },
    { sweepstakeId: ids.drawn, userId: winner.id, place: 3, ticket: 2, drawnAt: at(-DAY), replacedAt: at(-HOUR) },
  ]);

  const notification = (title: string, status: string) => ({
    organizationId: org,
    topic: 'news',
    title,
    body: 'Body',
    sendAt: at(5 * HOUR),
    status,
    createdByEmail: OPERATOR,
  });
  const [scheduledPush] = await t.db
    .insert(pushNotifications)
    .values([notification('Lights out at 15:00', 'scheduled'), notification('Already sent', 'sent')])
    .returning({ id: pushNotifications.id });
  ids.push = scheduledPush.id;

  const other = await createOrganization(t.db, { name: 'Other club', publicKey: 'pk_test_other_overview' });
  await createChallenges(t.db, other.id, [pickem("Another club's pick", { locksAt: at(-HOUR) })]);
}, 180_000);
afterAll(async () => t.close());

/** Reads the overview as `token`, checks the answer with the shared contract. */
async function overview(token = ops): Promise<Overview> {
  const res = await t.request('GET', '/api/admin/overview', { token });
  expect(res.status).toBe(200);
  return OverviewResponseSchema.parse(res.body).data;
}

describe('GET /api/admin/overview', () => {
  it("lists the pick'ems past their lock without a result, oldest lock first", async () => {
    const { pickems } = await overview();
    expect(pickems).toEqual({
      total: 2,
      items: [
        { id: ids.kickedOff, title: 'Kicked off, no result', lockedAt: at(-2 * HOUR).toISOString() },
        { id: ids.ended, title: 'Ended, no kick-off set', lockedAt: at(-HOUR).toISOString() },
      ],
    });
  });

  it('lists the sweepstakes that ended and were not drawn, and the prizes not claimed with their deadline', async () => {
    const { draws, prizes } = await overview();
    expect(draws).toEqual({ total: 1, items: [{ id: ids.due, title: 'Ended, not drawn', endsAt: at(-HOUR).toISOString() }] });
    expect(prizes).toEqual({
      total: 1,
      items: [
        {
          sweepstakeId: ids.drawn,
          title: 'Ended and drawn',
          place: 1,
          drawnAt: at(-DAY).toISOString(),
          claimBy: at(9 * DAY).toISOString(),
        },
      ],
    });
  });

  it('lists the notifications still scheduled', async () => {
    const { notifications } = await overview();
    expect(notifications).toEqual({
      total: 1,
      items: [{ id: ids.push, title: 'Lights out at 15:00', sendAt: at(5 * HOUR).toISOString() }],
    });
  });

  it('lists the content live now, ending soonest first, and the content starting within the week', async () => {
    const { live, scheduled, now, weekEnd } = await overview();
    expect([now, weekEnd]).toEqual([NOW.replace('Z', '.000Z'), at(7 * DAY).toISOString()]);
    // A pick'em is live until its end, locked or not; the draft and the one that ended are not.
    expect(live.items.map((item) => [item.resource, item.title])).toEqual([
      ['challenges', 'Poll ending tomorrow'],
      ['challenges', 'Kicked off, no result'],
      ['challenges', 'Kicked off, result in'],
      ['challenges', 'Kicks off tonight'],
    ]);
    expect(live.total).toBe(4);
    expect(scheduled).toEqual({
      total: 2,
      items: [
        { resource: 'challenges', id: ids.soon, title: 'Poll on Monday', start: at(3 * DAY).toISOString(), end: at(5 * DAY).toISOString() },
        {
          resource: 'sweepstakes',
          id: ids.nextWeek,
          title: 'Starts in three days',
          start: at(3 * DAY).toISOString(),
          end: at(10 * DAY).toISOString(),
        },
      ],
    });
  });

  it('moves with the clock: once a draw is run it leaves the list', async () => {
    await t.db
      .update(sweepstakes)
      .set({ drawnAt: at(0) })
      .where(eq(sweepstakes.id, ids.due));
    const { draws } = await overview();
    expect(draws).toEqual({ total: 0, items: [] });
  });

  it('is for operators only', async () => {
    expect((await t.request('GET', '/api/admin/overview', { token: fan })).status).toBe(403);
    expect((await t.request('GET', '/api/admin/overview', { token: null })).status).toBe(401);
  });
});
