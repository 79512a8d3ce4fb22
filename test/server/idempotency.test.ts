import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { idempotencyRecords, pointTransactions } from '../../server/db/schema';
import { createTestContext, type TestContext } from './helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t.close());
beforeEach(() => t.clock.set(new Date()));

let n = 0;
const key = () => `key-${Date.now()}-${n++}`;
const withKey = (k: string) => ({ 'idempotency-key': k });
const userOf = async (token: string) => (await t.request('GET', '/api/user/me', { token })).body.data;

describe('Idempotency-Key', () => {
  it('a replay returns the stored status and body and changes nothing', async () => {
    const token = await t.signIn();
    const [poll] = (await t.challenges(token)).filter((c) => c.title === 'Driver of the day at Monza');
    const k = key();
    const first = await t.request('POST', `/api/challenge/${poll.challengeId}`, {
      token,
      body: { pool: { responseIndex: 0 } },
      headers: withKey(k),
    });
    const replay = await t.request('POST', `/api/challenge/${poll.challengeId}`, {
      token,
      body: { pool: { responseIndex: 0 } },
      headers: withKey(k),
    });
    expect(first.status).toBe(200);
    expect(replay.status).toBe(200);
    expect(replay.text).toBe(first.text);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await userOf(token)).points).toBe(20);
    // Without the key, a second answer is refused as usual.
    expect((await t.request('POST', `/api/challenge/${poll.challengeId}`, { token, body: { pool: { responseIndex: 0 } } })).status).toBe(
      422,
    );
  });

  it('the same key with another body is 422 IdempotencyKeyReused', async () => {
    const token = await t.signIn();
    const k = key();
    expect((await t.request('POST', '/api/checkin', { token, body: {}, headers: withKey(k) })).status).toBe(201);
    const other = await t.request('POST', '/api/checkin', { token, body: { occurredAt: t.clock().toISOString() }, headers: withKey(k) });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('IdempotencyKeyReused');
    const otherPath = await t.request('PATCH', '/api/user/me', { token, body: {}, headers: withKey(k) });
    expect(otherPath.status).toBe(422);
  });

  it('a duplicate while the first request is in flight is 409 IdempotencyKeyInFlight', async () => {
    const token = await t.signIn();
    const me = await userOf(token);
    const k = key();
    const now = t.clock();
    // The first request has claimed the key and not finished yet.
    await t.db.insert(idempotencyRecords).values({
      principal: `user:${me.userId}`,
      key: k,
      method: 'POST',
      path: '/api/checkin',
      fingerprint: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', // sha256 of an empty body
      createdAt: now,
      expiresAt: new Date(now.getTime() + 86_400_000),
    });
    const res = await t.request('POST', '/api/checkin', { token, headers: withKey(k) });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('IdempotencyKeyInFlight');
    expect((await userOf(token)).points).toBe(0);
  });

  it('concurrent duplicates run the handler once: the others get 409 or the replayed response', async () => {
    const token = await t.signIn();
    const k = key();
    const results = await Promise.all(Array.from({ length: 10 }, () => t.request('POST', '/api/checkin', { token, headers: withKey(k) })));
    const created = results.filter((r) => r.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(new Set(created.map((r) => r.text)).size).toBe(1);
    const me = await userOf(token);
    expect(me.points).toBe(10);
    expect(await t.db.select().from(pointTransactions).where(eq(pointTransactions.userId, me.userId))).toHaveLength(1);
  });

  it('a key is kept for 24 hours', async () => {
    const token = await t.signIn();
    const k = key();
    const first = await t.request('POST', '/api/checkin', { token, headers: withKey(k) });
    t.clock.advance(23 * 60 * 60 * 1000);
    const replay = await t.request('POST', '/api/checkin', { token, headers: withKey(k) });
    expect(replay.text).toBe(first.text);
    t.clock.advance(2 * 60 * 60 * 1000);
    const fresh = await t.request('POST', '/api/checkin', { token, headers: withKey(k) });
    expect(fresh.headers.get('idempotent-replayed')).toBeNull();
    expect(fresh.body.data.day).not.toBe(first.body.data.day);
  });

  it('4xx answers are replayed too; keys are per member', async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    const k = key();
    const bad = await t.request('POST', '/api/challenge/00000000-0000-4000-8000-000000000000', {
      token: a,
      body: { pool: { responseIndex: 0 } },
      headers: withKey(k),
    });
    expect(bad.status).toBe(404);
    const again = await t.request('POST', '/api/challenge/00000000-0000-4000-8000-000000000000', {
      token: a,
      body: { pool: { responseIndex: 0 } },
      headers: withKey(k),
    });
    expect(again.status).toBe(404);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await t.request('POST', '/api/checkin', { token: b, headers: withKey(k) })).status).toBe(201);
  });

  it('a 429 frees the key so the retry can succeed later', async () => {
    const email = `limit-${n++}@example.com`;
    const k1 = key();
    expect((await t.request('POST', '/api/session/otp', { body: { email }, headers: withKey(key()) })).status).toBe(202);
    expect((await t.request('POST', '/api/session/otp', { body: { email }, headers: withKey(k1) })).status).toBe(429);
    t.clock.advance(31_000);
    expect((await t.request('POST', '/api/session/otp', { body: { email }, headers: withKey(k1) })).status).toBe(202);
  });

  it('a sign-in response (it holds the token) is never stored for replay', async () => {
    const email = `nostore-${n++}@example.com`;
    await t.request('POST', '/api/session/otp', { body: { email } });
    const k = key();
    const res = await t.request('POST', '/api/session', { body: { email, code: t.lastCode(email) }, headers: withKey(k) });
    expect(res.status).toBe(200);
    const rows = await t.db.select().from(idempotencyRecords).where(eq(idempotencyRecords.key, k));
    expect(rows).toHaveLength(0);
  });

  it('a malformed key is 422', async () => {
    const token = await t.signIn();
    const res = await t.request('POST', '/api/checkin', { token, headers: withKey('x'.repeat(300)) });
    expect(res.status).toBe(422);
  });
});
