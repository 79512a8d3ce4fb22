import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckinResultResponseSchema, CheckinStatusResponseSchema } from '../../src/contracts/checkin';
import { organizations, pointTransactions } from '../../server/db/schema';
import { createTestContext, type TestContext } from './helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t.close());

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const checkIn = (token: string, body?: unknown) => t.request('POST', '/api/checkin', { token, body });
const status = async (token: string) => CheckinStatusResponseSchema.parse((await t.request('GET', '/api/checkin', { token })).body).data;
const userOf = async (token: string) => (await t.request('GET', '/api/user/me', { token })).body.data;

describe('daily check-in', () => {
  it('a fan can check in once a day: the second one answers created:false and changes nothing', async () => {
    t.clock.set('2026-03-10T09:00:00Z');
    const token = await t.signIn();
    expect(await status(token)).toMatchObject({ days: 0, eligibleForCheckin: true, lastCheckinDay: null, nextRewardPoints: 10 });
    const first = await checkIn(token);
    expect(first.status).toBe(201);
    expect(CheckinResultResponseSchema.parse(first.body).data).toMatchObject({
      created: true,
      day: '2026-03-10',
      pointsAwarded: 10,
      days: 1,
      eligibleForCheckin: false,
    });
    t.clock.advance(3 * HOUR);
    const second = await checkIn(token);
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({ created: false, pointsAwarded: 0, days: 1 });
    expect((await userOf(token)).points).toBe(10);
  });

  it('days follow the organization time zone (Europe/Paris), not UTC', async () => {
    t.clock.set('2026-03-10T22:30:00Z'); // 23:30 in Paris
    const token = await t.signIn();
    expect((await checkIn(token)).body.data.day).toBe('2026-03-10');
    t.clock.set('2026-03-10T23:30:00Z'); // 00:30 on the 11th in Paris, still the 10th in UTC
    const next = await checkIn(token);
    expect(next.body.data).toMatchObject({ created: true, day: '2026-03-11', days: 2 });
  });

  it('consecutive days build a streak with the reward cycle (10, 10, 25, 10, 10, 10, 100, then again)', async () => {
    t.clock.set('2026-04-01T08:00:00Z');
    const token = await t.signIn();
    const awarded: number[] = [];
    for (let day = 0; day < 8; day++) {
      const res = await checkIn(token);
      expect(res.body.data.days).toBe(day + 1);
      awarded.push(res.body.data.pointsAwarded);
      t.clock.advance(DAY);
    }
    expect(awarded).toEqual([10, 10, 25, 10, 10, 10, 100, 10]);
    expect((await userOf(token)).points).toBe(185);
  });

  it('the streak survives until the end of the next day and resets after a missed day', async () => {
    t.clock.set('2026-05-01T08:00:00Z');
    const token = await t.signIn();
    await checkIn(token);
    t.clock.advance(DAY);
    await checkIn(token);
    t.clock.advance(DAY);
    expect(await status(token)).toMatchObject({ days: 2, eligibleForCheckin: true, nextRewardPoints: 25 });
    t.clock.advance(DAY); // missed a day
    expect(await status(token)).toMatchObject({ days: 0, eligibleForCheckin: true, nextRewardPoints: 10 });
    const res = await checkIn(token);
    expect(res.body.data).toMatchObject({ days: 1, pointsAwarded: 10 });
  });

  it('a check-in queued offline keeps the day it was made (occurredAt up to 24 h old)', async () => {
    t.clock.set('2026-06-02T07:00:00Z'); // 09:00 in Paris on the 2nd
    const token = await t.signIn();
    const res = await checkIn(token, { occurredAt: '2026-06-01T19:00:00Z' }); // 21:00 on the 1st
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ day: '2026-06-01', days: 1, eligibleForCheckin: true });
    const today = await checkIn(token);
    expect(today.body.data).toMatchObject({ day: '2026-06-02', days: 2 });
  });

  it('occurredAt older than 24 h or more than 2 minutes ahead is 422 CheckinTime and nothing changes', async () => {
    t.clock.set('2026-07-10T12:00:00Z');
    const token = await t.signIn();
    for (const occurredAt of ['2026-07-09T11:59:00Z', '2026-07-10T12:03:00Z']) {
      const res = await checkIn(token, { occurredAt });
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('CheckinTime');
    }
    expect(await status(token)).toMatchObject({ days: 0, eligibleForCheckin: true });
    expect((await checkIn(token, { occurredAt: '2026-07-10T12:01:00Z' })).status).toBe(201);
  });

  it('a malformed occurredAt or an unknown field is 422 ValidationFailed', async () => {
    const token = await t.signIn();
    expect((await checkIn(token, { occurredAt: 'yesterday' })).status).toBe(422);
    expect((await checkIn(token, { occurredAt: '2026-07-10T12:01:00Z', bonus: 1000 })).status).toBe(422);
  });

  it('20 concurrent check-ins by one fan award once', async () => {
    t.clock.set('2026-08-15T10:00:00Z');
    const token = await t.signIn();
    const results = await Promise.all(Array.from({ length: 20 }, () => checkIn(token)));
    expect(results.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    expect(results.filter((r) => r.body.data.created)).toHaveLength(1);
    const user = await userOf(token);
    expect(user.points).toBe(10);
    const ledger = await t.db.select().from(pointTransactions).where(eq(pointTransactions.userId, user.userId));
    expect(ledger.map((r) => r.reference)).toEqual(['checkin:2026-08-15']);
  });

  it('a ladder with gaps pays each rung on its own streak day and nothing in between', async () => {
    const ladder = [
      { day: 1, points: 10 },
      { day: 3, points: 30 },
    ];
    const setLadder = (rewards: typeof ladder) =>
      t.db.update(organizations).set({ checkinRewards: rewards }).where(eq(organizations.id, t.organization.id));
    const [{ checkinRewards: before }] = await t.db
      .select({ checkinRewards: organizations.checkinRewards })
      .from(organizations)
      .where(eq(organizations.id, t.organization.id));
    await setLadder(ladder);
    try {
      t.clock.set('2026-06-01T08:00:00Z');
      const token = await t.signIn();
      const awarded: number[] = [];
      for (let day = 0; day < 4; day++) {
        awarded.push((await checkIn(token)).body.data.pointsAwarded);
        t.clock.advance(DAY);
      }
      expect(awarded).toEqual([10, 0, 30, 10]);
      expect(await status(token)).toMatchObject({ days: 4, nextRewardPoints: 0 });
    } finally {
      await setLadder(before);
    }
  });

  it('visitors cannot check in (401)', async () => {
    expect((await t.request('POST', '/api/checkin')).status).toBe(401);
    expect((await t.request('GET', '/api/checkin')).status).toBe(401);
  });
});
