/**
 * Sign-in at a stadium gate (decisions 0043, 0070): limits that let a crowd behind one address in, stop flooding
 * per mailbox and per address and guessing per code, cannot be used to lock a named person out, and count the
 * address a trusted proxy saw.
 */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../server/env';
import { sessions, users } from '../../server/db/schema';
import { clientIp } from '../../server/lib/client-ip';
import { createTestContext, type TestContext } from './helpers';

const email = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`;
/** Fans asking for a code from one address within a minute at a stadium gate: the crowd the limits are sized for. */
const STADIUM_CROWD = 2000;
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('a stadium crowd behind one address', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(async () => t.close());

  it('2,000 different fans asking for a code from one address within a minute all get one', async () => {
    const fans = Array.from({ length: STADIUM_CROWD }, (_, i) => `gate${i}-${Math.random().toString(36).slice(2, 6)}@example.com`);
    const statuses: number[] = [];
    for (let i = 0; i < fans.length; i += 25) {
      const batch = fans
        .slice(i, i + 25)
        .map((e) => t.request('POST', '/api/session/otp', { body: { email: e }, remoteAddress: '203.0.113.50' }));
      statuses.push(...(await Promise.all(batch)).map((r) => r.status));
    }
    const got = statuses.filter((s) => s === 202).length;
    console.log(`stadium sign-in: ${got} of ${fans.length} got codes`);
    expect(got).toBe(STADIUM_CROWD);
    expect(fans.every((e) => t.lastCode(e))).toBe(true);
    // And they can sign in with them from the same address.
    const last = fans.at(-1)!;
    const res = await t.request('POST', '/api/session', { body: { email: last, code: t.lastCode(last) }, remoteAddress: '203.0.113.50' });
    expect(res.status).toBe(200);
  }, 600_000);
});

describe('per-e-mail limits', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(async () => t.close());
  beforeEach(() => t.clock.set(new Date()));

  it('one e-mail flooded with requests gets 429 and only its allowance of codes', async () => {
    const e = email('flood');
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      statuses.push((await t.request('POST', '/api/session/otp', { body: { email: e } })).status);
      t.clock.advance(5_000);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(t.codes.get(e)!.length).toBeLessThanOrEqual(5);
  });

  it("a code requested in a victim's name does not cancel the code the victim holds", async () => {
    const victim = email('victim');
    await t.request('POST', '/api/session/otp', { body: { email: victim } });
    const held = t.lastCode(victim)!;
    for (let i = 0; i < 3; i++) {
      t.clock.advance(31_000);
      expect((await t.request('POST', '/api/session/otp', { body: { email: victim } })).status).toBe(202);
    }
    expect((await t.request('POST', '/api/session', { body: { email: victim, code: held } })).status).toBe(200);
  });

  it("once the send limit is spent in a victim's name, the victim can still use the code they hold", async () => {
    const victim = email('lockout');
    await t.request('POST', '/api/session/otp', { body: { email: victim } });
    const held = t.lastCode(victim)!;
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      t.clock.advance(31_000);
      statuses.push((await t.request('POST', '/api/session/otp', { body: { email: victim } })).status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect((await t.request('POST', '/api/session', { body: { email: victim, code: held } })).status).toBe(200);
  });

  it('a wrong guess counts against every live code of the e-mail', async () => {
    const e = email('allcodes');
    await t.request('POST', '/api/session/otp', { body: { email: e } });
    t.clock.advance(31_000);
    await t.request('POST', '/api/session/otp', { body: { email: e } });
    const [first, second] = t.codes.get(e)!;
    const wrong = ['000000', '111111', '222222', '333333', '444444', '555555'].filter((c) => c !== first && c !== second);
    for (const guess of wrong.slice(0, 5)) {
      expect((await t.request('POST', '/api/session', { body: { email: e, code: guess } })).status).toBe(401);
    }
    expect((await t.request('POST', '/api/session', { body: { email: e, code: first } })).status).toBe(401);
    expect((await t.request('POST', '/api/session', { body: { email: e, code: second } })).status).toBe(401);
  });
});

describe('a stranger cannot lock a fan out', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(async () => t.close());
  beforeEach(() => t.clock.set(new Date()));

  const signIn = (e: string, code: string | undefined, remoteAddress?: string) =>
    t.request('POST', '/api/session', { body: { email: e, code }, remoteAddress });

  it("after someone else's 10 wrong codes the fan asks for a fresh code and signs in with it", async () => {
    const fan = email('target');
    await t.request('POST', '/api/session/otp', { body: { email: fan } });
    const held = t.lastCode(fan)!;
    for (let i = 1; i <= 10; i++) {
      const guess = String((Number(held) + i) % 1_000_000).padStart(6, '0');
      const res = await signIn(fan, guess, '198.51.100.66');
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('InvalidCode');
    }
    // The held code has had its 5 tries; a fresh one is sent and works.
    expect((await signIn(fan, held)).body.error.code).toBe('CodeUsedUp');
    t.clock.advance(31_000);
    expect((await t.request('POST', '/api/session/otp', { body: { email: fan } })).status).toBe(202);
    const fresh = await signIn(fan, t.lastCode(fan));
    expect(fresh.status).toBe(200);
  });

  it('a code dies after 5 wrong tries, also when they come all at once', async () => {
    const fan = email('dies');
    await t.request('POST', '/api/session/otp', { body: { email: fan } });
    const held = t.lastCode(fan)!;
    const guesses = Array.from({ length: 12 }, (_, i) => String((Number(held) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((guess) => signIn(fan, guess, '198.51.100.67')));
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(401));
    const right = await signIn(fan, held);
    expect(right.status).toBe(401);
    expect(right.body.error.code).toBe('CodeUsedUp');
  });

  it('30 concurrent submissions of the right code open one session, lock nothing, and the fan signs in later', async () => {
    const fan = email('thirty');
    await t.request('POST', '/api/session/otp', { body: { email: fan } });
    const code = t.lastCode(fan);
    const answers = await Promise.all(Array.from({ length: 30 }, () => signIn(fan, code)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status !== 200).map((r) => [r.status, r.body.error.code])).toEqual(Array(29).fill([401, 'CodeUsedUp']));
    const [member] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, fan));
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, member.id))).toHaveLength(1);
    t.clock.advance(31_000);
    expect((await t.request('POST', '/api/session/otp', { body: { email: fan } })).status).toBe(202);
    expect((await signIn(fan, t.lastCode(fan))).status).toBe(200);
  });
});

describe('a mailbox is one mailbox', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(async () => t.close());
  beforeEach(() => t.clock.set(new Date()));

  const ask = (e: string) => t.request('POST', '/api/session/otp', { body: { email: e } });

  it('plus-tag variants share the send limits of the mailbox, yet stay their own accounts', async () => {
    const name = `crowd1-${Math.random().toString(36).slice(2, 8)}`;
    expect((await ask(`${name}@example.com`)).status).toBe(202);
    // Within the mailbox's cooldown, another spelling is refused too.
    expect((await ask(`${name}+a@example.com`)).status).toBe(429);
    const statuses = [];
    for (const tag of ['+a', '+b', '+c', '+d', '+e']) {
      t.clock.advance(31_000);
      statuses.push((await ask(`${name}${tag}@Example.com`)).status);
    }
    // 5 codes per mailbox per 15 minutes, the first one included.
    expect(statuses).toEqual([202, 202, 202, 202, 429]);
    const tagged = `${name}+a@example.com`;
    const res = await t.request('POST', '/api/session', { body: { email: tagged, code: t.lastCode(tagged) } });
    expect(res.status).toBe(200);
    const me = await t.request('GET', '/api/user/me', { token: res.body.data.token });
    expect(me.body.data.email).toBe(tagged);
  });

  it('at Gmail, dotted spellings and googlemail.com share the mailbox', async () => {
    const name = `fan${Math.random().toString(36).slice(2, 8)}`;
    const spellings = [
      `${name}.x@gmail.com`,
      `${name}x@googlemail.com`,
      `${name[0]}.${name.slice(1)}.x+promo@gmail.com`,
      `${name}.x@GMAIL.com`,
      `${name}x@gmail.com`,
      `${name}.x+2@googlemail.com`,
    ];
    const statuses = [];
    for (const spelling of spellings) {
      statuses.push((await ask(spelling)).status);
      t.clock.advance(31_000);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it('a mailbox gets at most 20 codes a day; a code it holds still works, and the next day it gets codes again', async () => {
    const e = email('daily');
    const statuses = [];
    // One code every 3 minutes keeps within the 15-minute allowance.
    for (let i = 0; i < 20; i++) {
      statuses.push((await ask(e)).status);
      t.clock.advance(3 * 60_000);
    }
    expect(statuses).toEqual(Array(20).fill(202));
    const refused = await ask(e.replace('@', '+more@'));
    expect(refused.status).toBe(429);
    expect(refused.body.error.details.limit).toBe('mailboxDay');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(22 * 3600);
    expect(t.codes.get(e)).toHaveLength(20);
    t.clock.advance(24 * 60 * 60_000);
    expect((await ask(e)).status).toBe(202);
    expect((await t.request('POST', '/api/session', { body: { email: e, code: t.lastCode(e) } })).status).toBe(200);
  });
});

describe('per-address ceiling on codes sent', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ env: { SIGNIN_ADDRESS_CODES_PER_15_MIN: '3' } });
  });
  afterAll(async () => t.close());

  it('one address gets its ceiling of codes per 15 minutes, then 429; other addresses and the mailbox are untouched', async () => {
    const fans = [email('n1'), email('n2'), email('n3'), email('n4')];
    const ask = (e: string, remoteAddress: string) => t.request('POST', '/api/session/otp', { body: { email: e }, remoteAddress });
    const statuses = [];
    for (const e of fans) statuses.push((await ask(e, '203.0.113.80')).status);
    expect(statuses).toEqual([202, 202, 202, 429]);
    const refused = await ask(email('n5'), '203.0.113.80');
    expect(refused.status).toBe(429);
    expect(refused.body.error.details.limit).toBe('address');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The refused request spent nothing of that fan's mailbox: from elsewhere it gets a code at once.
    expect((await ask(fans[3], '203.0.113.81')).status).toBe(202);
    expect(t.codes.get(fans[3])).toHaveLength(1);
    t.clock.advance(15 * 60_000 + 1_000);
    expect((await ask(email('n6'), '203.0.113.80')).status).toBe(202);
  });
});

describe('per-address limit on failed verifications', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ env: { SIGNIN_ADDRESS_FAILURES_PER_15_MIN: '3' } });
  });
  afterAll(async () => t.close());

  it('counts only failures, per address, and then refuses that address only', async () => {
    const fans = [email('a'), email('b'), email('c'), email('d')];
    for (const e of fans) await t.request('POST', '/api/session/otp', { body: { email: e }, remoteAddress: '198.51.100.1' });
    // Right codes spend nothing.
    const ok = fans[0];
    expect(
      (await t.request('POST', '/api/session', { body: { email: ok, code: t.lastCode(ok) }, remoteAddress: '198.51.100.1' })).status,
    ).toBe(200);
    const statuses = [];
    for (const e of fans.slice(1)) {
      statuses.push(
        (await t.request('POST', '/api/session', { body: { email: e, code: otherThan(t.lastCode(e)!) }, remoteAddress: '198.51.100.1' }))
          .status,
      );
    }
    expect(statuses).toEqual([401, 401, 401]);
    const e = fans[1];
    const refused = await t.request('POST', '/api/session', { body: { email: e, code: t.lastCode(e) }, remoteAddress: '198.51.100.1' });
    expect(refused.status).toBe(429);
    const elsewhere = await t.request('POST', '/api/session', { body: { email: e, code: t.lastCode(e) }, remoteAddress: '198.51.100.2' });
    expect(elsewhere.status).toBe(200);
  });
});

describe('TRUST_PROXY: the address the nearest trusted proxy saw', () => {
  const ipOf = async (trustProxy: string, remoteAddress: string, forwardedFor?: string) => {
    const env = loadEnv({ TRUST_PROXY: trustProxy });
    const app = new Hono().get('/', (c) => c.text(clientIp(c, env.TRUST_PROXY)));
    const headers: Record<string, string> = forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor };
    const res = await app.request('/', { headers }, { incoming: { socket: { remoteAddress } } });
    return res.text();
  };

  it('without trusted proxies X-Forwarded-For is ignored', async () => {
    expect(await ipOf('false', '192.0.2.10', '6.6.6.6')).toBe('192.0.2.10');
  });

  it('true trusts one hop: a forged leftmost entry is ignored', async () => {
    expect(await ipOf('true', '10.0.0.1', '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(await ipOf('1', '10.0.0.1', '203.0.113.7')).toBe('203.0.113.7');
  });

  it('a hop count trusts that many proxies from the right', async () => {
    expect(await ipOf('2', '10.0.0.1', '6.6.6.6, 203.0.113.7, 10.0.0.2')).toBe('203.0.113.7');
  });

  it('a list of proxy addresses/CIDRs trusts only those', async () => {
    expect(await ipOf('10.0.0.0/8, 192.168.1.1', '10.0.0.1', '6.6.6.6, 203.0.113.7, 10.1.2.3')).toBe('203.0.113.7');
    // A peer that is not a listed proxy is the client, whatever it forwards.
    expect(await ipOf('10.0.0.0/8', '203.0.113.9', '6.6.6.6')).toBe('203.0.113.9');
  });

  it('an invalid TRUST_PROXY stops the server with a message naming it', () => {
    expect(() => loadEnv({ TRUST_PROXY: 'not-an-address' })).toThrow(EnvError);
    expect(() => loadEnv({ TRUST_PROXY: 'not-an-address' })).toThrow(/TRUST_PROXY/);
  });

  it("forged X-Forwarded-For entries cannot move a client's failures onto another address", async () => {
    const t = await createTestContext({ env: { TRUST_PROXY: '1', SIGNIN_ADDRESS_FAILURES_PER_15_MIN: '2' } });
    try {
      const fans = [email('x'), email('y'), email('z')];
      for (const e of fans) await t.request('POST', '/api/session/otp', { body: { email: e } });
      const attempt = (e: string, code: string, forged: string) =>
        t.request('POST', '/api/session', {
          body: { email: e, code },
          remoteAddress: '10.0.0.1',
          headers: { 'x-forwarded-for': `${forged}, 203.0.113.7` },
        });
      expect((await attempt(fans[0], otherThan(t.lastCode(fans[0])!), '1.1.1.1')).status).toBe(401);
      expect((await attempt(fans[1], otherThan(t.lastCode(fans[1])!), '2.2.2.2')).status).toBe(401);
      expect((await attempt(fans[2], t.lastCode(fans[2])!, '3.3.3.3')).status).toBe(429);
    } finally {
      await t.close();
    }
  });
});
