import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { otpCodes, sessions, users } from '../../server/db/schema';
import { sha256 } from '../../server/lib/crypto';
import { createTestContext, type TestContext } from './helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t.close());
beforeEach(() => t.clock.set(new Date()));

const email = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`;

describe('sign-in with an e-mail code', () => {
  it('mails a 6-digit code and answers 202 the same for a new and a known e-mail', async () => {
    const known = email('known');
    await t.signIn(known);
    t.clock.advance(60_000);
    const a = await t.request('POST', '/api/session/otp', { body: { email: known } });
    const b = await t.request('POST', '/api/session/otp', { body: { email: email('unknown') } });
    expect(a.status).toBe(202);
    expect(b.status).toBe(202);
    expect(a.body).toEqual(b.body);
    expect(a.body).toEqual({ data: { sent: true } });
    expect(t.lastCode(known)).toMatch(/^\d{6}$/);
  });

  it('stores only a hash of the code', async () => {
    const e = email('hash');
    await t.request('POST', '/api/session/otp', { body: { email: e } });
    const rows = await t.db.select().from(otpCodes).where(eq(otpCodes.email, e));
    expect(rows).toHaveLength(1);
    expect(rows[0].codeHash).not.toContain(t.lastCode(e)!);
    expect(rows[0].codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a right code creates a new member and returns a 256-bit token stored only as a hash', async () => {
    const e = email('New.Fan').toUpperCase();
    await t.request('POST', '/api/session/otp', { body: { email: e } });
    const res = await t.request('POST', '/api/session', { body: { email: e, code: t.lastCode(e.toLowerCase()) } });
    expect(res.status).toBe(200);
    expect(res.body.data.isNewUser).toBe(true);
    expect(Buffer.from(res.body.data.token, 'base64url')).toHaveLength(32);
    const expires = new Date(res.body.data.expiresAt).getTime() - new Date(res.body.data.sessionStart).getTime();
    expect(expires).toBe(400 * 24 * 60 * 60 * 1000);
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(res.body.data.token)));
    expect(row).toBeDefined();
    const me = await t.request('GET', '/api/user/me', { token: res.body.data.token });
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe(e.toLowerCase());
  });

  it('a wrong code answers 401 InvalidCode and opens no session', async () => {
    const e = email('wrong');
    await t.request('POST', '/api/session/otp', { body: { email: e } });
    const code = t.lastCode(e)!;
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await t.request('POST', '/api/session', { body: { email: e, code: wrong } });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('InvalidCode');
  });

  it('a code works only once: used again it answers 401 CodeUsedUp', async () => {
    const e = email('once');
    await t.request('POST', '/api/session/otp', { body: { email: e } });
    const code = t.lastCode(e);
    expect((await t.request('POST', '/api/session', { body: { email: e, code } })).status).toBe(200);
    const again = await t.request('POST', '/api/session', { body: { email: e, code } });
    expect(again.status).toBe(401);
    expect(again.body.error.code).toBe('CodeUsedUp');
  });

  it('a code sent ten times at once opens one session and creates one member', async () => {
    const e = email('race');
    await t.request('POST', '/api/session/otp', { body: { email: e } });
    const code = t.lastCode(e);
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.request('POST', '/api/session', { body: { email: e, code } })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(401)]);
    expect(answers.filter((r) => r.status === 401).every((r) => r.body.error.code === 'CodeUsedUp')).toBe(true);
    const [member] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, e));
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, member.id))).toHaveLength(1);
  });

  it('a code expires after 10 minutes', async () => {
    const e = email('expiry');
    await t.request('POST', '/api/session/otp', { body: { email: e } });
    t.clock.advance(10 * 60 * 1000 + 1);
    const res = await t.request('POST', '/api/session', { body: { email: e, code: t.lastCode(e) } });
    expect(res.status).toBe(401);
  });

  it('a code still works just before 10 minutes', async () => {
    const e = email('almost');
    await t.request('POST', '/api/session/otp', { body: { email: e } });
    t.clock.advance(10 * 60 * 1000 - 1000);
    const res = await t.request('POST', '/api/session', { body: { email: e, code: t.lastCode(e) } });
    expect(res.status).toBe(200);
  });

  it('after 5 wrong attempts even the right code is refused: 401 CodeUsedUp', async () => {
    const e = email('attempts');
    await t.request('POST', '/api/session/otp', { body: { email: e } });
    const code = t.lastCode(e)!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) {
      expect((await t.request('POST', '/api/session', { body: { email: e, code: wrong } })).status).toBe(401);
    }
    const res = await t.request('POST', '/api/session', { body: { email: e, code } });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('CodeUsedUp');
  });

  it('4 wrong attempts still leave the right code usable', async () => {
    const e = email('four');
    await t.request('POST', '/api/session/otp', { body: { email: e } });
    const code = t.lastCode(e)!;
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 4; i++) await t.request('POST', '/api/session', { body: { email: e, code: wrong } });
    expect((await t.request('POST', '/api/session', { body: { email: e, code } })).status).toBe(200);
  });

  it('a new code keeps the earlier one usable, and using one consumes both', async () => {
    const e = email('keep');
    await t.request('POST', '/api/session/otp', { body: { email: e } });
    t.clock.advance(31_000);
    await t.request('POST', '/api/session/otp', { body: { email: e } });
    const [first, second] = t.codes.get(e)!;
    expect((await t.request('POST', '/api/session', { body: { email: e, code: first } })).status).toBe(200);
    expect((await t.request('POST', '/api/session', { body: { email: e, code: second } })).status).toBe(401);
  });

  it('a second code within 30 s is 429 with Retry-After', async () => {
    const e = email('cooldown');
    expect((await t.request('POST', '/api/session/otp', { body: { email: e } })).status).toBe(202);
    t.clock.advance(10_000);
    const res = await t.request('POST', '/api/session/otp', { body: { email: e } });
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe('TooManyRequests');
    expect(Number(res.headers.get('retry-after'))).toBe(20);
    expect(t.codes.get(e)).toHaveLength(1);
  });

  it('at most 5 codes per e-mail in 15 minutes', async () => {
    const e = email('window');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await t.request('POST', '/api/session/otp', { body: { email: e } })).status);
      t.clock.advance(31_000);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    t.clock.advance(15 * 60 * 1000);
    expect((await t.request('POST', '/api/session/otp', { body: { email: e } })).status).toBe(202);
  });

  it('an invalid e-mail is 422 ValidationFailed and sends nothing', async () => {
    const res = await t.request('POST', '/api/session/otp', { body: { email: 'not-an-email' } });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('ValidationFailed');
    expect(res.body.error.details[0].path).toBe('email');
  });

  it('a code that is not 6 digits is 422', async () => {
    const res = await t.request('POST', '/api/session', { body: { email: email('x'), code: '12ab' } });
    expect(res.status).toBe(422);
  });

  it('sign-in needs the organization key as bearer', async () => {
    const res = await t.request('POST', '/api/session/otp', { token: null, body: { email: email('nokey') } });
    expect(res.status).toBe(401);
    const bad = await t.request('POST', '/api/session/otp', { token: 'pk_unknown_org', body: { email: email('badkey') } });
    expect(bad.status).toBe(401);
  });
});

describe('sessions', () => {
  it('DELETE /session ends the session: the token stops working', async () => {
    const token = await t.signIn();
    expect((await t.request('GET', '/api/user/me', { token })).status).toBe(200);
    const res = await t.request('DELETE', '/api/session', { token });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await t.request('GET', '/api/user/me', { token })).status).toBe(401);
  });

  it('DELETE /session as a visitor is 401', async () => {
    expect((await t.request('DELETE', '/api/session')).status).toBe(401);
  });

  it('a session expires after 400 days', async () => {
    const token = await t.signIn();
    t.clock.advance(399 * 24 * 60 * 60 * 1000);
    expect((await t.request('GET', '/api/user/me', { token })).status).toBe(200);
    t.clock.advance(2 * 24 * 60 * 60 * 1000);
    expect((await t.request('GET', '/api/user/me', { token })).status).toBe(401);
  });

  it('a signed-in member signing in again keeps the same account', async () => {
    const e = email('again');
    const first = await t.signIn(e);
    t.clock.advance(60_000);
    const second = await t.signIn(e);
    const a = await t.request('GET', '/api/user/me', { token: first });
    const b = await t.request('GET', '/api/user/me', { token: second });
    expect(a.body.data.userId).toBe(b.body.data.userId);
  });

  it('GET /user/me without a session is 401 with the error shape', async () => {
    for (const token of [null, t.organization.publicKey, 'garbage-token']) {
      const res = await t.request('GET', '/api/user/me', { token });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('Unauthorized');
      expect(typeof res.body.error.message).toBe('string');
    }
  });
});
