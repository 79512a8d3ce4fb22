/**
 * Rewards-carousel dismissals (spec §4, §7-§8): `DELETE /carousel/{id}` remembered per member,
 * `GET /carousel/dismissed`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CarouselDismissalListResponseSchema, CarouselDismissalResponseSchema } from '../../src/contracts/carousel';
import { createContentContext, createMember } from './content-fixtures';
import type { TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createContentContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('carousel dismissals', () => {
  it('DELETE /carousel/{id} remembers the card for this member only; a second delete answers the first time', async () => {
    const member = await createMember(ctx);
    const other = await createMember(ctx);
    const first = await ctx.request('DELETE', '/api/carousel/follow-the-action', { token: member.token });
    expect(first.status).toBe(200);
    const dismissal = CarouselDismissalResponseSchema.parse(first.body).data;
    expect(dismissal.cardId).toBe('follow-the-action');
    ctx.clock.advance(60_000);
    const again = await ctx.request('DELETE', '/api/carousel/follow-the-action', { token: member.token });
    expect(again.body.data).toEqual(dismissal);
    await ctx.request('DELETE', '/api/carousel/win-win-win', { token: member.token });
    const mine = CarouselDismissalListResponseSchema.parse(
      (await ctx.request('GET', '/api/carousel/dismissed', { token: member.token })).body,
    ).data;
    expect(mine.map((d) => d.cardId)).toEqual(['win-win-win', 'follow-the-action']);
    expect((await ctx.request('GET', '/api/carousel/dismissed', { token: other.token })).body.data).toEqual([]);
  });

  it('20 concurrent deletes of one card store one dismissal', async () => {
    const member = await createMember(ctx);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => ctx.request('DELETE', '/api/carousel/unlock-rewards', { token: member.token })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.data.dismissedAt)).size).toBe(1);
    expect((await ctx.request('GET', '/api/carousel/dismissed', { token: member.token })).body.data).toHaveLength(1);
  });

  it('bad card ids are 422, visitors 401, and nothing is stored', async () => {
    const member = await createMember(ctx);
    for (const id of ['has space', 'x'.repeat(65), 'semi;colon', '%F0%9F%8F%8E']) {
      const res = await ctx.request('DELETE', `/api/carousel/${encodeURIComponent(id)}`, { token: member.token });
      expect(res.status, id).toBe(422);
    }
    expect((await ctx.request('DELETE', '/api/carousel/win-win-win')).status).toBe(401);
    expect((await ctx.request('GET', '/api/carousel/dismissed')).status).toBe(401);
    expect((await ctx.request('GET', '/api/carousel/dismissed', { token: member.token })).body.data).toEqual([]);
  });
});
