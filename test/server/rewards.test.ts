/**
 * The rewards catalogue: operators manage rewards and their codes through `/api/admin/rewards`
 * (codes never shown back, changes audit-logged); members read `GET /api/rewards` and redeem with
 * `POST /api/rewards/{id}/redeem`, where window, stock, per-member limit, rank and balance are checked and the points
 * spent in one transaction (the last item redeemed by many at once goes to exactly one); "My rewards" shows a code
 * only to the member who redeemed it; cancelling refunds with a ledger row of its own; operators move redemptions on
 * from the fulfilment list and export it as CSV.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminRewardResponseSchema } from '../../src/contracts/admin/reward';
import { AdminRedemptionListResponseSchema } from '../../src/contracts/admin/redemption';
import {
  RedeemResultResponseSchema,
  RedemptionListResponseSchema,
  RewardListResponseSchema,
  type Reward,
} from '../../src/contracts/reward';
import { auditLog, rewardRedemptions } from '../../server/db/schema';
import { createContentContext, createMember, ledgerRows, walletOf, type Member } from './content-fixtures';
import type { TestContext } from './helpers';

const OPERATOR = 'ops@alpine-racing.example';
let ctx: TestContext;
let ops: string;

beforeAll(async () => {
  ctx = await createContentContext({ env: { OPERATOR_EMAILS: OPERATOR } });
  ops = await ctx.signIn(OPERATOR);
});
afterAll(async () => {
  await ctx?.close();
});

const catalogue = async (token: string, language = 'en') =>
  RewardListResponseSchema.parse((await ctx.request('GET', '/api/rewards', { token, headers: { 'accept-language': language } })).body).data;
const redeem = (member: Member, id: string, body: unknown = {}, key = randomUUID()) =>
  ctx.request('POST', `/api/rewards/${id}/redeem`, { token: member.token, body, headers: { 'idempotency-key': key } });
const mine = async (member: Member) =>
  RedemptionListResponseSchema.parse((await ctx.request('GET', '/api/user/me/redemptions', { token: member.token })).body).data;
const admin = (method: string, path: string, body?: unknown) => ctx.request(method, `/api/admin${path}`, { token: ops, body });

/** Creates a published reward as the operator; returns its id. */
async function createReward(fields: Record<string, unknown>): Promise<string> {
  const res = await admin('POST', '/rewards', { title: `Reward ${randomUUID().slice(0, 6)}`, cost: 100, fulfilment: 'pickup', ...fields });
  expect(res.status, res.text).toBe(201);
  return AdminRewardResponseSchema.parse(res.body).data.id;
}

/** The member's view of reward `id`. */
async function rewardOf(member: Member, id: string): Promise<Reward> {
  return (await catalogue(member.token)).find((r) => r.rewardId === id)!;
}

describe('the demo catalogue', () => {
  it('is bilingual, with code, pickup and shipping rewards, a sold-out one and one not open yet', async () => {
    const fan = await createMember(ctx);
    const en = await catalogue(fan.token);
    const fr = await catalogue(fan.token, 'fr');
    expect(new Set(en.map((r) => r.fulfilment))).toEqual(new Set(['code', 'pickup', 'shipping']));
    expect(en.find((r) => r.title === '10% off in the team shop')).toMatchObject({
      remaining: 20,
      limitPerMember: 2,
      memberRedemptions: 0,
    });
    expect(fr.map((r) => r.title)).toContain('10 % de remise dans la boutique');
    expect(en.find((r) => r.title === 'Garage poster, first edition')?.remaining).toBe(0);
    expect(Date.parse(en.find((r) => r.title === 'Winter scarf')!.startsAt!)).toBeGreaterThan(ctx.clock().getTime());
    expect(en.find((r) => r.title.startsWith('Monza grandstand'))?.minRankCode).toBe('P6');
  });

  it('needs a member: the organization key alone is 401', async () => {
    expect((await ctx.request('GET', '/api/rewards')).status).toBe(401);
  });
});

