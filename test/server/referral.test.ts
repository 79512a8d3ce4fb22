/**
 * Referrals: the member's code and link, a newcomer's claim (14 days, once, never one's own), the
 * reward of both after the newcomer's first check-in or answer (once, also under concurrency), the organization's
 * points and monthly limit, and what operators see (member care, figures).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REFERRAL_CODE_ALPHABET } from '../../src/contracts/referral-code';
import { ReferralClaimResultResponseSchema, ReferralSummaryResponseSchema } from '../../src/contracts/referral';
import type { Challenge } from '../../src/contracts/challenge';
import { TransactionListResponseSchema } from '../../src/contracts/user';
import { organizations, pointTransactions, users } from '../../server/db/schema';
import { createTestContext, type TestContext } from './helpers';

const OPERATOR = 'ops@alpine-racing.example';
const DAY = 24 * 60 * 60 * 1000;
let t: TestContext;
let ops: string;
beforeAll(async () => {
  t = await createTestContext({ env: { OPERATOR_EMAILS: OPERATOR } });
  ops = await t.signIn(OPERATOR);
});
afterAll(async () => t?.close());
beforeEach(async () => {
  t.clock.set(new Date());
  await t.db.update(organizations).set({ referralPoints: 100, referralMonthlyLimit: 10 }).where(eq(organizations.id, t.organization.id));
});

const summary = async (token: string) =>
  ReferralSummaryResponseSchema.parse((await t.request('GET', '/api/user/me/referral', { token })).body).data;
const claim = (token: string, code: string) => t.request('POST', '/api/user/me/referral/claim', { token, body: { code } });
const checkIn = (token: string) => t.request('POST', '/api/checkin', { token });
const me = async (token: string) => (await t.request('GET', '/api/user/me', { token })).body.data as { userId: string; points: number };
const referralRows = (userId: string) =>
  t.db
    .select()
    .from(pointTransactions)
    .where(and(eq(pointTransactions.userId, userId), eq(pointTransactions.reason, 'referral')));

/** A referrer and a newcomer who claimed the referrer's code. */
async function referredPair() {
  const referrer = await t.signIn();
  const newcomer = await t.signIn();
  const { code } = await summary(referrer);
  expect((await claim(newcomer, code)).status).toBe(201);
  return { referrer, newcomer, code };
}

