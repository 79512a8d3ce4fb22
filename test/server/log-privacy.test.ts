/**
 * No personal data in the logs: when a statement fails, the server's log says the error's code and
 * the statement's name, never the statement's parameters (e-mails, the sign-in code's HMAC, session-token hashes,
 * Idempotency-Keys) nor a database message quoting a value. The log lines are the real logger's output, captured.
 *
 * On PostgreSQL the database connection is killed while the statement runs (a trigger holds it in `pg_sleep`, an
 * administrator's session terminates it, as a failover would); on PGlite, which has no connection to lose, the same
 * trigger raises the SQLSTATE of a terminated connection (57P01). Either way the request answers 503.
 */
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashOtpCode } from '../../server/lib/crypto';
import { createLogger } from '../../server/lib/logger';
import { createMember } from './content-fixtures';
import { createTestContext, type TestContext } from './helpers';
import { createStatementFaults, type StatementFaults } from './statement-faults';

const lines: string[] = [];
let ctx: TestContext;
let faults: StatementFaults;
/** Runs inside the next keyed request's transaction, once (the app's test-only fault hook at "claimed"). */
let onClaimed: (() => Promise<void>) | null = null;

beforeAll(async () => {
  ctx = await createTestContext({
    logger: createLogger('debug', (line) => lines.push(line)),
    faultHook: async (step) => {
      const fault = step === 'claimed' ? onClaimed : null;
      onClaimed = null;
      await fault?.();
    },
  });
  faults = await createStatementFaults(ctx);
});
afterAll(async () => {
  await faults?.close();
  await ctx?.close();
});
afterEach(async () => {
  lines.length = 0;
  onClaimed = null;
  await faults.clear();
});

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const freshEmail = () => `erika.${randomUUID().slice(0, 8)}@example.com`;

/** Expects the log to hold a warning about the lost connection with its code, and none of `secrets` anywhere. */
function expectLoggedWithout(secrets: string[], expected: { message: string; code: string }) {
  const log = lines.join('\n');
  const line = lines.find((l) => l.includes(expected.message));
  expect(line).toBeDefined();
  expect(line).toContain(`"code":"${expected.code}"`);
  for (const secret of secrets) expect(log).not.toContain(secret);
  // No hash, token or key-like run at all (the code's HMAC and token hashes are 64 hex digits).
  expect(log).not.toMatch(/[0-9a-f]{32}/i);
}

describe('a statement cut off by a lost database connection is logged by its code only', () => {
  it('a code request: neither the e-mail nor the code, its HMAC or the Idempotency-Key is logged', async () => {
    const email = freshEmail();
    const key = `otp-${randomUUID()}`;
    const res = await faults.cutOff('otp_codes', () =>
      ctx.request('POST', '/api/session/otp', { body: { email }, headers: { 'idempotency-key': key } }),
    );
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expectLoggedWithout([email, email.split('@')[0], key], { message: 'database connection lost', code: '57P01' });
    expect(lines.join('\n')).toContain('podium_sign_in_code_request');
  });

  it('a sign-in: neither the e-mail, the code, its HMAC nor the new session token hash is logged', async () => {
    const email = freshEmail();
    expect((await ctx.request('POST', '/api/session/otp', { body: { email } })).status).toBe(202);
    const code = ctx.lastCode(email)!;
    const key = `signin-${randomUUID()}`;
    const res = await faults.cutOff('sessions', () =>
      ctx.request('POST', '/api/session', { body: { email, code }, headers: { 'idempotency-key': key } }),
    );
    expect(res.status).toBe(503);
    expectLoggedWithout([email, code, hashOtpCode(ctx.deps.env.AUTH_SECRET, email, code), key], {
      message: 'database connection lost',
      code: '57P01',
    });
  });

  for (const [table, statement] of [
    ['idempotency_records', 'podium_idempotency_insert_claims'],
    ['checkins', 'podium_checkin_writes'],
  ] as const) {
    it(`a keyed check-in cut off in ${table}: neither the key, the member nor their session token is logged`, async () => {
      const member = await createMember(ctx);
      lines.length = 0;
      const key = `checkin-${randomUUID()}`;
      const res = await faults.cutOff(table, () =>
        ctx.request('POST', '/api/checkin', { token: member.token, body: {}, headers: { 'idempotency-key': key } }),
      );
      expect(res.status).toBe(503);
      expectLoggedWithout([key, member.token, sha256(member.token), member.userId, member.email], {
        message: 'database connection lost',
        code: '57P01',
      });
      expect(lines.join('\n')).toContain(statement);
    });
  }
});

describe('an unexpected statement failure is logged by its code and statement', () => {
  it('a failed statement whose database message quotes a value logs neither the value nor the parameters', async () => {
    const member = await createMember(ctx);
    lines.length = 0;
    const key = `fault-${randomUUID()}`;
    const probe = `${member.email} ${key}`;
    // PostgreSQL answers `invalid input syntax for type uuid: "<the value>"`, and drizzle's error holds the value as a parameter.
    onClaimed = async () => {
      await ctx.deps.db.execute(sql`select ${probe}::uuid`);
    };
    const res = await ctx.request('POST', '/api/checkin', { token: member.token, body: {}, headers: { 'idempotency-key': key } });
    expect(res.status).toBe(500);
    expect(res.body.error.code).toBe('Internal');
    expectLoggedWithout([member.email, key, member.token, sha256(member.token)], { message: 'unhandled error', code: '22P02' });
    expect(lines.join('\n')).toContain('select');
  });
});
