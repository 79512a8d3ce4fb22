/**
 * The member card: `GET /api/user/me/pass` gives the member their card and pass secret; the code a
 * device derives from it (QR text or typed short code) is checked by `POST /api/admin/passes/verify`: valid while
 * current, expired once old (a screenshot), suspended for a suspended member, refused when forged, another member's,
 * of an unknown number or of an erased member; refused codes are limited per operator; operators only.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemberPassResponseSchema, MemberPassVerificationResponseSchema, type MemberPass } from '../../src/contracts/member-pass';
import { memberPassQrText, memberPassShortCode, memberPassStep, memberPassToken, memberPassTotp } from '../../src/rules/member-pass';
import { rateLimits, users } from '../../server/db/schema';
import { createContentContext, createMember, type Member } from './content-fixtures';
import type { TestContext } from './helpers';

const OPERATOR = 'ops@alpine-racing.example';
const PERIOD = 30_000;
let t: TestContext;
let ops: string;
let opsId: string;
beforeAll(async () => {
  t = await createContentContext({ env: { OPERATOR_EMAILS: OPERATOR } });
  t.clock.set(new Date(Math.floor(Date.now() / PERIOD) * PERIOD));
  ops = await t.signIn(OPERATOR);
  opsId = (await t.request('GET', '/api/user/me', { token: ops })).body.data.userId;
});
afterAll(async () => t?.close());

const verify = (code: unknown, token = ops) => t.request('POST', '/api/admin/passes/verify', { token, body: { code } });

async function passOf(member: Member): Promise<MemberPass> {
  const res = await t.request('GET', '/api/user/me/pass', { token: member.token });
  expect(res.status).toBe(200);
  return MemberPassResponseSchema.parse(res.body).data;
}

/** The QR text and short code the member's device shows at step `step`. */
async function shown(pass: MemberPass, step = memberPassStep(t.clock())) {
  return {
    qr: memberPassQrText(pass.memberNumber, step, await memberPassToken(pass.secret, pass.memberNumber, step)),
    typed: memberPassShortCode(pass.memberNumber, memberPassTotp(pass.secret, step)),
  };
}

/** Clears the operator's refused-code counter, so that each test starts with its whole allowance. */
async function resetAllowance() {
  await t.db.delete(rateLimits).where(eq(rateLimits.bucket, `member-pass-fail:${opsId}`));
}

