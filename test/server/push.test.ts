/**
 * Web Push against the local push service stand-in (test/stand-ins/push-service.ts), which checks
 * each request's VAPID signature and decrypts its payload: subscribe, change topics and unsubscribe; renew on
 * `pushsubscriptionchange`; an operator's notification reaches only the members of its topic and segment (rank,
 * consent, checked in) and a marketing one needs the consent; a 410 drops the subscription; sends and cancels are
 * audit-logged; a scheduled one goes out when due; a pick'em result is pushed to the members who answered, a
 * sweepstake win to its winner.
 *
 * Decision 0069: with `PUSH_ALLOW_INSECURE_ENDPOINTS` unset (a second app, with an injected resolver) only https
 * endpoints on public host names are stored and sent to, checked again at each send; a member keeps at most 10
 * subscriptions; an endpoint stays its member's; a renewal needs the old `auth` secret; endpoints that never answer
 * hold one sending slot per member, for a bounded time. The main app runs with the escape, for the stand-in on
 * http://127.0.0.1.
 */
import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AdminChallengeResponseSchema } from '../../src/contracts/admin/challenge';
import {
  PushAudienceResponseSchema,
  PushNotificationListResponseSchema,
  PushNotificationResponseSchema,
  type PushNotificationInput,
} from '../../src/contracts/admin/push';
import { PushKeyResponseSchema, PushPayloadSchema, type PushTopic } from '../../src/contracts/push';
import { checkins, pushKeys, pushSubscriptions, sweepstakeWinners, users } from '../../server/db/schema';
import { awardPoints } from '../../server/kernel/ledger';
import { MAX_SUBSCRIPTIONS_PER_MEMBER, sendPushNotification, vapidDetails } from '../../server/areas/push/push.service';
import { loadEnv } from '../../server/env';
import { startPushService, type PushServiceStandIn, type StandInSubscription } from '../stand-ins/push-service';
import { createMember, type Member } from './content-fixtures';
import { createTestContext, type TestContext } from './helpers';

const OPERATOR = 'push-ops@alpine-racing.example';
const HOUR = 3_600_000;
let t: TestContext;
let ops: string;
let service: PushServiceStandIn;
/** Bounds of the main app's deliveries: short, so a test of endpoints that never answer takes seconds. */
const SEND_TIMEOUT_MS = 1_500;
const MEMBER_BUDGET_MS = 2_500;
beforeAll(async () => {
  service = await startPushService();
  t = await createTestContext({
    env: { OPERATOR_EMAILS: OPERATOR, PUSH_ALLOW_INSECURE_ENDPOINTS: 'true', PUSH_CONCURRENCY: '4' },
    push: { sendTimeoutMs: SEND_TIMEOUT_MS, memberBudgetMs: MEMBER_BUDGET_MS },
  });
  ops = await t.signIn(OPERATOR);
});
afterAll(async () => {
  await t.close();
  await service.stop();
});

/** A member with a device subscribed (at the stand-in) to `topics`. */
async function subscribedMember(topics: PushTopic[], language: 'en' | 'fr' = 'en'): Promise<Member & { device: StandInSubscription }> {
  const member = await createMember(t);
  const device = service.subscription();
  const res = await t.request('PUT', '/api/push/subscription', {
    token: member.token,
    body: { endpoint: device.endpoint, keys: device.keys, topics, language },
  });
  expect(res.status).toBe(200);
  return { ...member, device };
}
const receivedBy = (device: StandInSubscription) => service.received.filter((r) => r.subscriptionId === device.id);
const send = async (input: PushNotificationInput) => {
  const res = await t.request('POST', '/api/admin/push-notifications', { token: ops, body: input });
  expect(res.status, res.text).toBe(202);
  return PushNotificationResponseSchema.parse(res.body).data;
};
/** The notification once the background delivery has recorded it as sent. */
async function sentNotification(id: string) {
  return vi.waitFor(
    async () => {
      const list = PushNotificationListResponseSchema.parse(
        (await t.request('GET', '/api/admin/push-notifications', { token: ops })).body,
      ).data;
      const found = list.find((n) => n.id === id);
      expect(found?.status).toBe('sent');
      return found!;
    },
    { timeout: 10_000, interval: 50 },
  );
}

