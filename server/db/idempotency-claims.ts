/**
 * Idempotency-Key claims of concurrent requests, written by one statement (decision 0065).
 *
 * Every keyed request first claims its key: an in-flight record inserted and committed on its own, before the
 * handler runs, so that a concurrent duplicate finds it (ARCHITECTURE §4). At kick-off hundreds of
 * keyed requests arrive within one turn of the event loop; `dataloader` gathers the claims made in that turn
 * (`setImmediate`, as the session reads do) and inserts them with one multi-row
 * `insert … on conflict do nothing returning`: one round trip and one commit instead of one each. Every row is still
 * its own claim: a row whose key is taken is skipped and only that request is told so. Two claims of one key in the
 * same turn are told apart here: the first in arrival order is sent, the other is not claimed (it then finds the
 * first one's record, as it would have a moment later).
 *
 * The answers are stored the same way: the requests of one transaction (a group, `server/db/runtime/request-groups.ts`)
 * that reach the end of their handler in one turn write their answers with one `update … from unnest(…)`.
 */
import DataLoader from 'dataloader';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from './client';
import { isConnectionError } from './client';
import { perTransactionBatch, perTurnBatch, prepareStatement } from './runtime';
import { idempotencyRecords } from './schema';

/** The in-flight record a request claims: no status and no response yet. */
export type IdempotencyClaim = Pick<
  typeof idempotencyRecords.$inferInsert,
  'principal' | 'key' | 'method' | 'path' | 'fingerprint' | 'createdAt' | 'expiresAt'
>;

/** The answer a claimed request keeps for replays, on the record it claimed (`createdAt` tells it from a successor). */
type IdempotencyAnswer = Pick<IdempotencyClaim, 'principal' | 'key' | 'createdAt'> & {
  status: number;
  responseBody: string;
  responseContentType: string | null;
};

/**
 * Attempts at releasing a claim while the database connection keeps failing. A connection killed under a request
 * (failover, restart, an administrator ending sessions) usually takes the pool's idle connections with it, and the
 * pool may hand one of them to the release before it has heard of the loss; it drops each broken one, so the next
 * attempt gets another or a new one. A few cover a pool of dead connections without holding a 503 for long.
 */
const RELEASE_ATTEMPTS = 4;

const identity = (claim: { principal: string; key: string }) => `${claim.principal}\n${claim.key}`;

/**
 * `{principals, keys, createdAts, statuses, bodies, contentTypes}` (arrays, one element per answer) -> the
 * `principal, key` of each record still in flight that took its answer.
 */
function prepareStoreAnswers(db: Db) {
  const r = idempotencyRecords;
  return prepareStatement<{ principal: string; key: string }>(
    db,
    'podium_idempotency_store_answers',
    sql`update ${r} set status = answer.status, response_body = answer.body, response_content_type = answer.content_type
      from unnest(${sql.placeholder('principals')}::text[], ${sql.placeholder('keys')}::text[],
        ${sql.placeholder('createdAts')}::timestamptz[], ${sql.placeholder('statuses')}::int[],
        ${sql.placeholder('bodies')}::text[], ${sql.placeholder('contentTypes')}::text[])
        as answer(principal, key, created_at, status, body, content_type)
      where ${r.principal} = answer.principal and ${r.key} = answer.key and ${r.createdAt} = answer.created_at
        and ${r.status} is null
      returning ${r.principal}, ${r.key}`,
  );
}

/**
 * `{principals, keys, methods, paths, fingerprints, createdAts, expiresAts}` (arrays, one element per claim, distinct
 * keys) -> the `principal, key` of each record written: one statement whatever the number of claims, built and
 * prepared once.
 */
function prepareInsertClaims(db: Db) {
  const r = idempotencyRecords;
  return prepareStatement<{ principal: string; key: string }>(
    db,
    'podium_idempotency_insert_claims',
    sql`insert into ${r} (principal, key, method, path, fingerprint, created_at, expires_at)
      select * from unnest(${sql.placeholder('principals')}::text[], ${sql.placeholder('keys')}::text[],
        ${sql.placeholder('methods')}::text[], ${sql.placeholder('paths')}::text[], ${sql.placeholder('fingerprints')}::text[],
        ${sql.placeholder('createdAts')}::timestamptz[], ${sql.placeholder('expiresAts')}::timestamptz[])
      on conflict do nothing
      returning ${r.principal}, ${r.key}`,
  );
}