describe('GET /api/user/me/pass', () => {
  it("gives the member their card: name, a stable number, rank, member since, the club's branding and a secret", async () => {
    const member = await createMember(t, { points: 10 });
    await t.request('PATCH', '/api/user/me', { token: member.token, body: { firstName: 'Ada', lastName: 'Lovelace' } });
    const pass = await passOf(member);
    expect(pass).toMatchObject({
      memberId: member.userId,
      name: 'Ada Lovelace',
      rank: 'P10',
      period: 30,
      serverTime: t.clock().toISOString(),
    });
    expect(pass.rankTitle).not.toBe('');
    expect(pass.organization.name).not.toBe('');
    expect(pass.organization.brandColor).toMatch(/^#[0-9a-f]{6}$/i);
    expect(pass.secret).toMatch(/^[A-Z2-7]{32}$/);
    const [row] = await t.db
      .select({ createdAt: users.createdAt, memberNumber: users.memberNumber })
      .from(users)
      .where(eq(users.id, member.userId));
    expect(pass.memberSince).toBe(row.createdAt.toISOString());
    expect(pass.memberNumber).toBe(row.memberNumber);
    // The same card every time; each member their own number and secret.
    expect(await passOf(member)).toEqual(pass);
    const other = await passOf(await createMember(t));
    expect(other.memberNumber).not.toBe(pass.memberNumber);
    expect(other.secret).not.toBe(pass.secret);
  });

  it('answers 401 to a visitor', async () => {
    expect((await t.request('GET', '/api/user/me/pass')).status).toBe(401);
  });
});

describe('POST /api/admin/passes/verify', () => {
  it('a current QR code and a current typed code are valid, and name the member', async () => {
    await resetAllowance();
    const member = await createMember(t);
    const pass = await passOf(member);
    const { qr, typed } = await shown(pass);
    const scanned = await verify(qr);
    expect(scanned.status).toBe(200);
    expect(MemberPassVerificationResponseSchema.parse(scanned.body).data).toMatchObject({
      status: 'valid',
      via: 'qr',
      member: { id: member.userId, memberNumber: pass.memberNumber, rank: 'P10', memberSince: pass.memberSince, email: member.email },
    });
    const keyed = await verify(typed);
    expect(keyed.status).toBe(200);
    expect(keyed.body.data).toMatchObject({ status: 'valid', via: 'typed', member: { id: member.userId } });
    // Typed with spaces, as read aloud.
    expect((await verify(typed.replace('-', ' ').replace(/(\d{3})$/, ' $1'))).body.data.status).toBe('valid');
  });

  it('a code one step old is still valid (a slow scan); older codes are expired, QR or typed', async () => {
    await resetAllowance();
    const pass = await passOf(await createMember(t));
    const now = memberPassStep(t.clock());
    expect((await verify((await shown(pass, now - 1)).qr)).body.data.status).toBe('valid');
    const old = await shown(pass, now - 2);
    const qr = await verify(old.qr);
    expect(qr.status).toBe(200);
    expect(qr.body.data).toMatchObject({ status: 'expired', codeStep: now - 2 });
    expect((await verify(old.typed)).body.data).toMatchObject({ status: 'expired', via: 'typed' });
    // A screenshot from yesterday: still recognised as the member's card, and expired.
    expect((await verify((await shown(pass, now - 2880)).qr)).body.data.status).toBe('expired');
  });

  it('the code shown now turns expired a minute later', async () => {
    await resetAllowance();
    const pass = await passOf(await createMember(t));
    const { qr } = await shown(pass);
    expect((await verify(qr)).body.data.status).toBe('valid');
    t.clock.advance(2 * PERIOD);
    expect((await verify(qr)).body.data.status).toBe('expired');
  });

  it('a forged token, another member’s code under this number, or a code ahead of time is refused with 422', async () => {
    await resetAllowance();
    const pass = await passOf(await createMember(t));
    const other = await passOf(await createMember(t));
    const step = memberPassStep(t.clock());
    const forged = memberPassQrText(pass.memberNumber, step, 'A'.repeat(22));
    const res = await verify(forged);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('MemberPassInvalid');
    // Member B's genuine token carried under member A's number.
    const otherToken = await memberPassToken(other.secret, other.memberNumber, step);
    expect((await verify(memberPassQrText(pass.memberNumber, step, otherToken))).body.error.code).toBe('MemberPassInvalid');
    expect((await verify(memberPassShortCode(pass.memberNumber, memberPassTotp(other.secret, step)))).body.error.code).toBe(
      'MemberPassInvalid',
    );
    // Signed with the right secret but for a step far ahead: not a code any card showed.
    expect((await verify((await shown(pass, step + 10)).qr)).status).toBe(422);
  });

  it('a suspended member’s card shows suspended, and valid again once lifted', async () => {
    await resetAllowance();
    const member = await createMember(t);
    const pass = await passOf(member);
    const suspend = await t.request('POST', `/api/admin/members/${member.userId}/suspension`, {
      token: ops,
      body: { reason: 'Ticket touting' },
    });
    expect(suspend.status).toBe(200);
    // The card still works offline on their phone: the code is genuine, and the operator sees the suspension.
    const { qr, typed } = await shown(pass);
    expect((await verify(qr)).body.data).toMatchObject({ status: 'suspended', member: { id: member.userId, suspendedUntil: null } });
    expect((await verify(typed)).body.data.status).toBe('suspended');
    expect((await verify((await shown(pass, memberPassStep(t.clock()) - 5)).qr)).body.data.status).toBe('suspended');
    await t.request('DELETE', `/api/admin/members/${member.userId}/suspension`, { token: ops });
    expect((await verify(qr)).body.data.status).toBe('valid');
  });

  it('an erased member’s card and an unknown number answer 404', async () => {
    await resetAllowance();
    const member = await createMember(t);
    const pass = await passOf(member);
    const { qr } = await shown(pass);
    const erase = await t.request('DELETE', `/api/admin/members/${member.userId}`, { token: ops, body: { confirmation: 'DELETE' } });
    expect(erase.status).toBe(204);
    const res = await verify(qr);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NotFound');
    expect((await verify('999999999-123456')).status).toBe(404);
  });

  it('what is no card code is a 422 ValidationFailed; a visitor gets 401 and a member 403', async () => {
    for (const code of ['', 'hello', 'podium-card:1:2:short', 12, 'x'.repeat(500)]) {
      const res = await verify(code);
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('ValidationFailed');
    }
    const member = await createMember(t);
    const { qr } = await shown(await passOf(member));
    expect((await t.request('POST', '/api/admin/passes/verify', { body: { code: qr } })).status).toBe(401);
    expect((await verify(qr, member.token)).status).toBe(403);
  });

  it('refused codes are limited per operator: after 30, even a right code waits for the window to end', async () => {
    await resetAllowance();
    const pass = await passOf(await createMember(t));
    const step = memberPassStep(t.clock());
    for (let i = 0; i < 30; i++) {
      expect((await verify(memberPassQrText(pass.memberNumber, step, `${String(i).padStart(2, '0')}${'B'.repeat(20)}`))).status).toBe(422);
    }
    const refused = await verify((await shown(pass)).qr);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    t.clock.advance(15 * 60_000);
    expect((await verify((await shown(pass)).qr)).body.data.status).toBe('valid');
  });
});