describe('subscriptions', () => {
  it('gives one VAPID public key, generated once and stored', async () => {
    const a = PushKeyResponseSchema.parse((await t.request('GET', '/api/push/key', { token: null, orgToken: null })).body).data.publicKey;
    const b = PushKeyResponseSchema.parse((await t.request('GET', '/api/push/key', { token: null, orgToken: null })).body).data.publicKey;
    expect(a).toBe(b);
    expect(Buffer.from(a, 'base64url')).toHaveLength(65);
    expect(await t.db.select().from(pushKeys)).toHaveLength(1);
  });

  it('generates one key pair when several callers find none at once', async () => {
    await t.db.delete(pushKeys);
    const keys = await Promise.all(Array.from({ length: 5 }, () => vapidDetails(t.db, t.deps.env)));
    expect(new Set(keys.map((k) => k.publicKey)).size).toBe(1);
    expect(await t.db.select().from(pushKeys)).toHaveLength(1);
  });

  it('subscribes a device, reads and changes its topics, moves it to a new endpoint, unsubscribes', async () => {
    const member = await subscribedMember(['challenges']);
    const query = `/api/push/subscription?endpoint=${encodeURIComponent(member.device.endpoint)}`;
    expect((await t.request('GET', query, { token: member.token })).body.data).toEqual({
      endpoint: member.device.endpoint,
      topics: ['challenges'],
      language: 'en',
    });
    const change = await t.request('PUT', '/api/push/subscription', {
      token: member.token,
      body: { endpoint: member.device.endpoint, keys: member.device.keys, topics: ['picks', 'sweepstakes'], language: 'fr' },
    });
    expect(change.body.data.topics).toEqual(['picks', 'sweepstakes']);
    // Another member cannot read it.
    const other = await createMember(t);
    expect((await t.request('GET', query, { token: other.token })).status).toBe(404);

    const renewed = service.subscription();
    const renewal = {
      oldEndpoint: member.device.endpoint,
      oldKeys: { auth: member.device.keys.auth },
      endpoint: renewed.endpoint,
      keys: renewed.keys,
    };
    expect((await t.request('POST', '/api/push/renew', { token: null, orgToken: null, body: renewal })).status).toBe(204);
    expect((await t.request('POST', '/api/push/renew', { token: null, orgToken: null, body: renewal })).status).toBe(404);
    const moved = await t.request('GET', `/api/push/subscription?endpoint=${encodeURIComponent(renewed.endpoint)}`, {
      token: member.token,
    });
    expect(moved.body.data.topics).toEqual(['picks', 'sweepstakes']);

    expect(
      (await t.request('DELETE', '/api/push/subscription', { token: member.token, body: { endpoint: renewed.endpoint } })).status,
    ).toBe(204);
    expect(
      (await t.request('DELETE', '/api/push/subscription', { token: member.token, body: { endpoint: renewed.endpoint } })).status,
    ).toBe(204);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, member.userId))).toHaveLength(0);
  });

  it('refuses visitors, a bad endpoint and unknown topics', async () => {
    const device = service.subscription();
    expect(
      (await t.request('PUT', '/api/push/subscription', { body: { endpoint: device.endpoint, keys: device.keys, topics: [] } })).status,
    ).toBe(401);
    const member = await createMember(t);
    const bad = await t.request('PUT', '/api/push/subscription', {
      token: member.token,
      body: { endpoint: 'javascript:alert(1)', keys: device.keys, topics: [] },
    });
    expect(bad.status).toBe(422);
    const topic = await t.request('PUT', '/api/push/subscription', {
      token: member.token,
      body: { endpoint: device.endpoint, keys: device.keys, topics: ['everything'] },
    });
    expect(topic.status).toBe(422);
  });
});

