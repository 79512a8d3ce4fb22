/**
 * Sweepstakes API (spec §3-§4, §6-§8; ARCHITECTURE §4-§5): lists for members and visitors,
 * status from the server clock, entries spending `count × entryCost` in one transaction, the 422/403 rules,
 * and 50 simultaneous entries from one member whose balance covers only some of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBodySchema } from '../../src/contracts/common';
import {
  SweepstakeEntryResponseSchema,
  SweepstakeListResponseSchema,
  SweepstakeResponseSchema,
  type Sweepstake,
} from '../../src/contracts/sweepstake';
import { birthdayForAge, createContentContext, createMember, walletOf } from './content-fixtures';
import type { TestContext } from './helpers';

let ctx: TestContext;
let all: Sweepstake[];
beforeAll(async () => {
  ctx = await createContentContext();
  all = SweepstakeListResponseSchema.parse((await ctx.request('GET', '/api/sweepstake')).body).data;
});
afterAll(async () => {
  await ctx?.close();
});

const byTitle = (title: string) => all.find((s) => s.title === title)!;
const entry = (token: string, id: string, body: unknown, headers?: Record<string, string>) =>
  ctx.request('POST', `/api/sweepstake/${id}/entry`, { token, body, headers });

describe('reading sweepstakes', () => {
  it('visitors with the organization key read the list: live, coming soon and ended, costs 50-500', async () => {
    expect(all.length).toBeGreaterThanOrEqual(5);
    expect(new Set(all.map((s) => s.status))).toEqual(new Set(['live', 'coming_soon', 'ended']));
    expect(all.every((s) => s.entryCost >= 50 && s.entryCost <= 500)).toBe(true);
    expect(all.every((s) => s.userEntryCount === 0)).toBe(true);
    const fr = SweepstakeListResponseSchema.parse(
      (await ctx.request('GET', '/api/sweepstake', { headers: { 'accept-language': 'fr' } })).body,
    ).data;
    expect(fr.map((s) => s.title)).toContain('Casque de course dédicacé');
  });

  it('GET /sweepstake/{id} answers one; unknown or malformed ids are 404; a bad bearer is 401', async () => {
    const one = await ctx.request('GET', `/api/sweepstake/${all[0].sweepstakeId}`);
    expect(SweepstakeResponseSchema.parse(one.body).data).toEqual(all[0]);
    expect((await ctx.request('GET', '/api/sweepstake/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await ctx.request('GET', '/api/sweepstake/abc')).status).toBe(404);
    expect((await ctx.request('GET', '/api/sweepstake', { token: 'pk_wrong_key_123' })).status).toBe(401);
  });

  it('status follows the server clock: coming soon becomes live at startsAt, live becomes ended at endsAt', async () => {
    const soon = all.find((s) => s.status === 'coming_soon')!;
    const saved = ctx.clock();
    try {
      ctx.clock.set(soon.startsAt);
      expect((await ctx.request('GET', `/api/sweepstake/${soon.sweepstakeId}`)).body.data.status).toBe('live');
      ctx.clock.set(soon.endsAt);
      expect((await ctx.request('GET', `/api/sweepstake/${soon.sweepstakeId}`)).body.data.status).toBe('ended');
    } finally {
      ctx.clock.set(saved);
    }
  });
});

describe('entering', () => {
  it("POST /sweepstake/{id}/entry spends count × entryCost, shows the member's entry count, writes one ledger row", async () => {
    const member = await createMember(ctx, { points: 1000 });
    const helmet = byTitle('Team cap and scarf bundle');
    const res = await entry(member.token, helmet.sweepstakeId, { count: 3 });
    expect(res.status).toBe(201);
    const data = SweepstakeEntryResponseSchema.parse(res.body).data;
    expect(data).toMatchObject({ count: 3, pointsSpent: 3 * helmet.entryCost, points: 1000 - 3 * helmet.entryCost });
    expect(data.sweepstake.userEntryCount).toBe(3);
    expect(data.sweepstake.totalEntries).toBe(helmet.totalEntries + 3);
    const wallet = await walletOf(ctx, member.userId);
    expect(wallet).toMatchObject({ points: 1000 - 3 * helmet.entryCost, lifetimePoints: 1000, transactions: 2 });
    const mine = await ctx.request('GET', `/api/sweepstake/${helmet.sweepstakeId}`, { token: member.token });
    expect(mine.body.data.userEntryCount).toBe(3);
    const tx = await ctx.request('GET', '/api/user/me/transactions', { token: member.token });
    const spends = tx.body.data.filter((t: { reason: string }) => t.reason === 'sweepstake_entry');
    expect(spends).toHaveLength(1);
    expect(spends[0]).toMatchObject({ amount: -3 * helmet.entryCost, label: helmet.title, balanceAfter: 1000 - 3 * helmet.entryCost });
  });

  it('too few points: 422 InsufficientPoints and nothing spent or entered', async () => {
    const member = await createMember(ctx, { points: 499 });
    const helmet = byTitle('Signed race helmet');
    const res = await entry(member.token, helmet.sweepstakeId, { count: 1 });
    expect(res.status).toBe(422);
    expect(ApiErrorBodySchema.parse(res.body).error.code).toBe('InsufficientPoints');
    expect(await walletOf(ctx, member.userId)).toMatchObject({ points: 499, transactions: 1 });
    expect((await ctx.request('GET', `/api/sweepstake/${helmet.sweepstakeId}`, { token: member.token })).body.data.userEntryCount).toBe(0);
  });

  it('coming soon and ended sweepstakes are 422 NotLive', async () => {
    const member = await createMember(ctx, { points: 5000 });
    for (const status of ['coming_soon', 'ended'] as const) {
      const s = all.find((x) => x.status === status)!;
      const res = await entry(member.token, s.sweepstakeId, { count: 1 });
      expect(res.status).toBe(422);
      expect(res.body.error).toMatchObject({ code: 'NotLive', details: { status } });
    }
    expect(await walletOf(ctx, member.userId)).toMatchObject({ points: 5000 });
  });

  it('an underage member is 403 Underage; an 18-year-old may enter; visitors are 401', async () => {
    const minor = await createMember(ctx, { points: 5000, birthday: birthdayForAge(ctx.clock(), 17) });
    const cap = byTitle('Team cap and scarf bundle');
    const res = await entry(minor.token, cap.sweepstakeId, { count: 1 });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('Underage');
    expect(await walletOf(ctx, minor.userId)).toMatchObject({ points: 5000 });
    const adult = await createMember(ctx, { points: 5000, birthday: birthdayForAge(ctx.clock(), 18) });
    expect((await entry(adult.token, cap.sweepstakeId, { count: 1 })).status).toBe(201);
    expect((await entry('', cap.sweepstakeId, { count: 1 })).status).toBe(401);
    expect((await ctx.request('POST', `/api/sweepstake/${cap.sweepstakeId}/entry`, { body: { count: 1 } })).status).toBe(401);
  });

  it('the per-member limit: entries beyond maxEntriesPerUser are 422 EntryLimitReached', async () => {
    const member = await createMember(ctx, { points: 10_000 });
    const meet = byTitle('Driver meet and greet');
    expect(meet.maxEntriesPerUser).toBe(5);
    expect((await entry(member.token, meet.sweepstakeId, { count: 4 })).status).toBe(201);
    const over = await entry(member.token, meet.sweepstakeId, { count: 2 });
    expect(over.status).toBe(422);
    expect(over.body.error).toMatchObject({ code: 'EntryLimitReached', details: { maxEntriesPerUser: 5, userEntryCount: 4 } });
    expect((await entry(member.token, meet.sweepstakeId, { count: 1 })).status).toBe(201);
    expect(await walletOf(ctx, member.userId)).toMatchObject({ points: 10_000 - 5 * meet.entryCost });
  });

  it('bad input: count 0, 101, 1.5, "2", missing, extra fields, unknown sweepstake -> 4xx and nothing spent', async () => {
    const member = await createMember(ctx, { points: 1000 });
    const cap = byTitle('Team cap and scarf bundle');
    for (const body of [{ count: 0 }, { count: 101 }, { count: 1.5 }, { count: '2' }, {}, { count: 1, cost: 0 }, [1]]) {
      const res = await entry(member.token, cap.sweepstakeId, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error.code).toBe('ValidationFailed');
    }
    expect((await entry(member.token, '00000000-0000-4000-8000-000000000000', { count: 1 })).status).toBe(404);
    const text = await ctx.request('POST', `/api/sweepstake/${cap.sweepstakeId}/entry`, {
      token: member.token,
      raw: 'count=1',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    expect(await walletOf(ctx, member.userId)).toMatchObject({ points: 1000, transactions: 1 });
  });

  it('an Idempotency-Key replay answers the first entry and spends nothing more; the key with another body is 422', async () => {
    const member = await createMember(ctx, { points: 1000 });
    const cap = byTitle('Team cap and scarf bundle');
    const headers = { 'idempotency-key': 'entry-key-1' };
    const first = await entry(member.token, cap.sweepstakeId, { count: 2 }, headers);
    const again = await entry(member.token, cap.sweepstakeId, { count: 2 }, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect((await entry(member.token, cap.sweepstakeId, { count: 3 }, headers)).body.error.code).toBe('IdempotencyKeyReused');
    expect(await walletOf(ctx, member.userId)).toMatchObject({ points: 1000 - 2 * cap.entryCost });
  });

  it('50 simultaneous entries from one member whose balance covers 7: exactly 7 succeed, the balance never goes below 0', async () => {
    const cap = byTitle('Team cap and scarf bundle');
    const affordable = 7;
    const member = await createMember(ctx, { points: affordable * cap.entryCost + cap.entryCost - 1 });
    const results = await Promise.all(Array.from({ length: 50 }, () => entry(member.token, cap.sweepstakeId, { count: 1 })));
    const ok = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status !== 201);
    expect(ok).toHaveLength(affordable);
    expect(refused.every((r) => r.status === 422 && r.body.error.code === 'InsufficientPoints')).toBe(true);
    expect(ok.every((r) => r.body.data.points >= 0)).toBe(true);
    expect(ok.map((r) => r.body.data.points).sort((a: number, b: number) => a - b)).toEqual(
      Array.from({ length: affordable }, (_, i) => cap.entryCost - 1 + i * cap.entryCost),
    );
    expect(await walletOf(ctx, member.userId)).toMatchObject({ points: cap.entryCost - 1, transactions: 1 + affordable });
    const mine = await ctx.request('GET', `/api/sweepstake/${cap.sweepstakeId}`, { token: member.token });
    expect(mine.body.data.userEntryCount).toBe(affordable);
  });
});
