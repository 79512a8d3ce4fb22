/**
 * Member care: operators' points adjustments (never a negative balance, shown to the fan with the
 * reason), suspensions (no earning, spending or sign-in until lifted or over), the member's data export (every
 * member-owned table, nobody else's rows, no secrets) and erasure (no personal field left, the ledger still sums),
 * each operator action audit-logged. Nothing personal outlives an erasure: not in ledger labels, the
 * audit log or idempotency records; and the organization's last operator cannot erase their account.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdjustmentResponseSchema,
  AdminMemberListResponseSchema,
  AdminMemberResponseSchema,
  MemberActivityResponseSchema,
} from '../../src/contracts/admin/member';
import { SweepstakeListResponseSchema, type Sweepstake } from '../../src/contracts/sweepstake';
import { DataExportSchema } from '../../src/contracts/data-rights';
import { TransactionListResponseSchema } from '../../src/contracts/user';
import * as schema from '../../server/db/schema';
import { auditLog, idempotencyRecords, pointTransactions, rateLimits, sessions, users } from '../../server/db/schema';
import { MEMBER_TABLES } from '../../server/areas/profile/member-care.service';
import { createContentContext, createMember, type Member } from './content-fixtures';
import type { TestContext } from './helpers';

const OPERATOR = 'ops@alpine-racing.example';
const DAY = 24 * 60 * 60 * 1000;
let t: TestContext;
let ops: string;
let opsId: string;
let liveSweepstake: Sweepstake;
beforeAll(async () => {
  t = await createContentContext({ env: { OPERATOR_EMAILS: OPERATOR } });
  ops = await t.signIn(OPERATOR);
  opsId = (await t.request('GET', '/api/user/me', { token: ops })).body.data.userId;
  const list = SweepstakeListResponseSchema.parse((await t.request('GET', '/api/sweepstake')).body).data;
  liveSweepstake = list.find((s) => s.status === 'live')!;
});
afterAll(async () => t?.close());

const admin = (method: string, path: string, body?: unknown) => t.request(method, `/api/admin/members${path}`, { token: ops, body });
const auditOf = (memberId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'members'), eq(auditLog.entityId, memberId)))
    .orderBy(auditLog.createdAt);
const balanceOf = async (userId: string) =>
  (await t.db.select({ points: users.points, lifetime: users.lifetimePoints }).from(users).where(eq(users.id, userId)))[0];
const ledgerSum = async (userId: string) =>
  Number(
    (
      await t.db
        .select({ sum: sql<string>`coalesce(sum(${pointTransactions.amount}), 0)` })
        .from(pointTransactions)
        .where(eq(pointTransactions.userId, userId))
    )[0].sum,
  );

/** Past the per-e-mail cooldown between two sign-in codes (`SIGNIN_EMAIL_COOLDOWN_SECONDS`, 30 s by default). */
const pastCooldown = () => t.clock.advance(31_000);
/** Signs an e-mail that signed in before in again. */
const signInAgain = async (email: string) => {
  pastCooldown();
  return t.signIn(email);
};

/** Signs `email` in (again) and answers the raw sign-in response (not only its token). */
async function signInResponse(email: string) {
  pastCooldown();
  expect((await t.request('POST', '/api/session/otp', { body: { email } })).status).toBe(202);
  return t.request('POST', '/api/session', { body: { email, code: t.lastCode(email) } });
}

describe('finding members', () => {
  it('searches by e-mail, name or username and reads a member with their suspension fields', async () => {
    const member = await createMember(t);
    await t.request('PATCH', '/api/user/me', {
      token: member.token,
      body: { firstName: 'Zélie', lastName: 'Quartermaine', username: `zq${member.userId.slice(0, 6)}` },
    });
    for (const q of [member.email, 'Zélie', 'quarterm', `zq${member.userId.slice(0, 6)}`]) {
      const found = AdminMemberListResponseSchema.parse(
        (await t.request('GET', `/api/admin/members?q=${encodeURIComponent(q)}`, { token: ops })).body,
      ).data;
      expect(found.map((m) => m.id)).toEqual([member.userId]);
    }
    const one = AdminMemberResponseSchema.parse((await admin('GET', `/${member.userId}`)).body).data;
    expect(one).toMatchObject({ firstName: 'Zélie', suspendedAt: null, deletedAt: null });
  });

  it("reads a member's record: ledger, entries, consents and sessions without their tokens", async () => {
    const member = await createMember(t, { points: 1000 });
    expect(
      (await t.request('POST', `/api/sweepstake/${liveSweepstake.sweepstakeId}/entry`, { token: member.token, body: { count: 1 } })).status,
    ).toBe(201);
    const res = await admin('GET', `/${member.userId}/activity`);
    expect(res.status).toBe(200);
    const activity = MemberActivityResponseSchema.parse(res.body).data;
    expect(activity.transactions.map((r) => r.reason).sort()).toEqual(['adjustment', 'sweepstake_entry']);
    expect(activity.entries).toMatchObject([{ sweepstakeId: liveSweepstake.sweepstakeId, count: 1 }]);
    expect(activity.sessions).toHaveLength(1);
    expect(res.text).not.toMatch(/tokenHash|token_hash/);
    expect((await admin('GET', '/00000000-0000-4000-8000-000000000000/activity')).status).toBe(404);
  });
});