describe("operators' notifications", () => {
  it('reach only the subscriptions of the topic and segment, signed and encrypted, in the device language; audit-logged', async () => {
    const challengeFan = await subscribedMember(['challenges'], 'fr');
    const checkinOnly = await subscribedMember(['checkin']);
    const checkedIn = await subscribedMember(['challenges']);
    await t.db
      .insert(checkins)
      .values({ userId: checkedIn.userId, day: '2026-11-20', streakDay: 1, pointsAwarded: 10, occurredAt: t.clock() });
    const { publicKey } = PushKeyResponseSchema.parse((await t.request('GET', '/api/push/key', { token: null, orgToken: null })).body).data;

    const all = await send({
      topic: 'challenges',
      title: 'New challenge',
      body: 'Pick the winner',
      url: '/challenges/pickem',
      translations: { fr: { title: 'Nouveau défi' } },
    });
    const sent = await sentNotification(all.id);
    expect(sent.delivered).toBeGreaterThanOrEqual(2);
    const [toFan] = receivedBy(challengeFan.device);
    expect(toFan.status).toBe(201);
    expect(toFan.vapidKey).toBe(publicKey);
    expect(toFan.subject).toBe('mailto:no-reply@podium.example');
    const payload = PushPayloadSchema.parse(toFan.payload);
    expect(payload).toMatchObject({
      title: 'Nouveau défi',
      body: 'Pick the winner',
      url: '/challenges/pickem',
      topic: 'challenges',
      icon: '/manifest-icons/192.png',
    });
    expect(payload.refresh).toContain('challenges');
    expect(receivedBy(checkinOnly.device)).toHaveLength(0);

    const segment = await send({ topic: 'challenges', title: 'Been to the track?', body: 'Thanks', segment: { checkedIn: true } });
    await sentNotification(segment.id);
    expect(receivedBy(checkedIn.device)).toHaveLength(2);
    expect(receivedBy(challengeFan.device)).toHaveLength(1);

    const audit = await t.request('GET', '/api/admin/audit-log?entity=push-notifications', { token: ops });
    const entry = audit.body.data.find((e: { entityId: string }) => e.entityId === all.id);
    expect(entry).toMatchObject({ action: 'notify', actorEmail: OPERATOR, after: { topic: 'challenges', title: 'New challenge' } });
  });

  it('filters by rank and by a consent; a marketing notification needs the consent', async () => {
    const consenting = await subscribedMember(['sweepstakes']);
    const silent = await subscribedMember(['sweepstakes']);
    expect(
      (
        await t.request('PATCH', '/api/consent/user/marketing-emails', {
          token: consenting.token,
          body: { consentId: 'marketing-emails', value: 1 },
        })
      ).status,
    ).toBe(200);
    const noConsent = await t.request('POST', '/api/admin/push-notifications', {
      token: ops,
      body: { topic: 'sweepstakes', title: 'Win', body: 'Enter now', marketing: true },
    });
    expect(noConsent.status).toBe(422);
    const marketing = await send({
      topic: 'sweepstakes',
      title: 'Win',
      body: 'Enter now',
      marketing: true,
      segment: { consentKey: 'marketing-emails' },
    });
    await sentNotification(marketing.id);
    expect(receivedBy(consenting.device)).toHaveLength(1);
    expect(receivedBy(silent.device)).toHaveLength(0);

    // New members hold the lowest rank (P10): the top rank reaches neither, the lowest both.
    const byRank = await send({ topic: 'sweepstakes', title: 'Top fans', body: 'Only you', segment: { rankCode: 'P1' } });
    expect((await sentNotification(byRank.id)).delivered).toBe(0);
    const lowest = await send({ topic: 'sweepstakes', title: 'Rookies', body: 'Welcome', segment: { rankCode: 'P10' } });
    await sentNotification(lowest.id);
    expect(receivedBy(consenting.device)).toHaveLength(2);
    expect(receivedBy(silent.device)).toHaveLength(1);
  });

  it('sends once the request committed when it carries an Idempotency-Key (its own transaction)', async () => {
    const member = await subscribedMember(['checkin']);
    const body = { topic: 'checkin', title: 'Gates open', body: 'Check in now' };
    const headers = { 'idempotency-key': `push-${member.userId}` };
    const first = await t.request('POST', '/api/admin/push-notifications', { token: ops, body, headers });
    const replay = await t.request('POST', '/api/admin/push-notifications', { token: ops, body, headers });
    expect([first.status, replay.status]).toEqual([202, 202]);
    expect(replay.body.data.id).toBe(first.body.data.id);
    await sentNotification(first.body.data.id);
    expect(receivedBy(member.device).map((r) => r.status)).toEqual([201]);
  });

  it('leave out a suspended member, and reach them again once the suspension ends', async () => {
    const member = await subscribedMember(['checkin']);
    await t.db
      .update(users)
      .set({ suspendedAt: t.clock(), suspendedUntil: new Date(t.clock().getTime() + HOUR), suspensionReason: 'Automated check-ins' })
      .where(eq(users.id, member.userId));
    const during = await send({ topic: 'checkin', title: 'Check-in open', body: 'Scan the code at the gates' });
    await sentNotification(during.id);
    expect(receivedBy(member.device)).toHaveLength(0);
    await t.db
      .update(users)
      .set({ suspendedUntil: new Date(t.clock().getTime() - 1) })
      .where(eq(users.id, member.userId));
    const after = await send({ topic: 'checkin', title: 'Check-in open again', body: 'Scan the code at the gates' });
    await sentNotification(after.id);
    expect(receivedBy(member.device)).toHaveLength(1);
  });

  it('drops a subscription the push service answers 410 for', async () => {
    const member = await subscribedMember(['checkin']);
    service.gone(member.device.id);
    const n = await send({ topic: 'checkin', title: 'Check-in open', body: 'Scan the code at the gates' });
    const sent = await sentNotification(n.id);
    expect(sent.dropped).toBeGreaterThanOrEqual(1);
    expect(receivedBy(member.device).map((r) => r.status)).toEqual([410]);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, member.userId))).toHaveLength(0);
  });

  it('sends a scheduled notification when it is due, and cancels one (audit-logged)', async () => {
    const member = await subscribedMember(['challenges']);
    const later = new Date(t.clock().getTime() + HOUR).toISOString();
    const scheduled = await send({ topic: 'challenges', title: 'Tonight', body: 'New quiz at 8', sendAt: later });
    const cancelled = await send({ topic: 'challenges', title: 'Oops', body: 'Wrong', sendAt: later });
    expect(scheduled.status).toBe('scheduled');
    // Their jobs, queued after the commit, ran at once (too early: nothing sent) before the clock moves below.
    await t.jobsSettled();
    expect((await t.request('DELETE', `/api/admin/push-notifications/${cancelled.id}`, { token: ops })).body.data.status).toBe('cancelled');
    expect((await t.request('DELETE', `/api/admin/push-notifications/${cancelled.id}`, { token: ops })).status).toBe(409);
    // Its job, started early (a clock skewed between hosts), sends nothing before `sendAt`.
    expect(await sendPushNotification(t.deps, scheduled.id, { resume: false })).toBe(false);
    const saved = t.clock();
    t.clock.set(new Date(saved.getTime() + 2 * HOUR));
    try {
      // Two processes' jobs at once: the row is claimed by one of them; the cancelled one by neither.
      const runs = await Promise.all([
        sendPushNotification(t.deps, scheduled.id, { resume: false }),
        sendPushNotification(t.deps, scheduled.id, { resume: false }),
        sendPushNotification(t.deps, cancelled.id, { resume: false }),
      ]);
      expect(runs.filter(Boolean)).toHaveLength(1);
      expect(runs[2]).toBe(false);
    } finally {
      t.clock.set(saved);
    }
    expect(receivedBy(member.device).map((r) => PushPayloadSchema.parse(r.payload).title)).toEqual(['Tonight']);
    const audit = await t.request('GET', '/api/admin/audit-log?entity=push-notifications', { token: ops });
    expect(
      audit.body.data.find((e: { entityId: string; action: string }) => e.entityId === cancelled.id && e.action === 'cancel'),
    ).toBeTruthy();
  });
});

