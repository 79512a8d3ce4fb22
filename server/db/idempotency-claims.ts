/**
 * Idempotency-Key claims of concurrent requests, written by one statement (decision 0065).
 *
 * Every keyed request first claims its key: an in-flight record inserted and committed on its own, before the
 * handler runs, so that a concurrent duplicate finds it (ARCHITECTURE §4, decision 0041). At kick-off hundreds of
 * keyed requests arrive within one turn of the event loop; `dataloader` gathers the claims made in that turn
 * (`setImmediate`, as the session reads of decision 0063) and inserts them with one multi-row
 * `insert … on conflict do nothing returning`: one round trip and one commit instead of one each. Every row is still
 * its own claim: a row whose key is taken is skipped and only that request is told so. Two claims of one key in the
 * same turn are told apart here: the first in arrival order is sent, the other is not claimed (it then finds the
 * first one's record, as it would have a moment later).
 */
import DataLoader from 'dataloader';
import { perTurnBatch } from './turn-batch';
import type { Db } from './client';
import { isConnectionError } from './client';
import { idempotencyRecords } from './schema';

/** The in-flight record a request claims: no status and no response yet. */
export type IdempotencyClaim = Pick<
  typeof idempotencyRecords.$inferInsert,
  'principal' | 'key' | 'method' | 'path' | 'fingerprint' | 'createdAt' | 'expiresAt'
>;

const identity = (claim: { principal: string; key: string }) => `${claim.principal}\n${claim.key}`;

/** Inserts `claims` (distinct keys) in one statement; returns the identities of the rows it wrote. */
async function insertClaims(db: Db, claims: IdempotencyClaim[]): Promise<Set<string>> {
  const written = await db
    .insert(idempotencyRecords)
    .values(claims)
    .onConflictDoNothing()
    .returning({ principal: idempotencyRecords.principal, key: idempotencyRecords.key });
  return new Set(written.map(identity));
}

/**
 * Builds the claimer for `db` (straight on the database: a claim commits before any request transaction opens).
 * @returns `claim(record)`: true when this request's record was written (the key is its own), false when a record
 *   for the key exists (or an earlier claim of the same turn took it). A lost connection rejects every claim of
 *   its statement with that error; any other failure of a batch is retried claim by claim, so a claim the
 *   database refuses fails alone.
 */
export function createIdempotencyClaimer(db: Db): { claim: (record: IdempotencyClaim) => Promise<boolean> } {
  const loader = new DataLoader<IdempotencyClaim, boolean>(
    async (claims) => {
      const first = new Map<string, IdempotencyClaim>();
      for (const claim of claims) if (!first.has(identity(claim))) first.set(identity(claim), claim);
      const sent = [...first.values()];
      let written: Set<string>;
      try {
        written = await insertClaims(db, sent);
      } catch (error) {
        if (sent.length === 1 || isConnectionError(error)) throw error;
        const alone = await Promise.all(
          sent.map((claim) => insertClaims(db, [claim]).then((rows) => rows.size > 0, (e: unknown) => (e instanceof Error ? e : new Error(String(e))))),
        );
        return claims.map((claim) => {
          const index = sent.indexOf(claim);
          return index === -1 ? false : alone[index];
        });
      }
      return claims.map((claim) => first.get(identity(claim)) === claim && written.has(identity(claim)));
    },
    perTurnBatch,
  );
  return { claim: (record) => loader.load(record) };
}