describe('the invite', () => {
  it('gives each member one stable code, not built from their id, and the link `/?ref={code}` with it', async () => {
    const token = await t.signIn();
    const first = await summary(token);
    expect(first.code).toMatch(new RegExp(`^[${REFERRAL_CODE_ALPHABET}]{8}$`));
    expect(first).toMatchObject({ invited: 0, rewarded: 0, points: 100, referredBy: null });
    expect(new URL(first.url).searchParams.get('ref')).toBe(first.code);
    expect(first.url).not.toContain((await me(token)).userId);
    expect((await summary(token)).code).toBe(first.code);
    expect((await summary(await t.signIn())).code).not.toBe(first.code);
  });

  it('answers the forwarded origin only behind a trusted proxy', async () => {
    const token = await t.signIn();
    const res = await t.request('GET', '/api/user/me/referral', {
      token,
      headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect(res.body.data.url).not.toContain('evil.example');
  });
});

describe('claiming a code', () => {
  it("a newcomer claims a friend's code (typed in lower case with a dash) and sees who is pending", async () => {
    const referrer = await t.signIn();
    const newcomer = await t.signIn();
    const { code } = await summary(referrer);
    const res = await claim(newcomer, `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`);
    expect(res.status).toBe(201);
    expect(ReferralClaimResultResponseSchema.parse(res.body).data).toMatchObject({ rewarded: false });
    expect((await summary(newcomer)).referredBy).toMatchObject({ rewarded: false });
    expect(await summary(referrer)).toMatchObject({ invited: 1, rewarded: 0 });
  });

  it("refuses one's own code with 422 ReferralOwnCode", async () => {
    const token = await t.signIn();
    const res = await claim(token, (await summary(token)).code);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('ReferralOwnCode');
  });

  it('refuses a second claim with 409 ReferralAlreadyClaimed, the same code or another', async () => {
    const { newcomer, code } = await referredPair();
    expect((await claim(newcomer, code)).body.error.code).toBe('ReferralAlreadyClaimed');
    const other = await claim(newcomer, (await summary(await t.signIn())).code);
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('ReferralAlreadyClaimed');
  });

  it('refuses a claim more than 14 days after joining with 422 ReferralWindowClosed; day 14 still counts', async () => {
    const { code } = await summary(await t.signIn());
    const late = await t.signIn();
    const onTime = await t.signIn();
    t.clock.advance(14 * DAY);
    expect((await claim(onTime, code)).status).toBe(201);
    t.clock.advance(60_000);
    const res = await claim(late, code);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('ReferralWindowClosed');
  });

  it('answers 404 ReferralUnknownCode for a code nobody has and 422 ValidationFailed for a malformed one', async () => {
    const token = await t.signIn();
    const unknown = await claim(token, '22222222');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('ReferralUnknownCode');
    const malformed = await claim(token, 'O0I1-LU');
    expect(malformed.status).toBe(422);
    expect(malformed.body.error.code).toBe('ValidationFailed');
  });

  it('limits unknown codes to ten an hour per member: the eleventh answers 429, even a right code, until the hour ends', async () => {
    const guesser = await t.signIn();
    const { code } = await summary(await t.signIn());
    // Refusals other than an unknown code do not count: a member who mistypes their own code is not limited for it.
    const own = (await summary(guesser)).code;
    for (let i = 0; i < 3; i += 1) expect((await claim(guesser, own)).body.error.code).toBe('ReferralOwnCode');
    const guesses = await Promise.all(Array.from({ length: 10 }, (_, i) => claim(guesser, `2222222${REFERRAL_CODE_ALPHABET[i]}`)));
    expect(guesses.map((g) => g.status)).toEqual(Array(10).fill(404));
    const eleventh = await claim(guesser, '33333333');
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.error.code).toBe('TooManyRequests');
    expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await claim(guesser, code)).status).toBe(429);
    // Another member is not limited by this one's guesses.
    expect((await claim(await t.signIn(), code)).status).toBe(201);
    t.clock.set(new Date(Date.now() + 61 * 60 * 1000));
    expect((await claim(guesser, code)).status).toBe(201);
  });

  it('two claims at once by one newcomer record one: the other is 409', async () => {
    const newcomer = await t.signIn();
    const codes = [(await summary(await t.signIn())).code, (await summary(await t.signIn())).code];
    const answers = await Promise.all(codes.map((code) => claim(newcomer, code)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
  });
});

describe('the reward', () => {
  it("both earn referralPoints after the newcomer's first check-in, once, with ledger rows that name the referral", async () => {
    const { referrer, newcomer } = await referredPair();
    expect((await me(referrer)).points).toBe(0);
    expect((await checkIn(newcomer)).status).toBe(201);
    const newcomerId = (await me(newcomer)).userId;
    const referrerId = (await me(referrer)).userId;
    const [own] = await referralRows(newcomerId);
    const [friend] = await referralRows(referrerId);
    expect(own).toMatchObject({ amount: 100, reference: expect.stringMatching(/^referral:[0-9a-f-]{36}:newcomer$/) });
    expect(friend).toMatchObject({ amount: 100, reference: own.reference.replace(':newcomer', ':referrer') });
    expect((await me(referrer)).points).toBe(100);
    expect((await me(newcomer)).points).toBe(100 + 10);
    // The member's history names it.
    const history = TransactionListResponseSchema.parse(
      (await t.request('GET', '/api/user/me/transactions', { token: referrer })).body,
    ).data;
    expect(history[0]).toMatchObject({ reason: 'referral', amount: 100 });
    expect(await summary(referrer)).toMatchObject({ invited: 1, rewarded: 1 });
    expect((await summary(newcomer)).referredBy).toMatchObject({ rewarded: true });
    // The next days' check-ins reward nothing more.
    t.clock.advance(DAY);
    expect((await checkIn(newcomer)).status).toBe(201);
    expect(await referralRows(newcomerId)).toHaveLength(1);
    expect(await referralRows(referrerId)).toHaveLength(1);
    expect((await t.db.select({ pending: users.referralPending }).from(users).where(eq(users.id, newcomerId)))[0].pending).toBe(false);
  });

  it('an answer to a challenge qualifies too', async () => {
    const { referrer, newcomer } = await referredPair();
    const poll = (await t.challenges(newcomer)).find(
      (c: Challenge) => c.subtype === 'poll' && !c.completed && (c.expiresOn === null || new Date(c.expiresOn) > new Date()),
    )!;
    const res = await t.request('POST', `/api/challenge/${poll.challengeId}`, { token: newcomer, body: { pool: { responseIndex: 0 } } });
    expect(res.status).toBe(200);
    expect((await me(referrer)).points).toBe(100);
  });

  it('a newcomer who had already checked in is rewarded at the claim', async () => {
    const referrer = await t.signIn();
    const newcomer = await t.signIn();
    expect((await checkIn(newcomer)).status).toBe(201);
    const res = await claim(newcomer, (await summary(referrer)).code);
    expect(res.body.data.rewarded).toBe(true);
    expect((await me(referrer)).points).toBe(100);
    expect((await me(newcomer)).points).toBe(110);
  });

  it('two qualifying actions at once reward once', async () => {
    const { referrer, newcomer } = await referredPair();
    const poll = (await t.challenges(newcomer)).find(
      (c: Challenge) => c.subtype === 'poll' && !c.completed && (c.expiresOn === null || new Date(c.expiresOn) > new Date()),
    )!;
    const answers = await Promise.all([
      checkIn(newcomer),
      checkIn(newcomer),
      t.request('POST', `/api/challenge/${poll.challengeId}`, { token: newcomer, body: { pool: { responseIndex: 0 } } }),
    ]);
    expect(answers.every((a) => a.status < 300)).toBe(true);
    expect(await referralRows((await me(referrer)).userId)).toHaveLength(1);
    expect(await referralRows((await me(newcomer)).userId)).toHaveLength(1);
    expect((await me(referrer)).points).toBe(100);
  });

  it("follows the organization's referralPoints, set in the console (0 rewards nobody)", async () => {
    const patch = await t.request('PATCH', '/api/admin/organization', { token: ops, body: { referralPoints: 250 } });
    expect(patch.status).toBe(200);
    expect(patch.body.data).toMatchObject({ referralPoints: 250, referralMonthlyLimit: 10 });
    const { referrer, newcomer } = await referredPair();
    expect((await summary(referrer)).points).toBe(250);
    await checkIn(newcomer);
    expect((await me(referrer)).points).toBe(250);
    const bad = await t.request('PATCH', '/api/admin/organization', { token: ops, body: { referralMonthlyLimit: -1 } });
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe('ValidationFailed');
  });

  it('past the monthly limit the newcomer still earns, the referrer does not; a new month starts again', async () => {
    await t.request('PATCH', '/api/admin/organization', { token: ops, body: { referralMonthlyLimit: 1 } });
    const referrer = await t.signIn();
    const { code } = await summary(referrer);
    const friends = [await t.signIn(), await t.signIn(), await t.signIn()];
    for (const friend of friends) expect((await claim(friend, code)).status).toBe(201);
    // Two friends check in at once: only one of them earns the referrer points.
    await Promise.all([checkIn(friends[0]), checkIn(friends[1])]);
    expect((await me(referrer)).points).toBe(100);
    expect((await me(friends[0])).points).toBe(110);
    expect((await me(friends[1])).points).toBe(110);
    expect(await summary(referrer)).toMatchObject({ invited: 3, rewarded: 1 });
    t.clock.advance(32 * DAY); // always the next calendar month
    await checkIn(friends[2]);
    expect((await me(referrer)).points).toBe(200);
  });
});

describe('operators', () => {
  it('see who referred a member and whom they referred in member care, and referrals in the figures', async () => {
    const { referrer, newcomer } = await referredPair();
    await checkIn(newcomer);
    const referrerId = (await me(referrer)).userId;
    const newcomerId = (await me(newcomer)).userId;
    const care = await t.request('GET', `/api/admin/members/${referrerId}/referrals`, { token: ops });
    expect(care.status).toBe(200);
    expect(care.body.data.referredBy).toBeNull();
    expect(care.body.data.referred).toEqual([
      expect.objectContaining({ userId: newcomerId, rewardedAt: expect.any(String), referrerPoints: 100 }),
    ]);
    const theirs = await t.request('GET', `/api/admin/members/${newcomerId}/referrals`, { token: ops });
    expect(theirs.body.data.referredBy).toMatchObject({ userId: referrerId });
    expect((await t.request('GET', `/api/admin/members/${newcomerId}/referrals`, { token: newcomer })).status).toBe(403);
    const figures = await t.request('GET', '/api/admin/figures?period=7d', { token: ops });
    expect(figures.status).toBe(200);
    const claimedBefore = figures.body.data.referrals.claimed;
    expect(figures.body.data.referrals.rewarded).toBeGreaterThanOrEqual(1);
    await referredPair();
    const after = await t.request('GET', '/api/admin/figures?period=7d', { token: ops });
    expect(after.body.data.referrals.claimed).toBe(claimedBefore + 1);
  });
});
