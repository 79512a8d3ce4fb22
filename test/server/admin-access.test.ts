/**
 * Who may use the admin API: every route registered under `/api/admin` (read from the app itself, so a new route
 * cannot be left open) answers 401 without a session and 403 to a member who is not an operator; `OPERATOR_EMAILS`
 * grants the role at sign-in only while the organization has no operator (a bootstrap), so a role
 * revoked in the console stays revoked; a revoked role is refused from the next request on.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { createTestContext, type TestContext } from './helpers';

const OPERATOR = 'ops@alpine-racing.example';
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ env: { OPERATOR_EMAILS: ` ${OPERATOR.toUpperCase()} , other@example.com` } });
});
afterAll(async () => t.close());

/** Every `/api/admin` route of the app as `[method, path]`, path parameters filled with a random id. */
function adminRoutes(): Array<[string, string]> {
  const seen = new Set<string>();
  for (const route of t.app.routes) {
    if (route.method === 'ALL' || !route.path.startsWith('/api/admin/')) continue;
    seen.add(`${route.method} ${route.path.replace(/:[A-Za-z]+/g, randomUUID())}`);
  }
  return [...seen].map((entry) => entry.split(' ') as [string, string]);
}

describe('the admin API is for operators only', () => {
  it('finds the admin routes on the app', () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(6);
    expect(routes).toContainEqual(['GET', '/api/admin/audit-log']);
  });

  it('answers 401 without a session and with the visitor key, on every admin route', async () => {
    for (const [method, path] of adminRoutes()) {
      const anonymous = await t.request(method, path, { token: null, body: method === 'GET' ? undefined : {} });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(anonymous.body.error.code).toBe('Unauthorized');
      const visitor = await t.request(method, path, { body: method === 'GET' ? undefined : {} });
      expect(visitor.status, `${method} ${path} as visitor`).toBe(401);
    }
  });

  it('answers 403 to a signed-in member who is not an operator, on every admin route', async () => {
    const fan = await t.signIn();
    for (const [method, path] of adminRoutes()) {
      const res = await t.request(method, path, { token: fan, body: method === 'GET' ? undefined : {} });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error.code).toBe('Forbidden');
    }
  });

  it('gives the operator role to an e-mail of OPERATOR_EMAILS at sign-in, whatever its case', async () => {
    const token = await t.signIn(OPERATOR);
    const me = await t.request('GET', '/api/user/me', { token });
    expect(me.body.data.role).toBe('operator');
    expect((await t.request('GET', '/api/admin/challenges', { token })).status).toBe(200);
    const fan = await t.signIn();
    expect((await t.request('GET', '/api/user/me', { token: fan })).body.data.role).toBe('member');
  });

  it('refuses a revoked operator from the next request on, with the same session', async () => {
    const email = `revoked-${randomUUID().slice(0, 6)}@example.com`;
    const token = await t.signIn(email);
    await t.db.update(users).set({ role: 'operator' }).where(eq(users.email, email));
    expect((await t.request('GET', '/api/admin/audit-log', { token })).status).toBe(200);
    await t.db.update(users).set({ role: 'member' }).where(eq(users.email, email));
    expect((await t.request('GET', '/api/admin/audit-log', { token })).status).toBe(403);
  });

  it('grants nothing to a listed e-mail once the organization has an operator: a role revoked in the console stays revoked', async () => {
    t.clock.advance(31_000); // past the code cooldown of the e-mail's earlier sign-in
    const ops = await t.signIn(OPERATOR);
    expect((await t.request('GET', '/api/user/me', { token: ops })).body.data.role).toBe('operator');
    const other = await t.signIn('other@example.com');
    const otherMe = (await t.request('GET', '/api/user/me', { token: other })).body.data;
    expect(otherMe.role).toBe('member');

    // The first operator grants the second one the role, who then revokes the first one's.
    const granted = await t.request('POST', `/api/admin/members/${otherMe.userId}/role`, { token: ops, body: { role: 'operator' } });
    expect(granted.status).toBe(200);
    const opsId = (await t.request('GET', '/api/user/me', { token: ops })).body.data.userId;
    const revoked = await t.request('POST', `/api/admin/members/${opsId}/role`, { token: other, body: { role: 'member' } });
    expect(revoked.body.data.role).toBe('member');

    // Signing in again leaves the listed e-mail a member.
    t.clock.advance(31_000);
    const again = await t.signIn(OPERATOR);
    expect((await t.request('GET', '/api/user/me', { token: again })).body.data.role).toBe('member');
    expect((await t.request('GET', '/api/admin/audit-log', { token: again })).status).toBe(403);
    const [row] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, opsId));
    expect(row.role).toBe('member');
  });
});
