/**
 * Points that expire, with fair warning, on PGlite and PostgreSQL: the organization's setting
 * (empty = never), expiry oldest-first so spent points never expire, ranks untouched, one `expired` row per member and
 * day however often the job runs, `nextExpiry` on `GET /api/user/me`, reminders by push and e-mail within consents and
 * once per expiry day, the SQL job agreeing with the shared rule over a simulated season, and a spend racing the job.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminOrganizationResponseSchema } from '../../src/contracts/admin/organization';
import { UserResponseSchema } from '../../src/contracts/user';
import { dayInZone } from '../../src/rules/calendar';
import { expiryReference, isReminderDue, nextExpiry, pointsExpiringBy } from '../../src/rules/points-expiry';
import { pointsExpiryReminders, pointTransactions, users } from '../../server/db/schema';
import { awardPoints, InsufficientPointsError, spendPoints } from '../../server/kernel/ledger';
import { runPointsExpiry } from '../../server/jobs/points-expiry';
import { startPushService, type PushServiceStandIn } from '../stand-ins/push-service';
import { createMember } from './content-fixtures';
import { createTestContext, type TestContext } from './helpers';

const OPERATOR = 'expiry-ops@alpine-racing.example';
const ZONE = 'Europe/Paris';
const DAYS = 30;
const setting = { pointsExpireAfterDays: DAYS, timeZone: ZONE };
let t: TestContext;
let ops: string;
let service: PushServiceStandIn;
beforeAll(async () => {
  service = await startPushService();
  t = await createTestContext({ env: { OPERATOR_EMAILS: OPERATOR, PUSH_ALLOW_INSECURE_ENDPOINTS: 'true' } });
  ops = await t.signIn(OPERATOR);
});
afterAll(async () => {
  await t.close();
  await service.stop();
});

const at = (iso: string) => new Date(iso);
const award = (userId: string, amount: number, when: string, reference = `test:earn:${when}:${amount}`) =>
  t.db.transaction((tx) => awardPoints(tx, { userId, amount, reason: 'adjustment', reference, at: at(when) }));
const spend = (userId: string, amount: number, when: string, reference = `test:spend:${when}:${amount}`) =>
  t.db.transaction((tx) => spendPoints(tx, { userId, amount, reason: 'sweepstake_entry', reference, at: at(when) }));
const wallet = async (userId: string) =>
  (await t.db.select({ points: users.points, lifetime: users.lifetimePoints }).from(users).where(eq(users.id, userId)))[0];
const ledger = (userId: string) =>
  t.db
    .select({
      amount: pointTransactions.amount,
      reason: pointTransactions.reason,
      reference: pointTransactions.reference,
      createdAt: pointTransactions.createdAt,
    })
    .from(pointTransactions)
    .where(eq(pointTransactions.userId, userId))
    .orderBy(pointTransactions.createdAt);
const expiries = async (userId: string) => (await ledger(userId)).filter((row) => row.reason === 'expired');
const me = async (token: string) => UserResponseSchema.parse((await t.request('GET', '/api/user/me', { token })).body).data;
const patchSetting = (value: number | null) =>
  t.request('PATCH', '/api/admin/organization', { token: ops, body: { pointsExpireAfterDays: value } });

describe('the setting', () => {
  it('is empty by default: points never expire and members see no expiry', async () => {
    const settings = AdminOrganizationResponseSchema.parse((await t.request('GET', '/api/admin/organization', { token: ops })).body).data;
    expect(settings.pointsExpireAfterDays).toBeNull();
    const member = await createMember(t);
    await award(member.userId, 100, '2026-01-01T10:00:00Z');
    expect(await runPointsExpiry(t.deps, at('2027-03-01T10:00:00Z'))).toEqual({ organizations: 0, members: 0, points: 0, reminded: 0 });
    expect(await wallet(member.userId)).toEqual({ points: 100, lifetime: 100 });
    expect((await me(member.token)).nextExpiry).toBeNull();
  });

  it('an operator sets it (whole days, 1 to 3650) with PATCH /api/admin/organization', async () => {
    expect((await patchSetting(0)).status).toBe(422);
    expect((await patchSetting(1.5)).status).toBe(422);
    const res = await patchSetting(DAYS);
    expect(res.status).toBe(200);
    expect(AdminOrganizationResponseSchema.parse(res.body).data.pointsExpireAfterDays).toBe(DAYS);
  });
});

describe('the daily job', () => {
  it('expires the oldest points first, never points that were spent, and never lowers the rank', async () => {
    const member = await createMember(t);
    await award(member.userId, 100, '2027-01-05T10:00:00Z');
    await award(member.userId, 50, '2027-01-20T10:00:00Z');
    await spend(member.userId, 80, '2027-01-25T10:00:00Z');
    const rankBefore = (await me(member.token)).rank;

    await runPointsExpiry(t.deps, at('2027-02-03T22:00:00Z'));
    expect(await expiries(member.userId)).toEqual([]);
    // 4 Feb (Paris): the 5 Jan lot's day; 80 of its 100 points were spent.
    await runPointsExpiry(t.deps, at('2027-02-04T06:00:00Z'));
    expect((await expiries(member.userId)).map((r) => [r.amount, r.reference])).toEqual([[-20, 'expiry:2027-02-04']]);
    expect(await wallet(member.userId)).toEqual({ points: 50, lifetime: 150 });
    t.clock.set('2027-02-05T10:00:00Z');
    const after = await me(member.token);
    expect(after.rank).toBe(rankBefore);
    expect(after.nextExpiry).toEqual({ points: 50, on: '2027-02-19' });

    await runPointsExpiry(t.deps, at('2027-02-19T06:00:00Z'));
    expect(await wallet(member.userId)).toEqual({ points: 0, lifetime: 150 });
    expect((await me(member.token)).nextExpiry).toBeNull();
  });

  it('writes one expiry row per member and day however often and from however many processes it runs', async () => {
    const member = await createMember(t);
    await award(member.userId, 70, '2027-01-06T10:00:00Z');
    const now = at('2027-02-05T07:00:00Z');
    await Promise.all([runPointsExpiry(t.deps, now), runPointsExpiry(t.deps, now), runPointsExpiry(t.deps, now)]);
    await runPointsExpiry(t.deps, at('2027-02-05T20:00:00Z'));
    expect((await expiries(member.userId)).map((r) => [r.amount, r.reference])).toEqual([[-70, 'expiry:2027-02-05']]);
    expect(await wallet(member.userId)).toEqual({ points: 0, lifetime: 70 });
  });

  it('agrees with the shared rule over a simulated season of awards, spends and daily runs', async () => {
    let seed = 91;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const members = await Promise.all(Array.from({ length: 8 }, () => createMember(t)));
    const ids = members.map((m) => m.userId);
    /** Every member's ledger, in one read. */
    const ledgers = async () => {
      const rows = await t.db
        .select({
          userId: pointTransactions.userId,
          amount: pointTransactions.amount,
          reference: pointTransactions.reference,
          createdAt: pointTransactions.createdAt,
        })
        .from(pointTransactions)
        .where(inArray(pointTransactions.userId, ids));
      return new Map(ids.map((id) => [id, rows.filter((r) => r.userId === id)]));
    };
    const expectedReminders = new Map<string, number>();
    let expiredTotal = 0;
    for (let d = 0; d < 45; d += 1) {
      const day = new Date(Date.UTC(2027, 3, 1 + d)).toISOString().slice(0, 10);
      const jobAt = at(`${day}T04:30:00Z`);
      // What the rule says is due, from the ledger as it stands before the run.
      const before = await ledgers();
      await runPointsExpiry(t.deps, jobAt);
      const after = await ledgers();
      for (const id of ids) {
        const due = pointsExpiringBy(before.get(id)!, setting, dayInZone(jobAt, ZONE));
        const row = after.get(id)!.find((r) => r.reference === expiryReference(day));
        expect(row ? -row.amount : 0, `${id} on ${day}`).toBe(due);
        expiredTotal += due;
        const next = nextExpiry(after.get(id)!, setting, jobAt);
        const key = next ? `${id}|${next.on}` : '';
        if (next && isReminderDue(next.on, day) && !expectedReminders.has(key)) expectedReminders.set(key, next.points);
      }
      for (const member of members) {
        const choice = random();
        const when = `${day}T${String(10 + Math.floor(random() * 10)).padStart(2, '0')}:00:00Z`;
        if (choice < 0.5) await award(member.userId, 1 + Math.floor(random() * 60), when, `sim:earn:${day}`);
        else if (choice < 0.7) {
          const { points } = await wallet(member.userId);
          if (points > 0) await spend(member.userId, 1 + Math.floor(random() * Math.min(points, 40)), when, `sim:spend:${day}`);
        }
      }
    }
    expect(expiredTotal).toBeGreaterThan(0);
    expect(expectedReminders.size).toBeGreaterThan(0);
    const written = await t.db.select().from(pointsExpiryReminders).where(inArray(pointsExpiryReminders.userId, ids));
    expect(new Map(written.map((r) => [`${r.userId}|${r.expiresOn}`, r.points]))).toEqual(expectedReminders);
    for (const id of ids) {
      const rows = await ledger(id);
      expect((await wallet(id)).points).toBe(rows.reduce((sum, r) => sum + r.amount, 0));
    }
  }, 120_000);

  it('a spend racing the job is never counted twice: the member keeps exactly what FIFO says', async () => {
    const members = await Promise.all(Array.from({ length: 16 }, () => createMember(t)));
    for (const member of members) {
      await award(member.userId, 100, '2027-06-01T10:00:00Z');
      await award(member.userId, 50, '2027-06-20T10:00:00Z');
    }
    const jobAt = at('2027-07-01T06:00:00Z');
    const results = await Promise.allSettled([
      runPointsExpiry(t.deps, jobAt),
      ...members.map((member) => spend(member.userId, 120, '2027-07-01T06:00:00Z', 'race:spend')),
      runPointsExpiry(t.deps, jobAt),
    ]);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(InsufficientPointsError);
    }
    for (const member of members) {
      const rows = await ledger(member.userId);
      const spent = 0 - rows.filter((r) => r.reason === 'sweepstake_entry').reduce((sum, r) => sum + r.amount, 0);
      const expired = 0 - rows.filter((r) => r.reason === 'expired').reduce((sum, r) => sum + r.amount, 0);
      // Either the spend came first (it used 100 old + 20 new points, nothing left to expire) or the job did (100
      // expired, and 120 could no longer be spent from 50).
      expect([
        [120, 0],
        [0, 100],
      ]).toContainEqual([spent, expired]);
      expect(await wallet(member.userId)).toEqual({ points: 150 - spent - expired, lifetime: 150 });
      expect(rows.filter((r) => r.reason === 'expired').length).toBeLessThanOrEqual(1);
    }
  });
});

