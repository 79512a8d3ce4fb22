/**
 * Member care (decision 0053): operators' points adjustments (never a negative balance, shown to the fan with the
 * reason), suspensions (no earning, spending or sign-in until lifted or over), the member's data export (every
 * member-owned table, nobody else's rows, no secrets) and erasure (no personal field left, the ledger still sums),
 * each operator action audit-logged.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdjustmentResponseSchema, AdminMemberListResponseSchema, AdminMemberResponseSchema, MemberActivityResponseSchema } from '../../src/contracts/admin/member';
import { SweepstakeListResponseSchema, type Sweepstake } from '../../src/contracts/sweepstake';
import { DataExportSchema } from '../../src/contracts/data-rights';
import { TransactionListResponseSchema } from '../../src/contracts/user';
import * as schema from '../../server/db/schema';
import { auditLog, pointTransactions, rateLimits, sessions, users } from '../../server/db/schema';
import { MEMBER_TABLES } from '../../server/domain/member-care';
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
  t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'members'), eq(auditLog.entityId, memberId))).orderBy(auditLog.createdAt);
const balanceOf = async (userId: string) => (await t.db.select({ points: users.points, lifetime: users.lifetimePoints }).from(users).where(eq(users.id, userId)))[0];
const ledgerSum = async (userId: string) =>
  Number((await t.db.select({ sum: sql<string>`coalesce(sum(${pointTransactions.amount}), 0)` }).from(pointTransactions).where(eq(pointTransactions.userId, userId)))[0].sum);

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
    await t.request('PATCH', '/api/user/me', { token: member.token, body: { firstName: 'Zélie', lastName: 'Quartermaine', username: `zq${member.userId.slice(0, 6)}` } });
    for (const q of [member.email, 'Zélie', 'quarterm', `zq${member.userId.slice(0, 6)}`]) {
      const found = AdminMemberListResponseSchema.parse((await t.request('GET', `/api/admin/members?q=${encodeURIComponent(q)}`, { token: ops })).body).data;
      expect(found.map((m) => m.id)).toEqual([member.userId]);
    }
    const one = AdminMemberResponseSchema.parse((await admin('GET', `/${member.userId}`)).body).data;
    expect(one).toMatchObject({ firstName: 'Zélie', suspendedAt: null, deletedAt: null });
  });

  it("reads a member's record: ledger, entries, consents and sessions without their tokens", async () => {
    const member = await createMember(t, { points: 1000 });
    expect((await t.request('POST', `/api/sweepstake/${liveSweepstake.sweepstakeId}/entry`, { token: member.token, body: { count: 1 } })).status).toBe(201);
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
    const history = TransactionListResponseSchema.parse((await t.request('GET', '/api/user/me/transactions', { token: member.token })).body).data;
    expect(history[0]).toMatchObject({ id: transaction.id, reason: 'adjustment', label: 'Missed check-in on race day', amount: 250 });
    const minus = await admin('POST', `/${member.userId}/adjustments`, { amount: -100, reason: 'Duplicate award' });
    expect(minus.status).toBe(201);
    expect(await balanceOf(member.userId)).toEqual({ points: 150, lifetime: 250 });
    const audit = await auditOf(member.userId);
    expect(audit.map((a) => a.action)).toEqual(['adjust', 'adjust']);
    expect(audit[0]).toMatchObject({ actorUserId: opsId, before: { points: 0 }, after: { points: 250, amount: 250, reason: 'Missed check-in on race day' } });
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
    for (const body of [{ amount: 0, reason: 'x' }, { amount: 1.5, reason: 'x' }, { amount: 10, reason: '   ' }, { amount: 10 }, { amount: 10, reason: 'x'.repeat(201) }]) {
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
    expect((await t.request('POST', `/api/sweepstake/${liveSweepstake.sweepstakeId}/entry`, { token: again, body: { count: 1 } })).status).toBe(201);
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
    const past = await admin('POST', `/${member.userId}/suspension`, { reason: 'Late', until: new Date(t.clock().getTime() - 1000).toISOString() });
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
  const headers = { 'content-type': 'image/png', accept: 'application/json', 'x-org-token': t.organization.token, authorization: `Bearer ${token}` };
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
  await t.request('PATCH', '/api/user/me', { token: member.token, body: { firstName: 'Ada', lastName: 'Lovelace', phoneNumber: '+33123456789', zipCode: '75001', username: `ada${member.userId.slice(0, 6)}` } });
  expect((await t.request('POST', '/api/checkin', { token: member.token })).status).toBe(201);
  expect((await t.request('POST', `/api/sweepstake/${liveSweepstake.sweepstakeId}/entry`, { token: member.token, body: { count: 1 } })).status).toBe(201);
  expect((await t.request('PATCH', '/api/consent/user/marketing-emails', { token: member.token, body: { consentId: 'marketing-emails', value: 1 } })).status).toBe(200);
  expect((await t.request('DELETE', '/api/carousel/card-1', { token: member.token })).status).toBeLessThan(300);
  await t.db.update(users).set({ birthday: '1990-05-17', properties: { team: 'blue' } }).where(eq(users.id, member.userId));
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
      expect(data.tables[name].every((row) => row.userId === member.userId), name).toBe(true);
    }
    for (const name of ['point_transactions', 'checkins', 'sweepstake_entries', 'user_consents', 'carousel_dismissals', 'avatar_uploads', 'sessions']) {
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
  const personal = ['email', 'username', 'firstName', 'lastName', 'phoneNumber', 'zipCode', 'birthday', 'avatarMediaId', 'authSubject'] as const;

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
    expect(await t.db.select().from(rateLimits).where(sql`${rateLimits.bucket} like ${`%${member.email}`}`)).toEqual([]);
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
