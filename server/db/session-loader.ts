/**
 * Session lookups of concurrent requests, read by one statement (decision 0063).
 *
 * Every member request starts by reading its session with its member and organization version. At a stadium's
 * kick-off hundreds arrive within one turn of the event loop; `dataloader` gathers the lookups made in that turn
 * (scheduled with `setImmediate`, so every request read from the sockets in that turn is in the batch) and answers
 * them from one `token_hash = any($1)` statement: one round trip and one pool checkout instead of one each.
 * Nothing is cached between batches (`cache: false`): a revoked session or role is refused on the very next
 * request, exactly as with one statement per request.
 */
import DataLoader from 'dataloader';
import { perTurnBatch, prepareQueries } from './runtime';
import { eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { organizations, sessions, users } from './schema';

/** Builds the prepared statement: `{tokenHashes: string[]}` -> rows with their `tokenHash`. */
function prepareSessionsByTokenHashes(db: Db, name: (name: string) => string) {
  return db
    .select({
      tokenHash: sessions.tokenHash,
      session: { id: sessions.id, expiresAt: sessions.expiresAt },
      user: users,
      organization: { id: organizations.id, version: organizations.version },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(sql`${sessions.tokenHash} = any(${sql.placeholder('tokenHashes')}::text[])`)
    .prepare(name('podium_sessions_by_token_hashes'));
}

/** A session as read with its member and the organization's `{id, version}`. */
type SessionRow = Omit<Awaited<ReturnType<ReturnType<typeof prepareSessionsByTokenHashes>['execute']>>[number], 'tokenHash'>;

/**
 * Builds the loader for `db`.
 * @returns `load(tokenHash)`: the session row for that SHA-256 hex token hash, or null when there is none
 *   (expiry is the caller's to judge). A failed statement rejects every lookup of its batch with its error.
 */
export function createSessionLoader(db: Db): { load: (tokenHash: string) => Promise<SessionRow | null> } {
  const { sessionsByTokenHashes: statement } = prepareQueries(db, (db, name) => ({
    sessionsByTokenHashes: prepareSessionsByTokenHashes(db, name),
  }));
  const loader = new DataLoader<string, SessionRow | null>(async (tokenHashes) => {
    const rows = await statement.execute({ tokenHashes: [...tokenHashes] });
    const byHash = new Map(rows.map(({ tokenHash, ...row }) => [tokenHash, row]));
    return tokenHashes.map((hash) => byHash.get(hash) ?? null);
  }, perTurnBatch);
  return { load: (tokenHash) => loader.load(tokenHash) };
}