describe('nextExpiry and reminders', () => {
  it('reminds once per expiry day, 7 days before, by push on the points topic and by e-mail with the consent only', async () => {
    const told = await createMember(t);
    const quiet = await createMember(t);
    const device = service.subscription();
    const subscribed = await t.request('PUT', '/api/push/subscription', {
      token: told.token,
      body: { endpoint: device.endpoint, keys: device.keys, topics: ['points'], language: 'fr' },
    });
    expect(subscribed.status).toBe(200);
    const otherDevice = service.subscription();
    await t.request('PUT', '/api/push/subscription', {
      token: quiet.token,
      body: { endpoint: otherDevice.endpoint, keys: otherDevice.keys, topics: ['picks'], language: 'en' },
    });
    const consents = (await t.request('GET', '/api/consent/user', { token: told.token })).body.data as Array<{
      id: string;
      consentId: string;
    }>;
    const marketing = consents.find((c) => c.id === 'marketing-emails')!;
    const consent = await t.request('PATCH', `/api/consent/user/${marketing.id}`, {
      token: told.token,
      body: { consentId: marketing.consentId, value: 1 },
    });
    expect(consent.status).toBe(200);
    for (const member of [told, quiet]) {
      await award(member.userId, 120, '2027-11-12T10:00:00Z');
      await award(member.userId, 30, '2027-11-20T10:00:00Z');
    }
    // 12 Dec is 8 days away on 4 Dec: not yet.
    await runPointsExpiry(t.deps, at('2027-12-04T06:00:00Z'));
    expect(t.expiryMails.filter((m) => m.email === told.email)).toEqual([]);
    t.clock.set('2027-12-05T10:00:00Z');
    expect((await me(told.token)).nextExpiry).toEqual({ points: 120, on: '2027-12-12' });

    const now = at('2027-12-05T06:00:00Z');
    await Promise.all([runPointsExpiry(t.deps, now), runPointsExpiry(t.deps, now)]);
    await runPointsExpiry(t.deps, at('2027-12-06T06:00:00Z'));
    expect(t.expiryMails.filter((m) => m.email === told.email)).toEqual([
      { email: told.email, organizationName: expect.any(String), points: 120, on: '2027-12-12' },
    ]);
    expect(t.expiryMails.filter((m) => m.email === quiet.email)).toEqual([]);
    const pushes = service.received.filter((r) => r.subscriptionId === device.id);
    expect(pushes).toHaveLength(1);
    expect(pushes[0].payload).toMatchObject({
      topic: 'points',
      url: '/history',
      body: expect.stringContaining('120 points expirent le 12 déc'),
    });
    expect(service.received.filter((r) => r.subscriptionId === otherDevice.id)).toEqual([]);
    const rows = await t.db
      .select()
      .from(pointsExpiryReminders)
      .where(and(inArray(pointsExpiryReminders.userId, [told.userId, quiet.userId])));
    expect(rows.map((r) => [r.userId, r.expiresOn, r.points]).sort()).toEqual(
      [
        [told.userId, '2027-12-12', 120],
        [quiet.userId, '2027-12-12', 120],
      ].sort(),
    );
  });

  it('a suspended member is not reminded', async () => {
    const member = await createMember(t);
    await award(member.userId, 40, '2027-12-01T10:00:00Z');
    await t.db
      .update(users)
      .set({ suspendedAt: at('2027-12-01T00:00:00Z') })
      .where(eq(users.id, member.userId));
    await runPointsExpiry(t.deps, at('2027-12-26T06:00:00Z'));
    expect(await t.db.select().from(pointsExpiryReminders).where(eq(pointsExpiryReminders.userId, member.userId))).toEqual([]);
  });
});

