/**
 * Consents API (spec §3, §7-§8): `GET /consent/user` and `PATCH /consent/user/{id}
 * {consentId, value, data}` for members.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsentListResponseSchema, ConsentResponseSchema } from '../../src/contracts/consent';
import { eq } from 'drizzle-orm';
import { userConsents } from '../../server/db/schema/consent';
import { createContentContext, createMember } from './content-fixtures';
import type { TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createContentContext();
});
afterAll(async () => {
  await ctx?.close();
});

const list = async (token: string, language = 'en') =>
  ConsentListResponseSchema.parse((await ctx.request('GET', '/api/consent/user', { token, headers: { 'accept-language': language } })).body)
    .data;

describe('consents', () => {
  it('GET /consent/user lists marketing e-mails, partner offers and analytics, all off until answered', async () => {
    const member = await createMember(ctx);
    const consents = await list(member.token);
    expect(consents.map((c) => c.id)).toEqual(['marketing-emails', 'partner-offers', 'analytics']);
    expect(consents.every((c) => c.value === 0 && c.enabled === false && c.updatedAt === null)).toBe(true);
    expect((await list(member.token, 'fr'))[0].name).toBe('Actualités et offres par e-mail');
    expect((await ctx.request('GET', '/api/consent/user')).status).toBe(401);
  });

  it('PATCH /consent/user/{id} stores the answer (by key or consentId), per member, and can withdraw it', async () => {
    const member = await createMember(ctx);
    const other = await createMember(ctx);
    const [marketing, partners] = await list(member.token);
    const on = await ctx.request('PATCH', `/api/consent/user/${marketing.id}`, {
      token: member.token,
      body: { consentId: marketing.consentId, value: 1, data: { source: 'profile' } },
    });
    expect(on.status).toBe(200);
    expect(ConsentResponseSchema.parse(on.body).data).toMatchObject({ id: 'marketing-emails', value: 1, enabled: true });
    const byId = await ctx.request('PATCH', `/api/consent/user/${partners.consentId}`, {
      token: member.token,
      body: { consentId: partners.id, value: 1 },
    });
    expect(byId.status).toBe(200);
    const off = await ctx.request('PATCH', `/api/consent/user/${marketing.id}`, {
      token: member.token,
      body: { consentId: marketing.consentId, value: 0, data: null },
    });
    expect(off.body.data).toMatchObject({ value: 0, enabled: false });
    const mine = await list(member.token);
    expect(mine.map((c) => c.value)).toEqual([0, 1, 0]);
    expect(mine[0].updatedAt).not.toBeNull();
    expect((await list(other.token)).map((c) => c.value)).toEqual([0, 0, 0]);
    const rows = await ctx.db.select().from(userConsents).where(eq(userConsents.userId, member.userId));
    expect(rows).toHaveLength(2);
  });

  it('bad input: value 2 or "1", mismatched consentId, unknown consent, oversized data -> 4xx and nothing stored', async () => {
    const member = await createMember(ctx);
    const [marketing, partners] = await list(member.token);
    const bad: unknown[] = [
      { consentId: marketing.consentId, value: 2 },
      { consentId: marketing.consentId, value: '1' },
      { consentId: marketing.consentId, value: true },
      { value: 1 },
      { consentId: partners.consentId, value: 1 },
      { consentId: marketing.consentId, value: 1, data: { blob: 'x'.repeat(3000) } },
      { consentId: marketing.consentId, value: 1, enabled: true },
    ];
    for (const body of bad) {
      const res = await ctx.request('PATCH', `/api/consent/user/${marketing.id}`, { token: member.token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect(
      (
        await ctx.request('PATCH', '/api/consent/user/no-such-consent', {
          token: member.token,
          body: { consentId: 'no-such-consent', value: 1 },
        })
      ).status,
    ).toBe(404);
    expect(
      (await ctx.request('PATCH', `/api/consent/user/${marketing.id}`, { body: { consentId: marketing.consentId, value: 1 } })).status,
    ).toBe(401);
    expect(await ctx.db.select().from(userConsents).where(eq(userConsents.userId, member.userId))).toEqual([]);
  });
});