describe('the audience a notification would reach (decision 0080)', () => {
  const audience = async (query: string) => {
    const res = await t.request('GET', `/api/admin/push-notifications/audience?${query}`, { token: ops });
    expect(res.status, res.text).toBe(200);
    return PushAudienceResponseSchema.parse(res.body).data;
  };

  it('counts the members and devices sending reaches: the topic, the segment, not suspended; the delivery matches it', async () => {
    const before = await audience('topic=picks');
    const twoDevices = await subscribedMember(['picks']);
    const second = service.subscription();
    expect(
      (
        await t.request('PUT', '/api/push/subscription', {
          token: twoDevices.token,
          body: { endpoint: second.endpoint, keys: second.keys, topics: ['picks'], language: 'en' },
        })
      ).status,
    ).toBe(200);
    await subscribedMember(['picks']);
    const suspended = await subscribedMember(['picks']);
    await t.db
      .update(users)
      .set({ suspendedAt: t.clock(), suspendedUntil: null, suspensionReason: 'Spam' })
      .where(eq(users.id, suspended.userId));
    await subscribedMember(['challenges']);

    const now = await audience('topic=picks');
    expect(now).toEqual({ members: before.members + 2, devices: before.devices + 3 });
    // A segment nobody matches (new members are not P1); a consent nobody of them gave.
    expect(await audience('topic=picks&rankCode=P1')).toEqual({ members: 0, devices: 0 });
    expect((await audience('topic=picks&checkedIn=true')).members).toBeLessThan(now.members);

    const sent = await sentNotification((await send({ topic: 'picks', title: 'Grid is set', body: 'Make your picks' })).id);
    expect(sent.delivered + sent.dropped + sent.failed).toBe(now.devices);
    expect(receivedBy(second)).toHaveLength(1);
    expect(receivedBy(suspended.device)).toHaveLength(0);
  });

  it('refuses a query that breaks the contract, an unknown rank or consent, and non-operators', async () => {
    for (const query of [
      '',
      'topic=everything',
      'topic=picks&checkedIn=maybe',
      'topic=picks&consentKey=unknown-consent',
      'topic=picks&extra=1',
    ]) {
      const res = await t.request('GET', `/api/admin/push-notifications/audience?${query}`, { token: ops });
      expect(res.status, query).toBe(422);
      expect(res.body.error.code).toBe('ValidationFailed');
    }
    const fan = await createMember(t);
    expect((await t.request('GET', '/api/admin/push-notifications/audience?topic=picks', { token: fan.token })).status).toBe(403);
  });
});

describe('the screen a notification opens is one of the app (decision 0080)', () => {
  it("refuses a path that is not one of the app's screens, or names an item the organization does not have, with 422", async () => {
    const refused = async (url: string) => {
      const res = await t.request('POST', '/api/admin/push-notifications', {
        token: ops,
        body: { topic: 'challenges', title: 'Look', body: 'Here', url },
      });
      expect(res.status, url).toBe(422);
      expect(res.body.error.code).toBe('ValidationFailed');
      expect(res.body.error.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'url' })]));
    };
    const created = await t.request('POST', '/api/admin/challenges', {
      token: ops,
      body: {
        type: 'poll',
        subtype: 'pickem',
        title: 'Who takes pole?',
        visibleFrom: new Date(t.clock().getTime() - HOUR).toISOString(),
        expiresOn: new Date(t.clock().getTime() + 24 * HOUR).toISOString(),
        points: 10,
        options: [
          { text: 'Léa', points: 5 },
          { text: 'Marco', points: 5 },
        ],
      },
    });
    const id = AdminChallengeResponseSchema.parse(created.body).data.id;
    const before = PushNotificationListResponseSchema.parse((await t.request('GET', '/api/admin/push-notifications', { token: ops })).body)
      .meta.total;
    for (const url of [
      '/nowhere',
      '/',
      '/dashboard/extra',
      'https://example.com/promo',
      '//evil.example/x',
      `/articles/${id}`,
      '/articles/00000000-0000-4000-8000-000000000000',
      `/challenges/poll/${id}`,
    ]) {
      await refused(url);
    }
    expect(
      PushNotificationListResponseSchema.parse((await t.request('GET', '/api/admin/push-notifications', { token: ops })).body).meta.total,
    ).toBe(before);

    for (const url of ['/leaderboard', `/challenges/pickem/${id}`]) {
      const res = await t.request('POST', '/api/admin/push-notifications', {
        token: ops,
        body: { topic: 'challenges', title: 'Look', body: 'Here', url, sendAt: new Date(t.clock().getTime() + HOUR).toISOString() },
      });
      expect(res.status, url).toBe(202);
      expect(res.body.data.url).toBe(url);
    }
    // Without a screen, it opens home.
    const plain = await t.request('POST', '/api/admin/push-notifications', {
      token: ops,
      body: { topic: 'challenges', title: 'Look', body: 'Here', sendAt: new Date(t.clock().getTime() + HOUR).toISOString() },
    });
    expect(plain.body.data.url).toBe('/dashboard');
  });
});