describe('managing rewards', () => {
  it('adds pasted or CSV codes to the pool, skipping repeats, and never answers or logs the codes themselves', async () => {
    const created = await admin('POST', '/rewards', {
      title: 'Coffee voucher',
      cost: 50,
      fulfilment: 'code',
      addCodes: 'code,note\n"COFFEE-AAA1",first\nCOFFEE-BBB2;x\n\nCOFFEE-AAA1\n',
      translations: { fr: { title: 'Bon pour un café' } },
    });
    expect(created.status, created.text).toBe(201);
    const item = AdminRewardResponseSchema.parse(created.body).data;
    expect(item).toMatchObject({ codesLeft: 2, codesTotal: 2, redeemed: 0, addCodes: '', status: 'live' });
    const patched = await admin('PATCH', `/rewards/${item.id}`, { addCodes: 'COFFEE-BBB2\nCOFFEE-CCC3' });
    expect(AdminRewardResponseSchema.parse(patched.body).data).toMatchObject({ codesLeft: 3, codesTotal: 3 });
    const listed = await admin('GET', '/rewards?q=coffee');
    expect(listed.text).not.toContain('COFFEE-');
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'rewards'), eq(auditLog.entityId, item.id)));
    expect(entries.map((e) => e.action).sort()).toEqual(['create', 'import', 'import']);
    expect(JSON.stringify(entries)).not.toContain('COFFEE-');
    expect(
      entries
        .filter((e) => e.action === 'import')
        .map((e) => (e.after as { codesAdded: number }).codesAdded)
        .sort(),
    ).toEqual([1, 2]);
  });

  it('refuses a stock on a code reward, codes on another kind and a window that ends before it starts (422 naming the field)', async () => {
    const stock = await admin('POST', '/rewards', { title: 'X', cost: 10, fulfilment: 'code', stock: 5 });
    expect(stock.status).toBe(422);
    expect(stock.text).toContain('stock');
    const codes = await admin('POST', '/rewards', { title: 'X', cost: 10, fulfilment: 'pickup', addCodes: 'A1' });
    expect(codes.status).toBe(422);
    const window = await admin('POST', '/rewards', {
      title: 'X',
      cost: 10,
      fulfilment: 'pickup',
      startsAt: '2026-12-02T00:00:00Z',
      endsAt: '2026-12-01T00:00:00Z',
    });
    expect(window.status).toBe(422);
    expect((await ctx.request('GET', '/api/admin/rewards', { token: (await createMember(ctx)).token })).status).toBe(403);
  });

  it('deletes a reward nobody redeemed and archives one somebody did (it then leaves the catalogue)', async () => {
    const unused = await createReward({});
    expect((await admin('DELETE', `/rewards/${unused}`)).body.data).toEqual({ id: unused, archived: false });
    const used = await createReward({ cost: 10 });
    const fan = await createMember(ctx, { points: 100 });
    expect((await redeem(fan, used)).status).toBe(201);
    expect((await admin('PATCH', `/rewards/${used}`, { fulfilment: 'shipping' })).status).toBe(422);
    expect((await admin('DELETE', `/rewards/${used}`)).body.data).toEqual({ id: used, archived: true });
    expect((await catalogue(fan.token)).some((r) => r.rewardId === used)).toBe(false);
  });
});