describe('figures', () => {
  it('show the points expired per day apart from those spent, live and once the day is rolled up', async () => {
    const expiring = await createMember(t);
    const spender = await createMember(t);
    await award(expiring.userId, 90, '2027-09-01T10:00:00Z');
    await award(spender.userId, 40, '2027-09-25T10:00:00Z');
    await runPointsExpiry(t.deps, at('2027-10-01T07:00:00Z'));
    await spend(spender.userId, 15, '2027-10-01T08:00:00Z');
    const expiredThatDay = (
      await t.db
        .select({ amount: pointTransactions.amount })
        .from(pointTransactions)
        .where(eq(pointTransactions.reference, 'expiry:2027-10-01'))
    ).reduce((sum, row) => sum - row.amount, 0);
    expect(expiredThatDay).toBeGreaterThanOrEqual(90);
    const figures = async (period: string) => {
      const res = await t.request('GET', `/api/admin/figures?period=${period}`, { token: ops });
      expect(res.status, res.text).toBe(200);
      return res.body.data.points as {
        expired: number;
        spent: number;
        days: Array<{ day: string; earned: number; spent: number; expired: number }>;
      };
    };
    t.clock.set('2027-10-01T12:00:00Z');
    expect(await figures('today')).toMatchObject({ expired: expiredThatDay, spent: 15 });
    t.clock.set('2027-10-20T12:00:00Z');
    const month = await figures('30d');
    expect(month.days.find((d) => d.day === '2027-10-01')).toEqual({ day: '2027-10-01', earned: 0, spent: 15, expired: expiredThatDay });
    expect(month.expired).toBe(expiredThatDay);
  });
});