describe('points adjustments', () => {
  it('writes a ledger row with the reason, shown in the fan history, audit-logged; positive ones count toward rank', async () => {
    const member = await createMember(t);
    const res = await admin('POST', `/${member.userId}/adjustments`, { amount: 250, reason: 'Missed check-in on race day' });
    expect(res.status).toBe(201);
    const { transaction, member: after } = AdjustmentResponseSchema.parse(res.body).data;
    expect(transaction).toMatchObject({ amount: 250, reason: 'adjustment', label: 'Missed check-in on race day', balanceAfter: 250 });
    expect(after).toMatchObject({ points: 250, lifetimePoints: 250 });
    const history = TransactionListResponseSchema.parse(
      (await t.request('GET', '/api/user/me/transactions', { token: member.token })).body,
    ).data;
    expect(history[0]).toMatchObject({ id: transaction.id, reason: 'adjustment', label: 'Missed check-in on race day', amount: 250 });
    const minus = await admin('POST', `/${member.userId}/adjustments`, { amount: -100, reason: 'Duplicate award' });
    expect(minus.status).toBe(201);
    expect(await balanceOf(member.userId)).toEqual({ points: 150, lifetime: 250 });
    const audit = await auditOf(member.userId);
    expect(audit.map((a) => a.action)).toEqual(['adjust', 'adjust']);
    expect(audit[0]).toMatchObject({
      actorUserId: opsId,
      before: { points: 0 },
      after: { points: 250, amount: 250, reason: 'Missed check-in on race day' },
    });
  });

  it('never makes a balance negative: 422 NegativeBalance, nothing written', async () => {
    const member = await createMember(t, { points: 40 });
    const res = await admin('POST', `/${member.userId}/adjustments`, { amount: -41, reason: 'Cheating' });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'NegativeBalance', details: { amount: -41, balance: 40 } });
    expect(await balanceOf(member.userId)).toEqual({ points: 40, lifetime: 40 });
    expect(await auditOf(member.userId)).toEqual([]);
    // Concurrent removals: the balance covers only one of them.
    const all = await Promise.all([0, 1, 2].map(() => admin('POST', `/${member.userId}/adjustments`, { amount: -30, reason: 'Cheating' })));
    expect(all.map((r) => r.status).sort()).toEqual([201, 422, 422]);
    expect((await balanceOf(member.userId)).points).toBe(10);
    expect(await ledgerSum(member.userId)).toBe(10);
  });

  it('refuses a zero, fractional or unexplained adjustment (422 naming the field)', async () => {
    const member = await createMember(t);
    for (const body of [
      { amount: 0, reason: 'x' },
      { amount: 1.5, reason: 'x' },
      { amount: 10, reason: '   ' },
      { amount: 10 },
      { amount: 10, reason: 'x'.repeat(201) },
    ]) {
      const res = await admin('POST', `/${member.userId}/adjustments`, body);
      expect(res.status).toBe(422);
    }
    expect(await ledgerSum(member.userId)).toBe(0);
  });
});

