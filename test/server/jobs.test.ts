/**
 * Background and scheduled work on the pg-boss job queue (decision 0094), on PGlite and PostgreSQL, with the real
 * queue started on the test's database (short polling and retry delays, pg-boss's own options) and pushes received by
 * the push service stand-in: a scheduled notification goes at its time, once to each device, and a cancelled one not
 * at all; a failing push job is retried with backoff and then succeeds; a send interrupted after some devices
 * finishes on retry with each device receiving once and the counts of both attempts, and one whose sender died with
 * its job is resumed by the minute scan; an automatic push resumes on retry too; on PostgreSQL two queues on one
 * database (two hosts) run each job once; the hourly schedules exist.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { PushNotificationResponseSchema, type PushNotificationInput } from '../../src/contracts/admin/push';
import type { PushTopic } from '../../src/contracts/push';
import { pushDeliveries, pushNotifications, pushSubscriptions } from '../../server/db/schema';
import { enqueueDuePushNotifications } from '../../server/areas/push/push.service';
import { createJobQueue, type JobQueue } from '../../server/jobs/job-queue';
import { silentLogger } from '../../server/lib/logger';
import { startPushService, type PushServiceStandIn, type StandInSubscription } from '../stand-ins/push-service';
import { createMember } from './content-fixtures';
import { createTestContext, type TestContext } from './helpers';

const OPERATOR = 'jobs-ops@alpine-racing.example';
/** pg-boss's shortest polling interval (s): a queued job starts within it. */
const POLLING_SECONDS = 0.5;
/** The first retry's delay in these tests (s): retries come after about 1-2 s, then 2-4 s. */
const RETRY_DELAY_SECONDS = 1;

let t: TestContext;
let queue: JobQueue;
let ops: string;
let service: PushServiceStandIn;
/** What each test wants done after a device's outcome is recorded (throwing interrupts the send). */
let afterSend: ((subscriptionId: string) => void) | undefined;

beforeAll(async () => {
  service = await startPushService();
  t = await createTestContext({
    env: { OPERATOR_EMAILS: OPERATOR, PUSH_ALLOW_INSECURE_ENDPOINTS: 'true', PUSH_CONCURRENCY: '1' },
    push: { afterSend: (id) => afterSend?.(id) },
    jobs: (database) =>
      (queue = createJobQueue({
        database,
        logger: silentLogger,
        pollingIntervalSeconds: POLLING_SECONDS,
        retryDelaySeconds: RETRY_DELAY_SECONDS,
      })),
  });
  await queue.start(t.deps);
  ops = await t.signIn(OPERATOR);
}, 60_000);
afterAll(async () => {
  await queue?.stop();
  await t?.close();
  await service?.stop();
});

/** A member with `devices` devices subscribed (at the stand-in) to `topic`. */
async function memberWithDevices(topic: PushTopic, devices: number): Promise<StandInSubscription[]> {
  const member = await createMember(t);
  const made: StandInSubscription[] = [];
  for (let i = 0; i < devices; i++) {
    const device = service.subscription();
    const res = await t.request('PUT', '/api/push/subscription', {
      token: member.token,
      body: { endpoint: device.endpoint, keys: device.keys, topics: [topic], language: 'en' },
    });
    expect(res.status, res.text).toBe(200);
    made.push(device);
  }
  return made;
}
const receivedBy = (device: StandInSubscription) => service.received.filter((r) => r.subscriptionId === device.id);
const send = async (input: PushNotificationInput) => {
  const res = await t.request('POST', '/api/admin/push-notifications', { token: ops, body: input });
  expect(res.status, res.text).toBe(202);
  return PushNotificationResponseSchema.parse(res.body).data;
};
const notification = async (id: string) => (await t.db.select().from(pushNotifications).where(eq(pushNotifications.id, id)))[0];
/** The `push-notification` jobs of notification `id`, oldest first. */
const jobsOf = (id: string) => queue.boss.findJobs('push-notification', { key: id });
/** Waits until every job of notification `id` is settled (none queued, retrying or active). */
async function settled(id: string) {
  await vi.waitFor(
    async () => {
      const jobs = await jobsOf(id);
      expect(jobs.length).toBeGreaterThan(0);
      expect(jobs.filter((job) => !['completed', 'failed', 'cancelled'].includes(job.state))).toEqual([]);
    },
    { timeout: 20_000, interval: 100 },
  );
}