describe('automatic notifications', () => {
  it("pushes a pick'em result to the members who answered and chose the topic", async () => {
    const right = await subscribedMember(['picks']);
    const wrong = await subscribedMember(['picks'], 'fr');
    const notOptedIn = await subscribedMember(['challenges']);
    const created = await t.request('POST', '/api/admin/challenges', {
      token: ops,
      body: {
        type: 'poll',
        subtype: 'pickem',
        title: 'Who wins in Abu Dhabi?',
        visibleFrom: new Date(t.clock().getTime() - HOUR).toISOString(),
        expiresOn: new Date(t.clock().getTime() + 24 * HOUR).toISOString(),
        points: 30,
        options: [
          { text: 'Léa', points: 10 },
          { text: 'Marco', points: 10 },
        ],
      },
    });
    const id = AdminChallengeResponseSchema.parse(created.body).data.id;
    for (const [member, responseIndex] of [
      [right, 0],
      [wrong, 1],
      [notOptedIn, 0],
    ] as const) {
      expect((await t.request('POST', `/api/challenge/${id}`, { token: member.token, body: { pool: { responseIndex } } })).status).toBe(
        200,
      );
    }
    expect((await t.request('POST', `/api/admin/challenges/${id}/result`, { token: ops, body: { correctIndex: 0 } })).status).toBe(200);
    await vi.waitFor(() => expect(receivedBy(right.device).length + receivedBy(wrong.device).length).toBe(2), {
      timeout: 10_000,
      interval: 50,
    });
    expect(PushPayloadSchema.parse(receivedBy(right.device)[0].payload)).toMatchObject({
      title: 'You called it!',
      topic: 'picks',
      url: '/challenges/pickem',
    });
    expect(PushPayloadSchema.parse(receivedBy(right.device)[0].payload).body).toContain('+30 points');
    expect(PushPayloadSchema.parse(receivedBy(wrong.device)[0].payload).title).toBe('Le résultat est tombé');
    expect(receivedBy(notOptedIn.device)).toHaveLength(0);
  });

  it('pushes a sweepstake win to the winner who chose the topic, not to the other entrant', async () => {
    const created = await t.request('POST', '/api/admin/sweepstakes', {
      token: ops,
      body: {
        title: 'Signed helmet',
        prize: 'A signed helmet',
        startsAt: new Date(t.clock().getTime() - HOUR).toISOString(),
        endsAt: new Date(t.clock().getTime() + HOUR).toISOString(),
        entryCost: 10,
        winnerCount: 1,
        claimDays: 14,
        rules: 'One prize per member.',
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    const entrants = [await subscribedMember(['sweepstakes'], 'fr'), await subscribedMember(['sweepstakes'])];
    for (const member of entrants) {
      await t.db.transaction((tx) =>
        awardPoints(tx, { userId: member.userId, amount: 10, reason: 'adjustment', reference: `test:${member.userId}` }),
      );
      expect((await t.request('POST', `/api/sweepstake/${id}/entry`, { token: member.token, body: { count: 1 } })).status).toBe(201);
    }
    t.clock.set(new Date(t.clock().getTime() + 2 * HOUR));
    const drawn = await t.request('POST', `/api/admin/sweepstakes/${id}/draw`, { token: ops });
    expect(drawn.status).toBe(201);
    const [{ userId: winnerId }] = await t.db
      .select({ userId: sweepstakeWinners.userId })
      .from(sweepstakeWinners)
      .where(eq(sweepstakeWinners.sweepstakeId, id));
    const winner = entrants.find((m) => m.userId === winnerId)!;
    const loser = entrants.find((m) => m.userId !== winnerId)!;
    await vi.waitFor(() => expect(receivedBy(winner.device)).toHaveLength(1), { timeout: 10_000, interval: 50 });
    expect(PushPayloadSchema.parse(receivedBy(winner.device)[0].payload)).toMatchObject({
      topic: 'sweepstakes',
      url: `/sweepstakes/${id}`,
    });
    expect(PushPayloadSchema.parse(receivedBy(winner.device)[0].payload).body).toContain('Signed helmet');
    expect(receivedBy(loser.device)).toHaveLength(0);
  });
});

/** The member's subscription rows, as stored. */
const rowsOf = (ctx: TestContext, userId: string) => ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
const renew = (body: object) => t.request('POST', '/api/push/renew', { token: null, orgToken: null, body });

describe('a subscription belongs to the member who made it', () => {
  it("PUT with another member's endpoint answers 409 and leaves the subscription with its member", async () => {
    const owner = await subscribedMember(['picks']);
    const before = await rowsOf(t, owner.userId);
    const stranger = await createMember(t);
    const strangersKeys = service.subscription().keys;
    const res = await t.request('PUT', '/api/push/subscription', {
      token: stranger.token,
      body: { endpoint: owner.device.endpoint, keys: strangersKeys, topics: ['challenges'] },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('Conflict');
    expect(await rowsOf(t, owner.userId)).toEqual(before);
    expect(await rowsOf(t, stranger.userId)).toHaveLength(0);
  });

  it('the same device, with its auth secret, moves to the member now signed in on it', async () => {
    const first = await subscribedMember(['picks']);
    const second = await createMember(t);
    const res = await t.request('PUT', '/api/push/subscription', {
      token: second.token,
      body: { endpoint: first.device.endpoint, keys: first.device.keys, topics: ['checkin'] },
    });
    expect(res.status).toBe(200);
    expect(await rowsOf(t, first.userId)).toHaveLength(0);
    expect((await rowsOf(t, second.userId)).map((r) => [r.endpoint, r.topics])).toEqual([[first.device.endpoint, ['checkin']]]);
  });

  it('POST /api/push/renew without the old auth secret or with a wrong one changes nothing; with it the subscription moves, same member and topics', async () => {
    const owner = await subscribedMember(['picks', 'checkin']);
    const before = await rowsOf(t, owner.userId);
    const elsewhere = service.subscription();
    const missing = await renew({ oldEndpoint: owner.device.endpoint, endpoint: elsewhere.endpoint, keys: elsewhere.keys });
    expect(missing.status).toBe(422);
    const wrong = await renew({
      oldEndpoint: owner.device.endpoint,
      oldKeys: { auth: elsewhere.keys.auth },
      endpoint: elsewhere.endpoint,
      keys: elsewhere.keys,
    });
    expect(wrong.status).toBe(404);
    expect(await rowsOf(t, owner.userId)).toEqual(before);

    const proven = await renew({
      oldEndpoint: owner.device.endpoint,
      oldKeys: { auth: owner.device.keys.auth },
      endpoint: elsewhere.endpoint,
      keys: elsewhere.keys,
    });
    expect(proven.status).toBe(204);
    const after = await rowsOf(t, owner.userId);
    expect(after.map((r) => ({ endpoint: r.endpoint, auth: r.auth, topics: r.topics }))).toEqual([
      { endpoint: elsewhere.endpoint, auth: elsewhere.keys.auth, topics: ['picks', 'checkin'] },
    ]);
  });

  it("a renewal cannot move a subscription onto another member's endpoint", async () => {
    const a = await subscribedMember(['picks']);
    const b = await subscribedMember(['picks']);
    const [beforeA, beforeB] = [await rowsOf(t, a.userId), await rowsOf(t, b.userId)];
    const res = await renew({
      oldEndpoint: a.device.endpoint,
      oldKeys: { auth: a.device.keys.auth },
      endpoint: b.device.endpoint,
      keys: a.device.keys,
    });
    expect(res.status).toBe(409);
    expect(await rowsOf(t, a.userId)).toEqual(beforeA);
    expect(await rowsOf(t, b.userId)).toEqual(beforeB);
  });
});

describe('at most 10 subscriptions per member', () => {
  it('an 11th device replaces the least recently updated one, so a new phone always works', async () => {
    const member = await createMember(t);
    const devices: StandInSubscription[] = [];
    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_MEMBER + 2; i++) {
      t.clock.advance(1_000);
      const device = service.subscription();
      devices.push(device);
      const res = await t.request('PUT', '/api/push/subscription', {
        token: member.token,
        body: { endpoint: device.endpoint, keys: device.keys, topics: ['picks'] },
      });
      expect(res.status).toBe(200);
    }
    expect(MAX_SUBSCRIPTIONS_PER_MEMBER).toBe(10);
    const kept = (await rowsOf(t, member.userId)).map((r) => r.endpoint).sort();
    expect(kept).toEqual(
      devices
        .slice(2)
        .map((d) => d.endpoint)
        .sort(),
    );
  });

  it('1,000 endpoints registered by one member, 25 at a time, leave 10, and a notification makes at most 10 requests for them', async () => {
    const member = await createMember(t);
    const ids = new Set<string>();
    for (let batch = 0; batch < 40; batch++) {
      const statuses = await Promise.all(
        Array.from({ length: 25 }, async () => {
          const device = service.subscription();
          ids.add(device.id);
          return (
            await t.request('PUT', '/api/push/subscription', {
              token: member.token,
              body: { endpoint: device.endpoint, keys: device.keys, topics: ['sweepstakes'] },
            })
          ).status;
        }),
      );
      expect(new Set(statuses)).toEqual(new Set([200]));
    }
    expect(await rowsOf(t, member.userId)).toHaveLength(MAX_SUBSCRIPTIONS_PER_MEMBER);
    const n = await send({ topic: 'sweepstakes', title: 'Draw tonight', body: 'Enter now' });
    await sentNotification(n.id);
    expect(service.received.filter((r) => ids.has(r.subscriptionId))).toHaveLength(MAX_SUBSCRIPTIONS_PER_MEMBER);
  }, 60_000);
});

describe('endpoints that never answer', () => {
  it("hold one sending slot per member for a bounded time: another member's notification arrives meanwhile", async () => {
    // Three members (fewer than PUSH_CONCURRENCY, 4) with 10 endpoints each that never answer.
    const hung = new Set<string>();
    const attackers: string[] = [];
    for (let a = 0; a < 3; a++) {
      const attacker = await createMember(t);
      attackers.push(attacker.userId);
      for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_MEMBER; i++) {
        const device = service.subscription();
        service.hang(device.id);
        hung.add(device.id);
        const res = await t.request('PUT', '/api/push/subscription', {
          token: attacker.token,
          body: { endpoint: device.endpoint, keys: device.keys, topics: ['checkin'] },
        });
        expect(res.status).toBe(200);
      }
    }
    const fan = await subscribedMember(['checkin']);

    const n = await send({ topic: 'checkin', title: 'Gates open', body: 'Check in at the gates' });
    await vi.waitFor(() => expect(receivedBy(fan.device)).toHaveLength(1), { timeout: 10_000, interval: 20 });
    // The fan's push went out while the attackers' requests were still hanging: it did not wait behind them.
    expect(service.hanging()).toBeGreaterThan(0);
    // The whole notification ends within the members' budget (sentNotification waits at most 10 s), each attacker
    // having reached the stand-in at most twice (a 2.5 s budget of 1.5 s sends) and the rest skipped.
    const sent = await sentNotification(n.id);
    expect(sent.failed).toBeGreaterThanOrEqual(hung.size);
    await vi.waitFor(() => expect(service.hanging()).toBe(0), { timeout: 5_000, interval: 20 });
    const attempts = service.received.filter((r) => hung.has(r.subscriptionId));
    expect(attempts.length).toBeLessThanOrEqual(attackers.length * Math.ceil(MEMBER_BUDGET_MS / SEND_TIMEOUT_MS));
    expect(new Set(attempts.map((r) => r.status))).toEqual(new Set([0]));
    await t.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.userId, attackers));
  }, 30_000);

  it("stop at the notification's budget: nothing starts after it, and what is left counts as failed", async () => {
    const hung = new Set<string>();
    const attackers: string[] = [];
    for (let a = 0; a < 3; a++) {
      const attacker = await createMember(t);
      attackers.push(attacker.userId);
      for (let i = 0; i < 5; i++) {
        const device = service.subscription();
        service.hang(device.id);
        hung.add(device.id);
        expect(
          (
            await t.request('PUT', '/api/push/subscription', {
              token: attacker.token,
              body: { endpoint: device.endpoint, keys: device.keys, topics: ['picks'] },
            })
          ).status,
        ).toBe(200);
      }
    }
    const n = await send({
      topic: 'picks',
      title: 'Results soon',
      body: 'Stay tuned',
      sendAt: new Date(t.clock().getTime() + HOUR).toISOString(),
    });
    // Its job, queued after the commit, ran at once (too early: nothing sent) before the clock moves below.
    await t.jobsSettled();
    // A notification budget shorter than one send: each attacker's first request is cut off by it, the rest skipped.
    const deps = { ...t.deps, push: { ...t.deps.push, notificationBudgetMs: 300 } };
    const saved = t.clock();
    t.clock.set(new Date(saved.getTime() + 2 * HOUR));
    try {
      expect(await sendPushNotification(deps, n.id, { resume: false })).toBe(true);
    } finally {
      t.clock.set(saved);
    }
    const sent = await sentNotification(n.id);
    expect(sent.failed).toBeGreaterThanOrEqual(hung.size);
    await vi.waitFor(() => expect(service.hanging()).toBe(0), { timeout: 5_000, interval: 20 });
    expect(service.received.filter((r) => hung.has(r.subscriptionId)).length).toBeLessThanOrEqual(attackers.length);
    await t.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.userId, attackers));
  }, 30_000);
});