describe('redeeming', () => {
  it('a code reward spends its cost once, writes one ledger row and shows the code only to its member', async () => {
    const id = await createReward({ fulfilment: 'code', cost: 120, addCodes: 'SHOP-ONE\nSHOP-TWO' });
    const fan = await createMember(ctx, { points: 500 });
    const other = await createMember(ctx, { points: 500 });
    const key = randomUUID();
    const res = await redeem(fan, id, {}, key);
    expect(res.status, res.text).toBe(201);
    const result = RedeemResultResponseSchema.parse(res.body).data;
    expect(result).toMatchObject({
      points: 380,
      reward: { remaining: 1, memberRedemptions: 1 },
      redemption: { status: 'fulfilled', cost: 120 },
    });
    const replay = await redeem(fan, id, {}, key);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await walletOf(ctx, fan.userId)).toMatchObject({ points: 380 });
    const rows = await ledgerRows(ctx, fan.userId, `reward-redemption:${result.redemption.redemptionId}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: -120, reason: 'reward_redemption', balanceAfter: 380 });
    const [own] = await mine(fan);
    expect(own).toMatchObject({ redemptionId: result.redemption.redemptionId, fulfilment: 'code' });
    expect(['SHOP-ONE', 'SHOP-TWO']).toContain(own.code);
    expect(await mine(other)).toEqual([]);
    expect((await ctx.request('GET', '/api/rewards', { token: other.token })).text).not.toContain('SHOP-');
  });

  it('refuses with a clear 4xx and charges nothing: points missing, rank needed, sold out, limit reached, not open, closed, no address', async () => {
    const now = ctx.clock().getTime();
    const poor = await createMember(ctx, { points: 50 });
    const fan = await createMember(ctx, { points: 600 });
    const cases: Array<[Record<string, unknown>, Member, number, string]> = [
      [{ cost: 100 }, poor, 422, 'InsufficientPoints'],
      [{ cost: 10, minRankCode: 'P1' }, fan, 403, 'RankTooLow'],
      [{ cost: 10, stock: 0 }, fan, 409, 'SoldOut'],
      [{ cost: 10, startsAt: new Date(now + 3_600_000).toISOString() }, fan, 422, 'RewardNotOpen'],
      [{ cost: 10, endsAt: new Date(now - 1000).toISOString() }, fan, 422, 'RewardClosed'],
      [{ cost: 10, fulfilment: 'shipping' }, fan, 422, 'ShippingAddressRequired'],
    ];
    for (const [fields, member, status, code] of cases) {
      const before = await walletOf(ctx, member.userId);
      const res = await redeem(member, await createReward(fields));
      expect([res.status, res.body.error?.code]).toEqual([status, code]);
      expect(await walletOf(ctx, member.userId)).toEqual(before);
    }
    const once = await createReward({ cost: 10, limitPerMember: 1 });
    expect((await redeem(fan, once)).status).toBe(201);
    const again = await redeem(fan, once);
    expect([again.status, again.body.error.code]).toEqual([422, 'RedemptionLimitReached']);
    expect(await rewardOf(fan, once)).toMatchObject({ memberRedemptions: 1, limitPerMember: 1 });
    expect((await redeem(fan, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await mine(poor)).length).toBe(0);
  });

  it('a rank high enough unlocks a reward with a minimum rank; a shipping reward keeps its address', async () => {
    const fan = await createMember(ctx, { points: 1500 });
    const id = await createReward({ cost: 100, minRankCode: 'P6', fulfilment: 'shipping' });
    const res = await redeem(fan, id, { shippingAddress: '12 rue de la Piste, 74000 Annecy, France' });
    expect(res.status, res.text).toBe(201);
    expect((await mine(fan))[0]).toMatchObject({
      status: 'pending',
      shippingAddress: '12 rue de la Piste, 74000 Annecy, France',
      code: null,
    });
  });

  it('the last item redeemed by many at once goes to exactly one member; nobody else is charged', async () => {
    const id = await createReward({ cost: 100, stock: 1 });
    const fans = await Promise.all(Array.from({ length: 12 }, () => createMember(ctx, { points: 300 })));
    const results = await Promise.all(fans.map((fan) => redeem(fan, id)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.body.error.code === 'SoldOut')).toHaveLength(11);
    const balances = await Promise.all(fans.map((fan) => walletOf(ctx, fan.userId)));
    expect(balances.map((b) => b.points).sort()).toEqual([200, ...Array(11).fill(300)]);
    expect((await rewardOf(fans[0], id)).remaining).toBe(0);
  });

  it('a pool of three codes redeemed by eight at once hands out three different codes and refuses the rest', async () => {
    const id = await createReward({ fulfilment: 'code', cost: 20, addCodes: 'RACE-1\nRACE-2\nRACE-3' });
    const fans = await Promise.all(Array.from({ length: 8 }, () => createMember(ctx, { points: 100 })));
    const results = await Promise.all(fans.map((fan) => redeem(fan, id)));
    const winners = fans.filter((_, i) => results[i].status === 201);
    expect(winners).toHaveLength(3);
    const codes = await Promise.all(winners.map(async (fan) => (await mine(fan))[0].code));
    expect(new Set(codes)).toEqual(new Set(['RACE-1', 'RACE-2', 'RACE-3']));
    const losers = fans.filter((_, i) => results[i].status !== 201);
    expect((await Promise.all(losers.map((fan) => walletOf(ctx, fan.userId)))).every((w) => w.points === 100)).toBe(true);
  });

  it('one member redeeming many times at once never goes past their limit or their balance', async () => {
    const id = await createReward({ cost: 100, limitPerMember: 3 });
    const fan = await createMember(ctx, { points: 250 });
    const results = await Promise.all(Array.from({ length: 6 }, () => redeem(fan, id)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    expect(await walletOf(ctx, fan.userId)).toMatchObject({ points: 50 });
  });
});

describe('cancelling and fulfilment', () => {
  it('a member cancels a pending item: the points come back with a reward_refund row, lifetime points unchanged, the item back in stock', async () => {
    const id = await createReward({ cost: 150, stock: 1 });
    const fan = await createMember(ctx, { points: 400 });
    const { redemption } = RedeemResultResponseSchema.parse((await redeem(fan, id)).body).data;
    const before = await walletOf(ctx, fan.userId);
    const res = await ctx.request('POST', `/api/user/me/redemptions/${redemption.redemptionId}/cancel`, {
      token: fan.token,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ points: 400, redemption: { status: 'cancelled' } });
    const after = await walletOf(ctx, fan.userId);
    expect(after).toEqual({ points: 400, lifetimePoints: before.lifetimePoints, transactions: before.transactions + 1 });
    expect(await ledgerRows(ctx, fan.userId, `reward-refund:${redemption.redemptionId}`)).toMatchObject([
      { amount: 150, reason: 'reward_refund' },
    ]);
    expect((await rewardOf(fan, id)).remaining).toBe(1);
    const twice = await ctx.request('POST', `/api/user/me/redemptions/${redemption.redemptionId}/cancel`, {
      token: fan.token,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect([twice.status, twice.body.error.code]).toEqual([409, 'NotCancellable']);
    const stranger = await createMember(ctx);
    expect(
      (
        await ctx.request('POST', `/api/user/me/redemptions/${redemption.redemptionId}/cancel`, {
          token: stranger.token,
          headers: { 'idempotency-key': randomUUID() },
        })
      ).status,
    ).toBe(404);
  });

  it('operators move a pickup on from the fulfilment list, refuse impossible moves, cancel a code with a refund, and export the codes as CSV', async () => {
    const pickup = await createReward({ title: 'Fulfilment pickup', cost: 30 });
    const code = await createReward({ title: 'Fulfilment code', fulfilment: 'code', cost: 40, addCodes: 'FUL-CODE-1' });
    const fan = await createMember(ctx, { points: 100 });
    const picked = RedeemResultResponseSchema.parse((await redeem(fan, pickup)).body).data.redemption.redemptionId;
    const coded = RedeemResultResponseSchema.parse((await redeem(fan, code)).body).data.redemption.redemptionId;

    const list = AdminRedemptionListResponseSchema.parse((await admin('GET', '/redemptions?status=pending&fulfilment=pickup')).body);
    expect(list.data.find((r) => r.id === picked)).toMatchObject({ email: fan.email, rewardTitle: 'Fulfilment pickup', status: 'pending' });
    expect(JSON.stringify((await admin('GET', '/redemptions')).body)).not.toContain('FUL-CODE-1');

    expect((await admin('PATCH', `/redemptions/${picked}`, { status: 'shipped' })).status).toBe(409);
    expect((await admin('PATCH', `/redemptions/${picked}`, { status: 'ready' })).body.data.status).toBe('ready');
    expect((await admin('PATCH', `/redemptions/${picked}`, { status: 'fulfilled' })).body.data.status).toBe('fulfilled');
    expect((await mine(fan)).find((r) => r.redemptionId === picked)?.status).toBe('fulfilled');
    const memberCancel = await ctx.request('POST', `/api/user/me/redemptions/${coded}/cancel`, {
      token: fan.token,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(memberCancel.status).toBe(409);

    const csv = await admin('GET', '/redemptions.csv?fulfilment=code');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.text.split('\r\n')[0]).toBe('id,createdAt,reward,fulfilment,status,cost,email,username,shippingAddress,code');
    expect(csv.text).toContain('FUL-CODE-1');
    expect(csv.text).not.toContain('Fulfilment pickup');

    const cancelled = await admin('PATCH', `/redemptions/${coded}`, { status: 'cancelled' });
    expect(cancelled.body.data.status).toBe('cancelled');
    expect(await walletOf(ctx, fan.userId)).toMatchObject({ points: 70 });
    const actions = await ctx.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entity, 'redemptions'));
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['update', 'export', 'cancel']));
    expect((await ctx.request('GET', '/api/admin/redemptions', { token: fan.token })).status).toBe(403);
  });

  it('a member who deletes their account leaves no shipping address behind; the redemption and its ledger row stay', async () => {
    const id = await createReward({ cost: 20, fulfilment: 'shipping' });
    const fan = await createMember(ctx, { points: 100 });
    const { redemption } = RedeemResultResponseSchema.parse(
      (await redeem(fan, id, { shippingAddress: '3 Avenue des Pilotes, 69007 Lyon, France' })).body,
    ).data;
    expect((await ctx.request('DELETE', '/api/user/me', { token: fan.token, body: { confirmation: 'DELETE' } })).status).toBe(204);
    const [row] = await ctx.db.select().from(rewardRedemptions).where(eq(rewardRedemptions.id, redemption.redemptionId));
    expect(row).toMatchObject({ shippingAddress: null, status: 'pending', cost: 20 });
    expect(await ledgerRows(ctx, fan.userId, `reward-redemption:${redemption.redemptionId}`)).toHaveLength(1);
    const listed = AdminRedemptionListResponseSchema.parse((await admin('GET', '/redemptions?fulfilment=shipping&pageSize=100')).body).data;
    expect(listed.find((r) => r.id === redemption.redemptionId)).toMatchObject({ email: null, shippingAddress: null });
  });
});
