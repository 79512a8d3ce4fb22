import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChallenges, createOrganization } from '../../server/seed/factories';
import { createTestContext, type TestContext } from './helpers';

let t: TestContext;
let other: Awaited<ReturnType<typeof createOrganization>>;
let otherChallengeId: string;
beforeAll(async () => {
  t = await createTestContext();
  other = await createOrganization(t.db, { name: 'Blue Harbour FC', publicKey: 'pk_blue_harbour', timeZone: 'America/New_York' });
  const [c] = await createChallenges(t.db, other.id, [
    {
      type: 'poll',
      subtype: 'poll',
      title: 'Player of the match',
      visibleFrom: new Date(Date.now() - 86_400_000),
      expiresOn: new Date(Date.now() + 86_400_000),
      isPublic: true,
      options: [{ text: 'Number 9', points: 10 }],
    },
  ]);
  otherChallengeId = c.id;
});
afterAll(async () => t.close());

describe('organization isolation', () => {
  it('each organization key gets its own organization and token', async () => {
    const a = await t.request('GET', '/api/organization/current');
    const b = await t.request('GET', '/api/organization/current', { token: 'pk_blue_harbour', orgToken: other.token });
    expect(a.body.data.name).toBe('Alpine Racing');
    expect(b.body.data).toMatchObject({ name: 'Blue Harbour FC', organizationId: other.id, timeZone: 'America/New_York' });
    expect(a.body.data.token).not.toBe(b.body.data.token);
    expect(a.body.data.ranks).toHaveLength(10);
  });

  it('x-org-token of another organization is 403; the right one passes', async () => {
    const token = await t.signIn();
    const mine = (await t.request('GET', '/api/organization/current', { token })).body.data.token;
    expect((await t.request('GET', '/api/user/me', { token, headers: { 'x-org-token': other.token } })).status).toBe(403);
    expect((await t.request('GET', '/api/user/me', { token, headers: { 'x-org-token': mine } })).status).toBe(200);
    const visitor = await t.request('GET', '/api/challenge', {
      token: 'pk_blue_harbour',
      orgToken: other.token,
      headers: { 'x-org-token': mine },
    });
    expect(visitor.status).toBe(403);
    expect(visitor.body.error.code).toBe('Forbidden');
  });

  it("a member cannot see or answer another organization's challenge (404)", async () => {
    const token = await t.signIn();
    expect((await t.request('GET', `/api/challenge/${otherChallengeId}`, { token })).status).toBe(404);
    const res = await t.request('POST', `/api/challenge/${otherChallengeId}`, { token, body: { pool: { responseIndex: 0 } } });
    expect(res.status).toBe(404);
    const list = (await t.request('GET', '/api/challenge', { token })).body.data;
    expect(list.map((c: { challengeId: string }) => c.challengeId)).not.toContain(otherChallengeId);
    expect((await t.request('GET', '/api/user/me', { token })).body.data.points).toBe(0);
  });

  it('the same e-mail in two organizations is two separate members', async () => {
    const email = 'both@example.com';
    const a = await t.signIn(email);
    await t.request('POST', '/api/session/otp', { token: 'pk_blue_harbour', orgToken: other.token, body: { email } });
    const res = await t.request('POST', '/api/session', {
      token: 'pk_blue_harbour',
      orgToken: other.token,
      body: { email, code: t.lastCode(email) },
    });
    expect(res.status).toBe(200);
    const b = res.body.data.token;
    const meA = (await t.request('GET', '/api/user/me', { token: a })).body.data;
    const meB = (await t.request('GET', '/api/user/me', { token: b, orgToken: other.token })).body.data;
    expect(meA.userId).not.toBe(meB.userId);
    const orgB = (await t.request('GET', '/api/organization/current', { token: b, orgToken: null })).body.data;
    expect(orgB.organizationId).toBe(other.id);
    const answer = await t.request('POST', `/api/challenge/${otherChallengeId}`, {
      token: b,
      orgToken: other.token,
      body: { pool: { responseIndex: 0 } },
    });
    expect(answer.status).toBe(200);
  });

  it('a code issued for one organization does not sign in to another', async () => {
    const email = `cross-${Date.now()}@example.com`;
    await t.request('POST', '/api/session/otp', { body: { email } });
    const res = await t.request('POST', '/api/session', {
      token: 'pk_blue_harbour',
      orgToken: other.token,
      body: { email, code: t.lastCode(email) },
    });
    expect(res.status).toBe(401);
  });
});
