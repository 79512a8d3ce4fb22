/**
 * Web Push (decision 0060) against the local push service stand-in (test/stand-ins/push-service.ts), which checks
 * each request's VAPID signature and decrypts its payload: subscribe, change topics and unsubscribe; renew on
 * `pushsubscriptionchange`; an operator's notification reaches only the members of its topic and segment (rank,
 * consent, checked in) and a marketing one needs the consent; a 410 drops the subscription; sends and cancels are
 * audit-logged; a scheduled one goes out when due; a pick'em result is pushed to the members who answered, a
 * sweepstake win to its winner.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AdminChallengeResponseSchema } from '../../src/contracts/admin/challenge';
import { PushNotificationListResponseSchema, PushNotificationResponseSchema, type PushNotificationInput } from '../../src/contracts/admin/push';
import { PushKeyResponseSchema, PushPayloadSchema, type PushTopic } from '../../src/contracts/push';
import { checkins, pushKeys, pushSubscriptions, sweepstakeWinners, users } from '../../server/db/schema';
import { awardPoints } from '../../server/domain/ledger';
import { processDuePushNotifications, vapidDetails } from '../../server/domain/push';
import { startPushService, type PushServiceStandIn, type StandInSubscription } from '../stand-ins/push-service';
import { createMember, type Member } from './content-fixtures';
import { createTestContext, type TestContext } from './helpers';

const OPERATOR = 'push-ops@alpine-racing.example';
const HOUR = 3_600_000;
let t: TestContext;
let ops: string;
let service: PushServiceStandIn;
beforeAll(async () => {
  service = await startPushService();
  t = await createTestContext({ env: { OPERATOR_EMAILS: OPERATOR } });
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
  const res = await t.request('PUT', '/api/push/subscription', { token: member.token, body: { endpoint: device.endpoint, keys: device.keys, topics, language } });
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
  return vi.waitFor(async () => {
    const list = PushNotificationListResponseSchema.parse((await t.request('GET', '/api/admin/push-notifications', { token: ops })).body).data;
    const found = list.find((n) => n.id === id);
    expect(found?.status).toBe('sent');
    return found!;
  }, { timeout: 10_000, interval: 50 });
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
    expect((await t.request('GET', query, { token: member.token })).body.data).toEqual({ endpoint: member.device.endpoint, topics: ['challenges'], language: 'en' });
    const change = await t.request('PUT', '/api/push/subscription', { token: member.token, body: { endpoint: member.device.endpoint, keys: member.device.keys, topics: ['picks', 'sweepstakes'], language: 'fr' } });
    expect(change.body.data.topics).toEqual(['picks', 'sweepstakes']);
    // Another member cannot read it.
    const other = await createMember(t);
    expect((await t.request('GET', query, { token: other.token })).status).toBe(404);

    const renewed = service.subscription();
    expect((await t.request('POST', '/api/push/renew', { token: null, orgToken: null, body: { oldEndpoint: member.device.endpoint, endpoint: renewed.endpoint, keys: renewed.keys } })).status).toBe(204);
    expect((await t.request('POST', '/api/push/renew', { token: null, orgToken: null, body: { oldEndpoint: member.device.endpoint, endpoint: renewed.endpoint, keys: renewed.keys } })).status).toBe(404);
    const moved = await t.request('GET', `/api/push/subscription?endpoint=${encodeURIComponent(renewed.endpoint)}`, { token: member.token });
    expect(moved.body.data.topics).toEqual(['picks', 'sweepstakes']);

    expect((await t.request('DELETE', '/api/push/subscription', { token: member.token, body: { endpoint: renewed.endpoint } })).status).toBe(204);
    expect((await t.request('DELETE', '/api/push/subscription', { token: member.token, body: { endpoint: renewed.endpoint } })).status).toBe(204);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, member.userId))).toHaveLength(0);
  });

  it('refuses visitors, a bad endpoint and unknown topics', async () => {
    const device = service.subscription();
    expect((await t.request('PUT', '/api/push/subscription', { body: { endpoint: device.endpoint, keys: device.keys, topics: [] } })).status).toBe(401);
    const member = await createMember(t);
    const bad = await t.request('PUT', '/api/push/subscription', { token: member.token, body: { endpoint: 'javascript:alert(1)', keys: device.keys, topics: [] } });
    expect(bad.status).toBe(422);
    const topic = await t.request('PUT', '/api/push/subscription', { token: member.token, body: { endpoint: device.endpoint, keys: device.keys, topics: ['everything'] } });
    expect(topic.status).toBe(422);
  });
});

describe("operators' notifications", () => {
  it('reach only the subscriptions of the topic and segment, signed and encrypted, in the device language; audit-logged', async () => {
    const challengeFan = await subscribedMember(['challenges'], 'fr');
    const checkinOnly = await subscribedMember(['checkin']);
    const checkedIn = await subscribedMember(['challenges']);
    await t.db.insert(checkins).values({ userId: checkedIn.userId, day: '2026-11-20', streakDay: 1, pointsAwarded: 10, occurredAt: t.clock() });
    const { publicKey } = PushKeyResponseSchema.parse((await t.request('GET', '/api/push/key', { token: null, orgToken: null })).body).data;

    const all = await send({ topic: 'challenges', title: 'New challenge', body: 'Pick the winner', url: '/challenges/pickem', translations: { fr: { title: 'Nouveau défi' } } });
    const sent = await sentNotification(all.id);
    expect(sent.delivered).toBeGreaterThanOrEqual(2);
    const [toFan] = receivedBy(challengeFan.device);
    expect(toFan.status).toBe(201);
    expect(toFan.vapidKey).toBe(publicKey);
    expect(toFan.subject).toBe('mailto:no-reply@podium.example');
    const payload = PushPayloadSchema.parse(toFan.payload);
    expect(payload).toMatchObject({ title: 'Nouveau défi', body: 'Pick the winner', url: '/challenges/pickem', topic: 'challenges', icon: '/manifest-icons/192.png' });
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
    expect((await t.request('PATCH', '/api/consent/user/marketing-emails', { token: consenting.token, body: { consentId: 'marketing-emails', value: 1 } })).status).toBe(200);
    const noConsent = await t.request('POST', '/api/admin/push-notifications', { token: ops, body: { topic: 'sweepstakes', title: 'Win', body: 'Enter now', marketing: true } });
    expect(noConsent.status).toBe(422);
    const marketing = await send({ topic: 'sweepstakes', title: 'Win', body: 'Enter now', marketing: true, segment: { consentKey: 'marketing-emails' } });
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
    await t.db.update(users).set({ suspendedAt: t.clock(), suspendedUntil: new Date(t.clock().getTime() + HOUR), suspensionReason: 'Automated check-ins' }).where(eq(users.id, member.userId));
    const during = await send({ topic: 'checkin', title: 'Check-in open', body: 'Scan the code at the gates' });
    await sentNotification(during.id);
    expect(receivedBy(member.device)).toHaveLength(0);
    await t.db.update(users).set({ suspendedUntil: new Date(t.clock().getTime() - 1) }).where(eq(users.id, member.userId));
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
    expect((await t.request('DELETE', `/api/admin/push-notifications/${cancelled.id}`, { token: ops })).body.data.status).toBe('cancelled');
    expect((await t.request('DELETE', `/api/admin/push-notifications/${cancelled.id}`, { token: ops })).status).toBe(409);
    expect(await processDuePushNotifications(t.deps, t.clock())).toBe(0);
    // Two processes' jobs at once: the row is claimed by one of them.
    const due = new Date(t.clock().getTime() + 2 * HOUR);
    const runs = await Promise.all([processDuePushNotifications(t.deps, due), processDuePushNotifications(t.deps, due)]);
    expect(runs[0] + runs[1]).toBe(1);
    expect(receivedBy(member.device).map((r) => PushPayloadSchema.parse(r.payload).title)).toEqual(['Tonight']);
    const audit = await t.request('GET', '/api/admin/audit-log?entity=push-notifications', { token: ops });
    expect(audit.body.data.find((e: { entityId: string; action: string }) => e.entityId === cancelled.id && e.action === 'cancel')).toBeTruthy();
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
        options: [{ text: 'Léa', points: 10 }, { text: 'Marco', points: 10 }],
      },
    });
    const id = AdminChallengeResponseSchema.parse(created.body).data.id;
    for (const [member, responseIndex] of [[right, 0], [wrong, 1], [notOptedIn, 0]] as const) {
      expect((await t.request('POST', `/api/challenge/${id}`, { token: member.token, body: { pool: { responseIndex } } })).status).toBe(200);
    }
    expect((await t.request('POST', `/api/admin/challenges/${id}/result`, { token: ops, body: { correctIndex: 0 } })).status).toBe(200);
    await vi.waitFor(() => expect(receivedBy(right.device).length + receivedBy(wrong.device).length).toBe(2), { timeout: 10_000, interval: 50 });
    expect(PushPayloadSchema.parse(receivedBy(right.device)[0].payload)).toMatchObject({ title: 'You called it!', topic: 'picks', url: '/challenges/pickem' });
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
      await t.db.transaction((tx) => awardPoints(tx, { userId: member.userId, amount: 10, reason: 'adjustment', reference: `test:${member.userId}` }));
      expect((await t.request('POST', `/api/sweepstake/${id}/entry`, { token: member.token, body: { count: 1 } })).status).toBe(201);
    }
    t.clock.set(new Date(t.clock().getTime() + 2 * HOUR));
    const drawn = await t.request('POST', `/api/admin/sweepstakes/${id}/draw`, { token: ops });
    expect(drawn.status).toBe(201);
    const [{ userId: winnerId }] = await t.db.select({ userId: sweepstakeWinners.userId }).from(sweepstakeWinners).where(eq(sweepstakeWinners.sweepstakeId, id));
    const winner = entrants.find((m) => m.userId === winnerId)!;
    const loser = entrants.find((m) => m.userId !== winnerId)!;
    await vi.waitFor(() => expect(receivedBy(winner.device)).toHaveLength(1), { timeout: 10_000, interval: 50 });
    expect(PushPayloadSchema.parse(receivedBy(winner.device)[0].payload)).toMatchObject({ topic: 'sweepstakes', url: `/sweepstakes/${id}` });
    expect(PushPayloadSchema.parse(receivedBy(winner.device)[0].payload).body).toContain('Signed helmet');
    expect(receivedBy(loser.device)).toHaveLength(0);
  });
});
