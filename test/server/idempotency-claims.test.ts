/**
 * Idempotency-Key claims made in one event-loop turn share one statement (server/db/idempotency-claims.ts) and each is still its own claim: distinct keys are all claimed, a key already recorded is not, two
 * claims of one key in the same turn give it to the first only, and a claim the database refuses fails alone.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdempotencyClaimer, type IdempotencyClaim } from '../../server/db/idempotency-claims';
import { idempotencyRecords } from '../../server/db/schema';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
let claimer: ReturnType<typeof createIdempotencyClaimer>;
beforeAll(async () => {
  ctx = await createTestContext();
  claimer = createIdempotencyClaimer(ctx.db);
});
afterAll(async () => ctx?.close());

/** An in-flight record for `principal` and a new key (or `key`). */
function claimOf(principal: string, key: string = randomUUID()): IdempotencyClaim {
  const now = new Date();
  return {
    principal,
    key,
    method: 'POST',
    path: '/api/checkin',
    fingerprint: 'f',
    createdAt: now,
    expiresAt: new Date(now.getTime() + 86_400_000),
  };
}

const recordsOf = (principal: string) => ctx.db.select().from(idempotencyRecords).where(eq(idempotencyRecords.principal, principal));

describe('idempotency claims of one turn', () => {
  it('claims every distinct key, and each record is written', async () => {
    const principal = `user:${randomUUID()}`;
    const claims = Array.from({ length: 30 }, () => claimOf(principal));
    expect(await Promise.all(claims.map((c) => claimer.claim(c)))).toEqual(Array(30).fill(true));
    const keys = (await recordsOf(principal)).map((r) => r.key).sort();
    expect(keys).toEqual(claims.map((c) => c.key).sort());
  });

  it('does not claim a key that is already recorded, and leaves its record as it was', async () => {
    const principal = `user:${randomUUID()}`;
    const taken = claimOf(principal);
    expect(await claimer.claim(taken)).toBe(true);
    const again = { ...claimOf(principal, taken.key), path: '/api/other' };
    const [fresh, retaken] = await Promise.all([claimer.claim(claimOf(principal)), claimer.claim(again)]);
    expect([fresh, retaken]).toEqual([true, false]);
    const [record] = await ctx.db
      .select()
      .from(idempotencyRecords)
      .where(and(eq(idempotencyRecords.principal, principal), eq(idempotencyRecords.key, taken.key)));
    expect(record.path).toBe('/api/checkin');
  });

  it('gives a key claimed twice in the same turn to the first claim only', async () => {
    const principal = `user:${randomUUID()}`;
    const first = claimOf(principal);
    const second = { ...claimOf(principal, first.key), path: '/api/second' };
    expect(await Promise.all([claimer.claim(first), claimer.claim(second)])).toEqual([true, false]);
    const records = await recordsOf(principal);
    expect(records.map((r) => r.path)).toEqual(['/api/checkin']);
  });

  it('fails a claim the database refuses alone: the others of its turn are claimed', async () => {
    const principal = `user:${randomUUID()}`;
    // PostgreSQL text cannot hold a NUL character.
    const refused = claimOf(`${principal}\u0000`);
    const others = [claimOf(principal), claimOf(principal)];
    const results = await Promise.allSettled([others[0], refused, others[1]].map((c) => claimer.claim(c)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(results.filter((r) => r.status === 'fulfilled').map((r) => r.value)).toEqual([true, true]);
    const keys = await ctx.db
      .select({ key: idempotencyRecords.key })
      .from(idempotencyRecords)
      .where(
        inArray(
          idempotencyRecords.key,
          others.map((c) => c.key),
        ),
      );
    expect(keys).toHaveLength(2);
  });
});
