/**
 * Activations API (spec §3, §6-§7): list and detail with the organization-key bearer, and
 * `POST /activations/activate-user {slug}` awarding badges (and points) once per member and activation,
 * only inside the activation's window.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActivateUserResponseSchema, ActivationDetailResponseSchema, ActivationListResponseSchema } from '../../src/contracts/activation';
import { and, eq } from 'drizzle-orm';
import { userBadges } from '../../server/db/schema/activations';
import { createContentContext, createMember, ledgerRows, walletOf } from './content-fixtures';
import type { TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createContentContext();
});
afterAll(async () => {
  await ctx?.close();
});

const badgeCount = async (userId: string) => (await ctx.db.select().from(userBadges).where(eq(userBadges.userId, userId))).length;

describe('reading activations', () => {
  it('GET /activations/list with the organization key lists both activations with slugs, windows and badges', async () => {
    const res = await ctx.request('GET', '/api/activations/list');
    expect(res.status).toBe(200);
    const list = ActivationListResponseSchema.parse(res.body).data;
    expect(list.map((a) => a.slug).sort()).toEqual(['factory-open-day', 'monza-fan-zone']);
    expect(list.find((a) => a.slug === 'factory-open-day')?.badges).toHaveLength(2);
    const fr = ActivationListResponseSchema.parse(
      (await ctx.request('GET', '/api/activations/list', { headers: { 'accept-language': 'fr-CA' } })).body,
    ).data;
    expect(fr.map((a) => a.title)).toContain('Fan zone de Monza');
  });

  it('GET /activations/{id} answers a list whose first item is the activation, by slug or id; unknown is 404', async () => {
    const bySlug = ActivationDetailResponseSchema.parse((await ctx.request('GET', '/api/activations/monza-fan-zone')).body).data;
    expect(bySlug).toHaveLength(1);
    expect(bySlug[0].slug).toBe('monza-fan-zone');
    const byId = ActivationDetailResponseSchema.parse((await ctx.request('GET', `/api/activations/${bySlug[0].id}`)).body).data;
    expect(byId).toEqual(bySlug);
    expect((await ctx.request('GET', '/api/activations/no-such-activation')).status).toBe(404);
    expect((await ctx.request('GET', '/api/activations/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await ctx.request('GET', '/api/activations/list', { token: null })).status).toBe(401);
  });
});

describe('POST /activations/activate-user', () => {
  it('awards the badges and points once; a second call answers the same badges with created false', async () => {
    const member = await createMember(ctx);
    const [activation] = ActivationDetailResponseSchema.parse((await ctx.request('GET', '/api/activations/factory-open-day')).body).data;
    const first = await ctx.request('POST', '/api/activations/activate-user', { token: member.token, body: { slug: 'factory-open-day' } });
    expect(first.status).toBe(201);
    const data = ActivateUserResponseSchema.parse(first.body).data;
    expect(data).toMatchObject({ slug: 'factory-open-day', created: true, pointsAwarded: activation.value });
    expect(data.badges.map((b) => b.slug).sort()).toEqual(activation.badges.map((b) => b.slug).sort());
    const again = await ctx.request('POST', '/api/activations/activate-user', { token: member.token, body: { slug: 'factory-open-day' } });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ created: false, pointsAwarded: activation.value });
    expect(again.body.data.badges).toEqual(data.badges);
    expect(await badgeCount(member.userId)).toBe(2);
    expect(await walletOf(ctx, member.userId)).toMatchObject({ points: activation.value, transactions: 1 });
    expect(await ledgerRows(ctx, member.userId, `activation:${activation.id}`)).toHaveLength(1);
  });

  it('20 concurrent activations of one member award once', async () => {
    const member = await createMember(ctx);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        ctx.request('POST', '/api/activations/activate-user', { token: member.token, body: { slug: 'monza-fan-zone' } }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 200)).toHaveLength(19);
    expect(await badgeCount(member.userId)).toBe(1);
    expect((await walletOf(ctx, member.userId)).transactions).toBe(1);
  });

  it('outside startsAt..stopsAt is 422 NotLive and awards nothing', async () => {
    const member = await createMember(ctx);
    const [monza] = ActivationDetailResponseSchema.parse((await ctx.request('GET', '/api/activations/monza-fan-zone')).body).data;
    const saved = ctx.clock();
    try {
      ctx.clock.set(new Date(new Date(monza.startsAt).getTime() - 1000));
      const early = await ctx.request('POST', '/api/activations/activate-user', { token: member.token, body: { slug: 'monza-fan-zone' } });
      expect(early.status).toBe(422);
      expect(early.body.error.code).toBe('NotLive');
      ctx.clock.set(monza.stopsAt!);
      const late = await ctx.request('POST', '/api/activations/activate-user', { token: member.token, body: { slug: 'monza-fan-zone' } });
      expect(late.status).toBe(422);
    } finally {
      ctx.clock.set(saved);
    }
    expect(await badgeCount(member.userId)).toBe(0);
    expect(await walletOf(ctx, member.userId)).toMatchObject({ points: 0, transactions: 0 });
  });

  it('unknown slug 404, bad bodies 422, visitors 401', async () => {
    const member = await createMember(ctx);
    expect((await ctx.request('POST', '/api/activations/activate-user', { token: member.token, body: { slug: 'nope' } })).status).toBe(404);
    for (const body of [{}, { slug: 3 }, { slug: 'Monza Fan Zone!' }, { slug: 'monza-fan-zone', badge: 'x' }]) {
      expect(
        (await ctx.request('POST', '/api/activations/activate-user', { token: member.token, body })).status,
        JSON.stringify(body),
      ).toBe(422);
    }
    expect((await ctx.request('POST', '/api/activations/activate-user', { body: { slug: 'monza-fan-zone' } })).status).toBe(401);
    const [row] = await ctx.db
      .select()
      .from(userBadges)
      .where(and(eq(userBadges.userId, member.userId)));
    expect(row).toBeUndefined();
  });
});
