/**
 * What the logs may say about an error, on the database's real errors: a unique violation whose
 * `detail` quotes the e-mail, a mail server's refusal naming the recipient, and an error handed to the logger raw.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { describeError } from '../../server/lib/error-description';
import { createLogger } from '../../server/lib/logger';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

/** The error of inserting a second member with `email`. */
async function duplicateMemberError(email: string): Promise<unknown> {
  const row = { organizationId: ctx.organization.id, email };
  await ctx.db.insert(users).values(row);
  return ctx.db
    .insert(users)
    .values(row)
    .then(
      () => null,
      (error: unknown) => error,
    );
}

describe('describeError', () => {
  it('a unique violation is described by its SQLSTATE and statement, not the e-mail its detail and parameters hold', async () => {
    const email = `max.${randomUUID().slice(0, 8)}@example.com`;
    const error = await duplicateMemberError(email);
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).toContain(email);
    const described = describeError(error, { frames: true });
    expect(described).toMatchObject({
      error: 'DrizzleQueryError',
      code: '23505',
      class: 'integrity constraint violation',
      statement: 'insert into users',
    });
    expect(JSON.stringify(described)).not.toContain(email);
    expect(described.message).toBeUndefined();
  });

  it("another error keeps its message with e-mail addresses masked (a mail server's refusal names the recipient)", () => {
    const described = describeError(new Error('550 5.1.1 <erika.mustermann@example.com>: Recipient address rejected'));
    expect(described).toEqual({ error: 'Error', message: '550 5.1.1 <[e-mail]>: Recipient address rejected' });
  });

  it('the logger writes an error it is handed raw as its description', async () => {
    const email = `raw.${randomUUID().slice(0, 8)}@example.com`;
    const error = await duplicateMemberError(email);
    const lines: string[] = [];
    createLogger('info', (line) => lines.push(line)).warn('job failed', { error });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('"code":"23505"');
    expect(lines[0]).not.toContain(email);
  });
});