describe('with PUSH_ALLOW_INSECURE_ENDPOINTS unset: only https endpoints on public host names', () => {
  let strict: TestContext;
  let strictOps: string;
  let member: Member;
  /** The DNS of this app: names of the test, each with its addresses; any other name does not resolve. */
  const dns = new Map<string, string[]>([
    ['push.example.com', ['151.101.1.1', '2a04:4e42::1']],
    ['loopback.example.com', ['127.0.0.1']],
    ['intranet.example.com', ['10.1.2.3']],
    ['metadata.example.com', ['169.254.169.254']],
    ['cgnat.example.com', ['100.64.0.9']],
    ['ula.example.com', ['fd12:3456::1']],
    ['mapped.example.com', ['::ffff:192.168.0.1']],
    ['multicast.example.com', ['224.0.0.1']],
    ['mixed.example.com', ['151.101.1.2', '192.168.1.1']],
  ]);
  const lookups: string[] = [];
  const resolve = async (hostname: string): Promise<LookupAddress[]> => {
    lookups.push(hostname);
    const addresses = dns.get(hostname);
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: isIP(address) }));
  };
  const subscribe = (token: string, endpoint: string, topics: PushTopic[] = []) =>
    strict.request('PUT', '/api/push/subscription', { token, body: { endpoint, keys: service.subscription().keys, topics } });

  beforeAll(async () => {
    strict = await createTestContext({ env: { OPERATOR_EMAILS: OPERATOR }, push: { resolve } });
    strictOps = await strict.signIn(OPERATOR);
    member = await createMember(strict);
  });
  afterAll(async () => strict.close());

  it('is refused in production', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'a-real-secret-of-this-club', ORGANIZATION_KEY: 'pk_live_real_club' };
    expect(loadEnv(production).PUSH_ALLOW_INSECURE_ENDPOINTS).toBe(false);
    expect(() => loadEnv({ ...production, PUSH_ALLOW_INSECURE_ENDPOINTS: 'true' })).toThrow(/PUSH_ALLOW_INSECURE_ENDPOINTS/);
  });

  it.each([
    ['http://push.example.com/send/1', 'is not an https URL'],
    ['https://127.0.0.1/send/1', 'names an IP address'],
    ['https://10.0.0.8/send/1', 'names an IP address'],
    ['https://[::1]/send/1', 'names an IP address'],
    ['https://[fd00::1]/send/1', 'names an IP address'],
    ['https://169.254.169.254/latest/meta-data/', 'names an IP address'],
    ['https://[::ffff:127.0.0.1]/send/1', 'names an IP address'],
    ['https://2130706433/send/1', 'names an IP address'],
    ['https://localhost/send/1', 'is not a public host name'],
    ['https://loopback.example.com/send/1', 'resolves to a private or reserved address'],
    ['https://intranet.example.com/send/1', 'resolves to a private or reserved address'],
    ['https://metadata.example.com/send/1', 'resolves to a private or reserved address'],
    ['https://cgnat.example.com/send/1', 'resolves to a private or reserved address'],
    ['https://ula.example.com/send/1', 'resolves to a private or reserved address'],
    ['https://mapped.example.com/send/1', 'resolves to a private or reserved address'],
    ['https://multicast.example.com/send/1', 'resolves to a private or reserved address'],
    ['https://mixed.example.com/send/1', 'resolves to a private or reserved address'],
    ['https://nowhere.example.com/send/1', 'does not resolve'],
  ])('PUT %s answers 422 PushEndpointRefused (%s) and stores nothing', async (endpoint, reason) => {
    const res = await subscribe(member.token, endpoint);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('PushEndpointRefused');
    expect(res.body.error.message).toContain(reason);
    expect(await rowsOf(strict, member.userId)).toHaveLength(0);
  });

  it('accepts an https endpoint on a public name; a renewal to an internal endpoint is refused and changes nothing', async () => {
    const fan = await createMember(strict);
    const keys = service.subscription().keys;
    const stored = await strict.request('PUT', '/api/push/subscription', {
      token: fan.token,
      body: { endpoint: 'https://push.example.com/send/fan', keys, topics: [] },
    });
    expect(stored.status).toBe(200);
    const before = await rowsOf(strict, fan.userId);
    for (const endpoint of ['https://10.0.0.8/send/2', 'https://intranet.example.com/send/2', 'http://push.example.com/send/2']) {
      const res = await strict.request('POST', '/api/push/renew', {
        token: null,
        orgToken: null,
        body: { oldEndpoint: 'https://push.example.com/send/fan', oldKeys: { auth: keys.auth }, endpoint, keys },
      });
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('PushEndpointRefused');
    }
    expect(await rowsOf(strict, fan.userId)).toEqual(before);
  });

  it('checks again at each send: a name that now resolves to a private address is not contacted, and its subscription is dropped', async () => {
    dns.set('rebind.example.com', ['151.101.1.3']);
    const fan = await createMember(strict);
    expect((await subscribe(fan.token, 'https://rebind.example.com/send/fan', ['checkin'])).status).toBe(200);
    dns.set('rebind.example.com', ['10.0.0.7']);
    lookups.length = 0;
    const created = await strict.request('POST', '/api/admin/push-notifications', {
      token: strictOps,
      body: { topic: 'checkin', title: 'Gates open', body: 'Check in now' },
    });
    expect(created.status).toBe(202);
    const id = PushNotificationResponseSchema.parse(created.body).data.id;
    const sent = await vi.waitFor(
      async () => {
        const list = PushNotificationListResponseSchema.parse(
          (await strict.request('GET', '/api/admin/push-notifications', { token: strictOps })).body,
        ).data;
        const found = list.find((n) => n.id === id);
        expect(found?.status).toBe('sent');
        return found!;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(sent).toMatchObject({ delivered: 0, dropped: 1, failed: 0 });
    expect(lookups).toContain('rebind.example.com');
    expect(await rowsOf(strict, fan.userId)).toHaveLength(0);
  });
});