/**
 * Builds the claimer for `db` (straight on the database: a claim commits before any request transaction opens).
 * @returns `claim(record)`: true when this request's record was written (the key is its own), false when a record
 *   for the key exists (or an earlier claim of the same turn took it). A lost connection rejects every claim of
 *   its statement with that error; any other failure of a batch is retried claim by claim, so a claim the
 *   database refuses fails alone.
 *   `store(tx, answer)`, inside the request's transaction `tx`: true when the record was still this request's and in
 *   flight and now holds the answer, false when it was taken over as abandoned meanwhile (the request must not
 *   commit). A failure rejects every answer of the statement: their transaction is lost anyway.
 *   `release(claim)`: deletes the claim's record while it is still in flight (never an answer that committed), so
 *   that the key is free at once after a request that committed nothing; retried on another connection when the
 *   connection is lost (`RELEASE_ATTEMPTS`). Resolves false when the record could not be deleted (the database
 *   stays away): it is then taken over once abandoned. Only failed requests release, so this is no cost to others.
 */
export function createIdempotencyClaimer(db: Db): {
  claim: (record: IdempotencyClaim) => Promise<boolean>;
  store: (tx: Tx, answer: IdempotencyAnswer) => Promise<boolean>;
  release: (claim: Pick<IdempotencyClaim, 'principal' | 'key' | 'createdAt'>) => Promise<boolean>;
} {
  const insert = prepareInsertClaims(db);
  /** Inserts `claims` (distinct keys) in one statement; returns the identities of the rows it wrote. */
  const insertClaims = async (claims: IdempotencyClaim[]): Promise<Set<string>> => {
    const { rows } = await insert.execute({
      principals: claims.map((c) => c.principal),
      keys: claims.map((c) => c.key),
      methods: claims.map((c) => c.method),
      paths: claims.map((c) => c.path),
      fingerprints: claims.map((c) => c.fingerprint),
      createdAts: claims.map((c) => c.createdAt.toISOString()),
      expiresAts: claims.map((c) => c.expiresAt.toISOString()),
    });
    return new Set(rows.map(identity));
  };
  const loader = new DataLoader<IdempotencyClaim, boolean>(async (claims) => {
    const first = new Map<string, IdempotencyClaim>();
    for (const claim of claims) if (!first.has(identity(claim))) first.set(identity(claim), claim);
    const sent = [...first.values()];
    let written: Set<string>;
    try {
      written = await insertClaims(sent);
    } catch (error) {
      if (sent.length === 1 || isConnectionError(error)) throw error;
      const alone = await Promise.all(
        sent.map((claim) =>
          insertClaims([claim]).then(
            (rows) => rows.size > 0,
            (e: unknown) => (e instanceof Error ? e : new Error(String(e))),
          ),
        ),
      );
      return claims.map((claim) => {
        const index = sent.indexOf(claim);
        return index === -1 ? false : alone[index];
      });
    }
    return claims.map((claim) => first.get(identity(claim)) === claim && written.has(identity(claim)));
  }, perTurnBatch);
  const statements = { storeAnswers: prepareStoreAnswers(db) };
  const store = perTransactionBatch<IdempotencyAnswer, boolean>(async (answers) => {
    const { rows } = await statements.storeAnswers.execute({
      principals: answers.map((a) => a.principal),
      keys: answers.map((a) => a.key),
      createdAts: answers.map((a) => a.createdAt.toISOString()),
      statuses: answers.map((a) => a.status),
      bodies: answers.map((a) => a.responseBody),
      contentTypes: answers.map((a) => a.responseContentType),
    });
    const kept = new Set(rows.map(identity));
    return answers.map((answer) => kept.has(identity(answer)));
  });
  const release = async (claim: Pick<IdempotencyClaim, 'principal' | 'key' | 'createdAt'>) => {
    const r = idempotencyRecords;
    const mine = and(eq(r.principal, claim.principal), eq(r.key, claim.key), eq(r.createdAt, claim.createdAt), isNull(r.status));
    for (let attempt = 1; ; attempt++) {
      try {
        await db.delete(r).where(mine);
        return true;
      } catch (error) {
        if (attempt >= RELEASE_ATTEMPTS || !isConnectionError(error)) return false;
      }
    }
  };
  return { claim: (record) => loader.load(record), store, release };
}