describe('suspension', () => {
  it('revokes sessions, refuses sign-in with the end date, earning and spending with 403, until lifted', async () => {
    const member = await createMember(t, { points: 1000 });
    const until = new Date(t.clock().getTime() + 7 * DAY).toISOString();
    const res = await admin('POST', `/${member.userId}/suspension`, { reason: 'Bot check-ins', until });
    expect(res.status).toBe(200);
    expect(AdminMemberResponseSchema.parse(res.body).data).toMatchObject({ suspensionReason: 'Bot check-ins', suspendedUntil: until });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, member.userId))).toEqual([]);
    expect((await t.request('POST', '/api/checkin', { token: member.token })).status).toBe(401);

    const signIn = await signInResponse(member.email);
    expect(signIn.status).toBe(403);
    expect(signIn.body.error).toMatchObject({ code: 'AccountSuspended', details: { until } });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, member.userId))).toEqual([]);

    // A session that outlived the suspension (a request under way, a Supabase token) earns and spends nothing.
    const token = await (async () => {
      await t.db.update(users).set({ suspendedAt: null }).where(eq(users.id, member.userId));
      const fresh = await signInAgain(member.email);
      await t.db.update(users).set({ suspendedAt: t.clock() }).where(eq(users.id, member.userId));
      return fresh;
    })();
    const before = await balanceOf(member.userId);
    const checkin = await t.request('POST', '/api/checkin', { token });
    expect(checkin.status).toBe(403);
    expect(checkin.body.error.code).toBe('AccountSuspended');
    const spend = await t.request('POST', `/api/sweepstake/${liveSweepstake.sweepstakeId}/entry`, { token, body: { count: 1 } });
    expect(spend.status).toBe(403);
    expect(await balanceOf(member.userId)).toEqual(before);

    expect((await admin('DELETE', `/${member.userId}/suspension`)).status).toBe(200);
    const again = await signInAgain(member.email);
    expect((await t.request('POST', '/api/checkin', { token: again })).status).toBe(201);
    expect(
      (await t.request('POST', `/api/sweepstake/${liveSweepstake.sweepstakeId}/entry`, { token: again, body: { count: 1 } })).status,
    ).toBe(201);
    expect((await auditOf(member.userId)).map((a) => a.action)).toEqual(['suspend', 'lift']);
  });

  it('ends by itself at its end date', async () => {
    const member = await createMember(t);
    const until = new Date(t.clock().getTime() + DAY).toISOString();
    expect((await admin('POST', `/${member.userId}/suspension`, { reason: 'Cooling off', until })).status).toBe(200);
    expect((await signInResponse(member.email)).status).toBe(403);
    const saved = t.clock();
    try {
      t.clock.set(new Date(new Date(until).getTime() + 1000));
      expect((await signInResponse(member.email)).status).toBe(200);
    } finally {
      t.clock.set(saved);
    }
  });

  it('refuses self-suspension (409) and an end in the past (422)', async () => {
    expect((await admin('POST', `/${opsId}/suspension`, { reason: 'Oops' })).status).toBe(409);
    const member = await createMember(t);
    const past = await admin('POST', `/${member.userId}/suspension`, {
      reason: 'Late',
      until: new Date(t.clock().getTime() - 1000).toISOString(),
    });
    expect(past.status).toBe(422);
    expect((await balanceOf(opsId)).points).toBeGreaterThanOrEqual(0);
    expect((await t.request('GET', '/api/user/me', { token: ops })).status).toBe(200);
  });
});

/** Every table of the schema with a `user_id` column, by SQL name. */
const userOwnedTables = () =>
  (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => value instanceof PgTable)
    .map((table) => getTableConfig(table))
    .filter((config) => config.columns.some((column) => column.name === 'user_id'))
    .map((config) => config.name)
    .sort();

/** The classic 1x1 PNG, for an avatar. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** Uploads a PNG as the member's avatar; returns its URL (`/api/media/{id}`). */
async function setAvatar(token: string): Promise<string> {
  const headers = {
    'content-type': 'image/png',
    accept: 'application/json',
    'x-org-token': t.organization.token,
    authorization: `Bearer ${token}`,
  };
  const upload = await t.app.request('/api/media', { method: 'POST', headers, body: new Uint8Array(PNG) as Uint8Array<ArrayBuffer> });
  expect(upload.status).toBe(201);
  const { fileName } = (await upload.json()).data;
  const set = await t.request('POST', '/api/media/set-avatar', { token, body: { name: fileName } });
  expect(set.status).toBe(200);
  expect((await t.app.request(set.body.data.avatarUrl)).status).toBe(200);
  return set.body.data.avatarUrl;
}