describe('scheduled pushes on the queue', () => {
  it('sends a scheduled notification at its time, once to each device; a cancelled one never goes', async () => {
    const devices = [...(await memberWithDevices('challenges', 2)), ...(await memberWithDevices('challenges', 1))];
    // Two seconds ahead of the real time, which pg-boss waits for; the app's clock is moved to it for the due check.
    const sendAt = new Date(Date.now() + 2_000);
    const scheduled = await send({ topic: 'challenges', title: 'Kick-off', body: 'Tonight at 8', sendAt: sendAt.toISOString() });
    const cancelled = await send({ topic: 'challenges', title: 'Oops', body: 'Wrong', sendAt: sendAt.toISOString() });
    expect(scheduled.status).toBe('scheduled');
    expect((await t.request('DELETE', `/api/admin/push-notifications/${cancelled.id}`, { token: ops })).status).toBe(200);
    const [job] = await jobsOf(scheduled.id);
    expect(job.startAfter.getTime()).toBe(sendAt.getTime());
    t.clock.set(sendAt);

    await vi.waitFor(async () => expect((await notification(scheduled.id)).status).toBe('sent'), { timeout: 20_000, interval: 100 });
    expect(await notification(scheduled.id)).toMatchObject({ delivered: 3, dropped: 0, failed: 0 });
    for (const device of devices) expect(receivedBy(device).map((r) => (r.payload as { title: string }).title)).toEqual(['Kick-off']);

    // The minute scan queues nothing more for a sent notification; the cancelled one's job ran and sent nothing.
    expect(await enqueueDuePushNotifications(t.deps, t.clock())).toBe(0);
    await settled(cancelled.id);
    expect((await notification(cancelled.id)).status).toBe('cancelled');
    expect(service.received.filter((r) => (r.payload as { title?: string } | null)?.title === 'Oops')).toEqual([]);
  }, 40_000);

  it('retries a failing push job with backoff until it succeeds, each device receiving once', async () => {
    const devices = await memberWithDevices('checkin', 3);
    const calls: number[] = [];
    // The first two attempts fail, each after one device (as a crash there would).
    afterSend = () => {
      calls.push(Date.now());
      if (calls.length <= 2) throw new Error('injected failure');
    };
    try {
      const n = await send({ topic: 'checkin', title: 'Gates open', body: 'Check in now' });
      await vi.waitFor(async () => expect((await notification(n.id)).status).toBe('sent'), { timeout: 30_000, interval: 100 });
      await settled(n.id);
      const [job] = await jobsOf(n.id);
      expect(job).toMatchObject({ state: 'completed', retryCount: 2, retryBackoff: true, retryDelay: RETRY_DELAY_SECONDS });
      // Backoff: the first retry waits at least the delay, the second at least twice it.
      expect(calls).toHaveLength(3);
      expect(calls[1] - calls[0]).toBeGreaterThanOrEqual(RETRY_DELAY_SECONDS * 1000);
      expect(calls[2] - calls[1]).toBeGreaterThanOrEqual(2 * RETRY_DELAY_SECONDS * 1000);
      for (const device of devices) expect(receivedBy(device)).toHaveLength(1);
      expect(await notification(n.id)).toMatchObject({ status: 'sent', delivered: 3, failed: 0 });
    } finally {
      afterSend = undefined;
    }
  }, 40_000);

  it('finishes a send interrupted after some devices on retry: each device once, the counts of both attempts', async () => {
    const devices = [...(await memberWithDevices('sweepstakes', 3)), ...(await memberWithDevices('sweepstakes', 2))];
    let sends = 0;
    afterSend = () => {
      sends += 1;
      if (sends === 2) throw new Error('process died here');
    };
    try {
      const n = await send({ topic: 'sweepstakes', title: 'Draw tonight', body: 'Enter now' });
      // The first attempt stopped after two devices, leaving the notification being sent.
      await vi.waitFor(async () => expect((await jobsOf(n.id))[0].retryCount).toBeGreaterThanOrEqual(1), {
        timeout: 20_000,
        interval: 100,
      });
      await vi.waitFor(async () => expect((await notification(n.id)).status).toBe('sent'), { timeout: 20_000, interval: 100 });
      await settled(n.id);
      expect(sends).toBe(5);
      for (const device of devices) expect(receivedBy(device)).toHaveLength(1);
      expect(await notification(n.id)).toMatchObject({ delivered: 5, dropped: 0, failed: 0 });
      expect(
        await t.db
          .select()
          .from(pushDeliveries)
          .where(eq(pushDeliveries.jobKey, `notification:${n.id}`)),
      ).toHaveLength(5);
    } finally {
      afterSend = undefined;
    }
  }, 40_000);

  it('resumes a notification its dead sender left sending, from the minute scan: the devices not yet done, once', async () => {
    // This notification's audience is this member alone.
    await t.db.delete(pushSubscriptions);
    const devices = await memberWithDevices('challenges', 3);
    let firstDevice: string | undefined;
    // A sender that dies after its first device, and whose job is gone (its retries spent, or an older release's).
    afterSend = (id) => {
      firstDevice ??= id;
      throw new Error('process died here');
    };
    const n = await send({ topic: 'challenges', title: 'Half sent', body: 'Resumed' });
    await vi.waitFor(async () => expect(firstDevice).toBeDefined(), { timeout: 20_000, interval: 50 });
    afterSend = undefined;
    await queue.boss.deleteAllJobs('push-notification');
    expect((await notification(n.id)).status).toBe('sending');

    expect(await enqueueDuePushNotifications(t.deps, t.clock())).toBeGreaterThanOrEqual(1);
    await vi.waitFor(async () => expect((await notification(n.id)).status).toBe('sent'), { timeout: 20_000, interval: 100 });
    for (const device of devices) expect(receivedBy(device)).toHaveLength(1);
    expect(await notification(n.id)).toMatchObject({ delivered: 3, failed: 0 });
  }, 40_000);

  it("resumes an automatic push (a sweepstake's winners) on retry, each device once", async () => {
    const member = await createMember(t);
    const devices: StandInSubscription[] = [];
    for (let i = 0; i < 3; i++) {
      const device = service.subscription();
      const res = await t.request('PUT', '/api/push/subscription', {
        token: member.token,
        body: { endpoint: device.endpoint, keys: device.keys, topics: ['sweepstakes'], language: 'en' },
      });
      expect(res.status, res.text).toBe(200);
      devices.push(device);
    }
    let sends = 0;
    afterSend = () => {
      sends += 1;
      if (sends === 1) throw new Error('process died here');
    };
    try {
      const sweepstakeId = randomUUID();
      await t.deps.jobs.send('push-sweepstake-winners', {
        sweepstakeId,
        organizationId: t.organization.id,
        title: 'Season tickets',
        userIds: [member.userId],
      });
      await vi.waitFor(
        async () =>
          expect(await queue.boss.findJobs('push-sweepstake-winners', { data: { sweepstakeId } })).toMatchObject([
            { state: 'completed', retryCount: 1 },
          ]),
        { timeout: 20_000, interval: 100 },
      );
      expect(sends).toBe(3);
      for (const device of devices)
        expect(receivedBy(device).map((r) => (r.payload as { tag: string }).tag)).toEqual([`win-${sweepstakeId}`]);
    } finally {
      afterSend = undefined;
    }
  }, 40_000);

  it('keeps the hourly work and the minute scan on cron schedules', async () => {
    const schedules = await queue.boss.getSchedules();
    expect(new Map(schedules.map((s) => [s.name, s.cron]))).toEqual(
      new Map([
        ['housekeeping', '0 * * * *'],
        ['figures-rollup', '5 * * * *'],
        ['points-expiry', '10 * * * *'],
        ['push-due', '* * * * *'],
      ]),
    );
  });
});

