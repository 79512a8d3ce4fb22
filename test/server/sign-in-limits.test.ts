/**
 * Sign-in at a stadium gate (decision 0043): limits that let a crowd behind one address in, stop flooding and
 * guessing per e-mail, cannot be used to lock a named person out, and count the address a trusted proxy saw.
 */
import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../server/env';
import { clientIp } from '../../server/lib/client-ip';
import { createTestContext, type TestContext } from './helpers';

const email = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`;
/** Fans asking for a code from one address within a minute at a stadium gate: the crowd decision 0043 is sized for. */
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
      const batch = fans.slice(i, i + 25).map((e) =>
        t.request('POST', '/api/session/otp', { body: { email: e }, remoteAddress: '203.0.113.50' }),
      );
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

  it('a code requested in a victim\'s name does not cancel the code the victim holds', async () => {
    const victim = email('victim');
    await t.request('POST', '/api/session/otp', { body: { email: victim } });
    const held = t.lastCode(victim)!;
    for (let i = 0; i < 3; i++) {
      t.clock.advance(31_000);
      expect((await t.request('POST', '/api/session/otp', { body: { email: victim } })).status).toBe(202);
    }
    expect((await t.request('POST', '/api/session', { body: { email: victim, code: held } })).status).toBe(200);
  });

  it('once the send limit is spent in a victim\'s name, the victim can still use the code they hold', async () => {
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

  it('guessing codes for one e-mail is stopped: after the failure allowance even the right code is refused', async () => {
    const e = email('brute');
    const statuses: number[] = [];
    for (let round = 0; round < 3; round++) {
      t.clock.advance(31_000);
      await t.request('POST', '/api/session/otp', { body: { email: e } });
      for (let i = 0; i < 5; i++) {
        const guess = String(round * 100_000 + i * 7919).padStart(6, '0');
        statuses.push((await t.request('POST', '/api/session', { body: { email: e, code: guess } })).status);
      }
    }
    // 10 failures per 15 minutes by default, then 429 without trying the code.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.at(-1)).toBe(429);
    const right = await t.request('POST', '/api/session', { body: { email: e, code: t.lastCode(e) } });
    expect(right.status).toBe(429);
    expect(right.body.error.code).toBe('TooManyRequests');
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    t.clock.advance(15 * 60 * 1000);
    t.clock.advance(31_000);
    await t.request('POST', '/api/session/otp', { body: { email: e } });
    expect((await t.request('POST', '/api/session', { body: { email: e, code: t.lastCode(e) } })).status).toBe(200);
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
    expect((await t.request('POST', '/api/session', { body: { email: ok, code: t.lastCode(ok) }, remoteAddress: '198.51.100.1' })).status).toBe(200);
    const statuses = [];
    for (const e of fans.slice(1)) {
      statuses.push((await t.request('POST', '/api/session', { body: { email: e, code: otherThan(t.lastCode(e)!) }, remoteAddress: '198.51.100.1' })).status);
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

  it('forged X-Forwarded-For entries cannot move a client\'s failures onto another address', async () => {
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