/** A member who checked in, entered a sweepstake, answered consents, dismissed a card and has an avatar. */
async function activeMember(): Promise<Member & { avatarUrl: string }> {
  const member = await createMember(t, { points: 1000 });
  await t.request('PATCH', '/api/user/me', {
    token: member.token,
    body: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      phoneNumber: '+33123456789',
      zipCode: '75001',
      username: `ada${member.userId.slice(0, 6)}`,
    },
  });
  expect((await t.request('POST', '/api/checkin', { token: member.token })).status).toBe(201);
  expect(
    (await t.request('POST', `/api/sweepstake/${liveSweepstake.sweepstakeId}/entry`, { token: member.token, body: { count: 1 } })).status,
  ).toBe(201);
  expect(
    (
      await t.request('PATCH', '/api/consent/user/marketing-emails', {
        token: member.token,
        body: { consentId: 'marketing-emails', value: 1 },
      })
    ).status,
  ).toBe(200);
  expect((await t.request('DELETE', '/api/carousel/card-1', { token: member.token })).status).toBeLessThan(300);
  await t.db
    .update(users)
    .set({ birthday: '1990-05-17', properties: { team: 'blue' } })
    .where(eq(users.id, member.userId));
  return { ...member, avatarUrl: await setAvatar(member.token) };
}

describe('data export', () => {
  it('names every member-owned table of the schema', () => {
    expect(Object.keys(MEMBER_TABLES).sort()).toEqual(userOwnedTables());
  });

  it("holds every table's rows of the member and nobody else's, never a secret, as a download", async () => {
    const member = await activeMember();
    await activeMember();
    const res = await t.request('GET', '/api/user/me/export', { token: member.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="podium-data-[0-9a-f-]+\.json"$/);
    const data = DataExportSchema.parse(res.body);
    expect(data.member).toMatchObject({ id: member.userId, email: member.email, firstName: 'Ada', zipCode: '75001' });
    expect(Object.keys(data.tables).sort()).toEqual(userOwnedTables());
    for (const name of userOwnedTables()) {
      const stored = await t.db.execute(sql`select count(*)::int as n from ${sql.identifier(name)} where user_id = ${member.userId}`);
      const count = (stored as unknown as { rows: Array<{ n: number }> }).rows[0].n;
      expect(data.tables[name], name).toHaveLength(count);
      expect(
        data.tables[name].every((row) => row.userId === member.userId),
        name,
      ).toBe(true);
    }
    for (const name of [
      'point_transactions',
      'checkins',
      'sweepstake_entries',
      'user_consents',
      'carousel_dismissals',
      'avatar_uploads',
      'sessions',
    ]) {
      expect(data.tables[name].length, name).toBeGreaterThan(0);
    }
    expect(res.text).not.toMatch(/tokenHash|token_hash|codeHash|code_hash/);
  });

  it('operators export a member on request, audit-logged', async () => {
    const member = await activeMember();
    const res = await admin('GET', `/${member.userId}/export`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('attachment');
    expect(DataExportSchema.parse(res.body).member).toMatchObject({ id: member.userId });
    expect((await auditOf(member.userId)).map((a) => a.action)).toEqual(['export']);
  });
});

describe('account deletion', () => {
  const personal = [
    'email',
    'username',
    'firstName',
    'lastName',
    'phoneNumber',
    'zipCode',
    'birthday',
    'avatarMediaId',
    'authSubject',
  ] as const;

  /** Checks that the erased member keeps no personal field and that their ledger still sums to the balance. */
  async function expectErased(member: Member & { before: number; avatarUrl: string }) {
    expect((await t.app.request(member.avatarUrl)).status).toBe(404);
    const [row] = await t.db.select().from(users).where(eq(users.id, member.userId));
    expect(row.deletedAt).not.toBeNull();
    expect(row.email).not.toContain(member.email.split('@')[0]);
    expect(row.email).toMatch(/^deleted-[0-9a-f-]+@deleted\.invalid$/);
    for (const field of personal.filter((f) => f !== 'email')) expect(row[field], field).toBeNull();
    expect(row.properties).toEqual({});
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, member.userId))).toEqual([]);
    expect(
      await t.db
        .select()
        .from(rateLimits)
        .where(sql`${rateLimits.bucket} like ${`%${member.email}`}`),
    ).toEqual([]);
    expect(row.points).toBe(member.before);
    expect(await ledgerSum(member.userId)).toBe(row.points);
    const dump = JSON.stringify(await t.db.select().from(auditLog).where(ne(auditLog.actorEmail, 'demo seed')));
    expect(dump).not.toContain(member.email);
    expect(dump).not.toContain('Lovelace');
  }

  it('a member deletes their account after typing the confirmation; the same e-mail then signs up afresh', async () => {
    const member = await activeMember();
    const before = (await balanceOf(member.userId)).points;
    expect((await t.request('DELETE', '/api/user/me', { token: member.token, body: {} })).status).toBe(422);
    expect((await t.request('DELETE', '/api/user/me', { token: member.token, body: { confirmation: 'delete' } })).status).toBe(422);
    expect((await t.request('DELETE', '/api/user/me', { token: member.token, body: { confirmation: 'DELETE' } })).status).toBe(204);
    await expectErased({ ...member, before });
    expect((await t.request('GET', '/api/user/me', { token: member.token })).status).toBe(401);
    const fresh = await signInAgain(member.email);
    const me = (await t.request('GET', '/api/user/me', { token: fresh })).body.data;
    expect(me.userId).not.toBe(member.userId);
    expect(me).toMatchObject({ points: 0, isNewUser: true });
  });

  it('an operator erases a member on request, audit-logged without the personal data', async () => {
    const member = await activeMember();
    const before = (await balanceOf(member.userId)).points;
    expect((await admin('DELETE', `/${member.userId}`, { confirmation: 'DELETE' })).status).toBe(204);
    await expectErased({ ...member, before });
    const audit = await auditOf(member.userId);
    expect(audit.map((a) => a.action)).toEqual(['delete']);
    expect(audit[0].before).toBeNull();
    expect((await admin('POST', `/${member.userId}/adjustments`, { amount: 5, reason: 'x' })).status).toBe(409);
    expect((await admin('DELETE', `/${opsId}`, { confirmation: 'DELETE' })).status).toBe(409);
  });
});

