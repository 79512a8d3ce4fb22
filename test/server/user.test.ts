import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UserResponseSchema, TransactionListResponseSchema } from '../../src/contracts/user';
import { createTestContext, type TestContext } from './helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t.close());
beforeEach(() => t.clock.set(new Date()));

describe('GET /user/me', () => {
  it('returns the member in the shared wire format, new and at rank P10', async () => {
    const token = await t.signIn();
    const res = await t.request('GET', '/api/user/me', { token });
    expect(res.status).toBe(200);
    const me = UserResponseSchema.parse(res.body).data;
    expect(me).toMatchObject({ points: 0, lifetimePoints: 0, rank: 'P10', isNewUser: true, username: null, birthday: null });
  });
});

describe('PATCH /user/me', () => {
  it('choosing a username ends onboarding (isNewUser false) and saves the profile', async () => {
    const token = await t.signIn();
    const res = await t.request('PATCH', '/api/user/me', {
      token,
      body: { username: 'lea_fan', firstName: 'Léa', lastName: 'Martin', phoneNumber: null, zipCode: '75011', birthday: '1995-04-12' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      username: 'lea_fan',
      firstName: 'Léa',
      isNewUser: false,
      birthday: '1995-04-12',
      zipCode: '75011',
    });
    const me = await t.request('GET', '/api/user/me', { token });
    expect(me.body.data.isNewUser).toBe(false);
  });

  it('a birthday cannot be changed or removed once set (422 BirthdayImmutable)', async () => {
    const token = await t.signIn();
    await t.request('PATCH', '/api/user/me', { token, body: { birthday: '2010-01-01' } });
    for (const birthday of ['1990-01-01', null]) {
      const res = await t.request('PATCH', '/api/user/me', { token, body: { birthday } });
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('BirthdayImmutable');
    }
    const same = await t.request('PATCH', '/api/user/me', { token, body: { birthday: '2010-01-01', firstName: 'Sam' } });
    expect(same.status).toBe(200);
    expect((await t.request('GET', '/api/user/me', { token })).body.data.birthday).toBe('2010-01-01');
  });

  it('a birthday in the future is refused', async () => {
    const token = await t.signIn();
    const res = await t.request('PATCH', '/api/user/me', { token, body: { birthday: '2999-01-01' } });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('ValidationFailed');
  });

  it('empty phone and birthday arrive as null and are stored as null', async () => {
    const token = await t.signIn();
    const res = await t.request('PATCH', '/api/user/me', { token, body: { phoneNumber: null, birthday: null, firstName: 'Ana' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ phoneNumber: null, birthday: null, firstName: 'Ana' });
  });

  it('a username is unique per organization, ignoring case (409 Conflict), and nothing changes', async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    expect((await t.request('PATCH', '/api/user/me', { token: a, body: { username: 'PitWall' } })).status).toBe(200);
    const res = await t.request('PATCH', '/api/user/me', { token: b, body: { username: 'pitwall', firstName: 'Changed' } });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('Conflict');
    const me = await t.request('GET', '/api/user/me', { token: b });
    expect(me.body.data).toMatchObject({ username: null, firstName: null, isNewUser: true });
  });

  it('wrong types and unknown fields are 422 with details, and nothing changes', async () => {
    const token = await t.signIn();
    for (const body of [{ username: 42 }, { birthday: '12/04/1995' }, { points: 1000000 }, { username: 'a b' }]) {
      const res = await t.request('PATCH', '/api/user/me', { token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error.code).toBe('ValidationFailed');
      expect(Array.isArray(res.body.error.details)).toBe(true);
    }
    const me = await t.request('GET', '/api/user/me', { token });
    expect(me.body.data).toMatchObject({ username: null, birthday: null, points: 0 });
  });

  it('properties are merged key by key; null removes a key', async () => {
    const token = await t.signIn();
    await t.request('PATCH', '/api/user/me', { token, body: { properties: { favouriteDriver: 10, newsletter: true } } });
    const res = await t.request('PATCH', '/api/user/me', { token, body: { properties: { newsletter: null, seat: 'T3' } } });
    expect(res.body.data.properties).toEqual({ favouriteDriver: 10, seat: 'T3' });
  });

  it('visitors cannot edit a profile (401)', async () => {
    expect((await t.request('PATCH', '/api/user/me', { body: { firstName: 'x' } })).status).toBe(401);
  });
});

describe('GET /user/me/transactions', () => {
  it('lists every award newest first with reason, reference, label and balance after', async () => {
    const token = await t.signIn();
    await t.request('POST', '/api/checkin', { token });
    const [poll] = (await t.challenges(token)).filter((c) => c.subtype === 'poll' && !c.completed);
    await t.request('POST', `/api/challenge/${poll.challengeId}`, { token, body: { pool: { responseIndex: 0 } } });
    const res = await t.request('GET', '/api/user/me/transactions', { token });
    expect(res.status).toBe(200);
    const rows = TransactionListResponseSchema.parse(res.body).data;
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      reason: 'challenge',
      reference: `challenge:${poll.challengeId}`,
      label: poll.title,
      amount: 20,
      balanceAfter: 30,
    });
    expect(rows[1]).toMatchObject({ reason: 'checkin', amount: 10, balanceAfter: 10 });
    const me = await t.request('GET', '/api/user/me', { token });
    expect(me.body.data.points).toBe(30);
  });

  it('honours limit and rejects a bad limit', async () => {
    const token = await t.signIn();
    await t.request('POST', '/api/checkin', { token });
    expect((await t.request('GET', '/api/user/me/transactions?limit=1', { token })).body.data).toHaveLength(1);
    expect((await t.request('GET', '/api/user/me/transactions?limit=0', { token })).status).toBe(422);
    expect((await t.request('GET', '/api/user/me/transactions?limit=abc', { token })).status).toBe(422);
  });

  it('is 401 without a session', async () => {
    expect((await t.request('GET', '/api/user/me/transactions')).status).toBe(401);
  });
});
