/**
 * Hostile input to the operators' API is a 4xx with the error shape, and changes nothing: text PostgreSQL cannot
 * store (NUL, an unpaired surrogate) in a member-care reason, and a content document nested thousands of levels
 * deep, sent to `POST /api/admin/import` or to the importer `npm run content -- import` calls.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_DOCUMENT_FORMAT, CONTENT_DOCUMENT_VERSION } from '../../src/contracts/admin/content-document';
import { ApiErrorBodySchema } from '../../src/contracts/common';
import { auditLog, pointTransactions, users } from '../../server/db/schema';
import { importContentDocument } from '../../server/areas/console/content-document.service';
import { ApiError } from '../../server/lib/errors';
import { createContentContext, createMember } from './content-fixtures';
import type { TestContext } from './helpers';

const OPERATOR = 'ops@alpine-racing.example';
let t: TestContext;
let ops: string;
beforeAll(async () => {
  t = await createContentContext({ env: { OPERATOR_EMAILS: OPERATOR } });
  ops = await t.signIn(OPERATOR);
});
afterAll(async () => t?.close());

const UNSTORABLE = [
  ['a NUL', 'Goodwill\u0000'],
  ['a lone high surrogate', 'Goodwill \uD83D'],
  ['a lone low surrogate', '\uDE00 Goodwill'],
] as const;

describe('member-care reasons PostgreSQL cannot store', () => {
  it.each(UNSTORABLE)('an adjustment reason with %s is 422 ValidationFailed and credits nothing', async (_name, reason) => {
    const member = await createMember(t);
    const res = await t.request('POST', `/api/admin/members/${member.userId}/adjustments`, { token: ops, body: { amount: 50, reason } });
    expect(res.status).toBe(422);
    expect(ApiErrorBodySchema.parse(res.body).error.code).toBe('ValidationFailed');
    const [ledger] = await t.db.select({ n: count() }).from(pointTransactions).where(eq(pointTransactions.userId, member.userId));
    expect(ledger.n).toBe(0);
  });

  it.each(UNSTORABLE)('a suspension reason with %s is 422 ValidationFailed and suspends nobody', async (_name, reason) => {
    const member = await createMember(t);
    const res = await t.request('POST', `/api/admin/members/${member.userId}/suspension`, { token: ops, body: { reason } });
    expect(res.status).toBe(422);
    expect(ApiErrorBodySchema.parse(res.body).error.code).toBe('ValidationFailed');
    const [row] = await t.db.select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, member.userId));
    expect(row.suspendedAt).toBeNull();
  });
});

/** A content document whose first challenge holds `levels` levels of `{"a": ...}`, as JSON text. */
function deepDocument(levels: number): string {
  const deep = '{"a":'.repeat(levels) + '"bottom"' + '}'.repeat(levels);
  return (
    `{"format":"${CONTENT_DOCUMENT_FORMAT}","version":${CONTENT_DOCUMENT_VERSION},"exportedAt":"2026-11-27T00:00:00.000Z",` +
    `"challenges":[{"key":"deep","title":"Deep","extra":${deep}}]}`
  );
}
const importAudits = async () =>
  (
    await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, t.organization.id), eq(auditLog.action, 'import')))
  )[0].n;

describe('content documents nested too deep', () => {
  it('POST /api/admin/import of an item nested 5,000 deep is 422 naming where, and imports nothing', async () => {
    const before = await importAudits();
    const res = await t.request('POST', '/api/admin/import', {
      token: ops,
      raw: deepDocument(5000),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(422);
    expect(ApiErrorBodySchema.parse(res.body).error.code).toBe('ValidationFailed');
    expect(res.body.error.details).toEqual([{ path: `challenges.0.extra${'.a'.repeat(29)}`, message: 'Nested deeper than 32 levels' }]);
    expect(await importAudits()).toBe(before);
  });

  it("the command's importer refuses a document nested 5,000 deep with the same 422", async () => {
    const error: unknown = await importContentDocument(t.db, JSON.parse(deepDocument(5000)), {
      organizationId: t.organization.id,
      actor: { id: null, email: 'npm run content', organizationId: t.organization.id },
      now: t.clock(),
      readFile: null,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).details).toEqual([expect.objectContaining({ path: expect.stringMatching(/^challenges\.0\.extra(\.a)+$/) })]);
  });

  it('a document 32 levels deep is judged by the contracts as usual', async () => {
    // document (1) > challenges (2) > item (3) > extra (4) ... 29 more objects reach level 32.
    const res = await t.request('POST', '/api/admin/import', {
      token: ops,
      raw: deepDocument(29),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body.error.details)).not.toContain('Nested deeper');
  });
});