describe('nothing personal outlives an erasure', () => {
  const NAME = 'Mustermann';
  const PHONE = '+49 30 9876543';
  const keyed = (token: string, method: string, path: string, body: unknown) =>
    t.request(method, path, { token, body, headers: { 'idempotency-key': randomUUID() } });
  const ledgerOf = (userId: string) =>
    t.db
      .select()
      .from(pointTransactions)
      .where(eq(pointTransactions.userId, userId))
      .orderBy(asc(pointTransactions.createdAt), asc(pointTransactions.id));
  const idempotencyOf = (userId: string) =>
    t.db
      .select()
      .from(idempotencyRecords)
      .where(eq(idempotencyRecords.principal, `user:${userId}`));

  /**
   * A member whose profile was changed with a keyed PATCH, with a goodwill adjustment whose reason names them and
   * their phone, and a suspension (lifted) whose reason does too; signed in again.
   */
  async function namedMember() {
    const member = await createMember(t, { points: 100 });
    const patch = await keyed(member.token, 'PATCH', '/api/user/me', { firstName: 'Erika', lastName: NAME, phoneNumber: PHONE });
    expect(patch.status).toBe(200);
    expect((await idempotencyOf(member.userId))[0].responseBody).toContain(NAME);
    const reason = `Goodwill for Erika ${NAME}, phone ${PHONE}`;
    expect((await keyed(ops, 'POST', `/api/admin/members/${member.userId}/adjustments`, { amount: 300, reason })).status).toBe(201);
    expect((await admin('POST', `/${member.userId}/suspension`, { reason: `Called Erika ${NAME} on ${PHONE}` })).status).toBe(200);
    expect((await admin('DELETE', `/${member.userId}/suspension`)).status).toBe(200);
    return { ...member, token: await signInAgain(member.email) };
  }

  /** Every row of the tables that outlive an account, as one text. */
  const everything = async () =>
    JSON.stringify([
      await t.db.select().from(pointTransactions),
      await t.db.select().from(auditLog),
      await t.db.select().from(idempotencyRecords),
    ]);

  for (const [who, erase] of [
    ['the member', (m: Member) => keyed(m.token, 'DELETE', '/api/user/me', { confirmation: 'DELETE' })],
    ['an operator', (m: Member) => keyed(ops, 'DELETE', `/api/admin/members/${m.userId}`, { confirmation: 'DELETE' })],
  ] as const) {
    it(`after ${who} erases the account, no ledger row, audit entry or idempotency record names them; amounts and dates stay`, async () => {
      const member = await namedMember();
      const ledger = await ledgerOf(member.userId);
      const audit = await auditOf(member.userId);
      expect(await everything()).toContain(NAME);

      expect((await erase(member)).status).toBe(204);

      const dump = await everything();
      for (const personal of [NAME, PHONE, 'Erika', member.email]) expect(dump).not.toContain(personal);
      // The ledger keeps every row with its amount, reason kind, reference and time; only the free-text label goes.
      expect(await ledgerOf(member.userId)).toEqual(ledger.map((row) => ({ ...row, label: null })));
      expect(await ledgerSum(member.userId)).toBe(400);
      // The audit entries keep entity, action, ids, amounts and times.
      const after = await auditOf(member.userId);
      const kept = (rows: typeof audit) =>
        rows
          .map(({ id, entity, entityId, action, actorUserId, createdAt }) => ({ id, entity, entityId, action, actorUserId, createdAt }))
          .sort((a, b) => a.id.localeCompare(b.id));
      expect(kept(after.filter((a) => a.action !== 'delete'))).toEqual(kept(audit));
      expect(after.find((a) => a.action === 'adjust')).toMatchObject({ before: { points: 100 }, after: { points: 400, amount: 300 } });
      expect(after.find((a) => a.action === 'suspend')?.after).toEqual({ suspendedAt: expect.any(String), suspendedUntil: null });
      // Of the member's own keyed requests, only the erasure's answer (204, no body) can be left.
      for (const record of await idempotencyOf(member.userId))
        expect(record).toMatchObject({ method: 'DELETE', status: 204, responseBody: '' });
    });
  }

  it("an erased operator's e-mail leaves the audit log; what they did stays, by id", async () => {
    const email = `helper-${randomUUID().slice(0, 8)}@example.com`;
    const helper = await t.signIn(email);
    const helperId = (await t.request('GET', '/api/user/me', { token: helper })).body.data.userId as string;
    expect((await admin('POST', `/${helperId}/role`, { role: 'operator' })).status).toBe(200);
    const member = await createMember(t);
    const adjusted = await t.request('POST', `/api/admin/members/${member.userId}/adjustments`, {
      token: helper,
      body: { amount: 5, reason: 'Welcome gift' },
    });
    expect(adjusted.status).toBe(201);
    expect(JSON.stringify(await t.db.select().from(auditLog))).toContain(email);

    expect((await keyed(helper, 'DELETE', '/api/user/me', { confirmation: 'DELETE' })).status).toBe(204);

    expect(JSON.stringify(await t.db.select().from(auditLog))).not.toContain(email);
    const [entry] = await auditOf(member.userId);
    expect(entry).toMatchObject({
      action: 'adjust',
      actorUserId: helperId,
      actorEmail: `deleted-${helperId}@deleted.invalid`,
      after: { amount: 5, reason: 'Welcome gift' },
    });
  });

  it("refuses the organization's last operator their account's deletion (409 LastOperator), as their role's revocation", async () => {
    const operators = await t.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.organizationId, t.organization.id), eq(users.role, 'operator')));
    expect(operators).toEqual([{ id: opsId }]);
    const res = await keyed(ops, 'DELETE', '/api/user/me', { confirmation: 'DELETE' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('LastOperator');
    const revoke = await admin('POST', `/${opsId}/role`, { role: 'member' });
    expect(revoke.status).toBe(409);
    expect(revoke.body.error.code).toBe('LastOperator');
    const [row] = await t.db.select().from(users).where(eq(users.id, opsId));
    expect(row).toMatchObject({ email: OPERATOR, role: 'operator', deletedAt: null });
    expect((await t.request('GET', '/api/admin/members', { token: ops })).status).toBe(200);
  });

  it('the members audit entries of a member who is not erased cannot be rewritten', async () => {
    const member = await namedMember();
    await expect(
      t.db
        .update(auditLog)
        .set({ before: sql`podium_audit_erased(${auditLog.before})`, after: sql`podium_audit_erased(${auditLog.after})` })
        .where(eq(auditLog.entityId, member.userId)),
    ).rejects.toThrow();
    await expect(
      t.db
        .update(auditLog)
        .set({ actorEmail: `deleted-${opsId}@deleted.invalid` })
        .where(eq(auditLog.actorUserId, opsId)),
    ).rejects.toThrow();
    expect(JSON.stringify(await auditOf(member.userId))).toContain(NAME);
  });
});