describe.skipIf(!inject('pgAdminUrl'))('two hosts on one PostgreSQL database', () => {
  it('runs each job once, whichever of two queues claims it', async () => {
    // Devices sent by either queue's worker; pg-boss's retryCount, which goes up each time a job is claimed again,
    // shows each job was claimed once.
    let runs = 0;
    const other = createJobQueue({ database: t.database, logger: silentLogger, pollingIntervalSeconds: POLLING_SECONDS });
    await other.start({ ...t.deps, jobs: other, push: { ...t.deps.push, afterSend: () => void (runs += 1) } });
    afterSend = () => void (runs += 1);
    try {
      const devices = await memberWithDevices('picks', 1);
      const sent = await Promise.all(Array.from({ length: 6 }, (_, i) => send({ topic: 'picks', title: `Result ${i}`, body: 'In' })));
      for (const n of sent) {
        await vi.waitFor(async () => expect((await notification(n.id)).status).toBe('sent'), { timeout: 20_000, interval: 100 });
        await settled(n.id);
        expect(await jobsOf(n.id)).toMatchObject([{ state: 'completed', retryCount: 0 }]);
      }
      expect(runs).toBe(6);
      expect(receivedBy(devices[0])).toHaveLength(6);
    } finally {
      afterSend = undefined;
      await other.stop();
    }
  }, 60_000);
});
