/**
 * An organization's published challenges, kept in memory per server process beside the organization (decision 0047).
 *
 * At kick-off every phone reads the challenge list at once, and the rows are the same for every member: reading them
 * with each request made PostgreSQL the list's bottleneck. A change of a challenge raises `organizations.version`
 * (database trigger, migration 0022, so a change made by another process or by hand counts too), which the session
 * lookup already reads; `published(id, version)` answers from memory while that version is the kept one and reads
 * the rows again otherwise. Only the member's own answers are read per request.
 */
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from './client';
import { organizationVersioned } from './organization-versioned';
import { challenges } from './schema';

export type ChallengeRow = typeof challenges.$inferSelect;

export type ChallengeCache = {
  /**
   * The published challenges (neither draft nor archived) of organization `id` as of `version` (read with the
   * request's session), visible yet or not, in display order: `sortOrder` ascending, then newest `visibleFrom`.
   * Shared between requests: callers filter and map them, never change them.
   */
  published: (id: string, version: number) => Promise<readonly ChallengeRow[]>;
  /**
   * `published` when the process keeps them as of `version` already, else undefined, without reading: for a caller
   * in a unit of work, which must not wait for a read on a connection of the cache's own (on the embedded database
   * there is one connection, and the unit holds it).
   */
  kept: (id: string, version: number) => readonly ChallengeRow[] | undefined;
};

/**
 * Builds the cache over `db` (the base database, never a request transaction: what it keeps outlives requests).
 * @returns the cache; concurrent misses of one organization share one read
 */
export function createChallengeCache(db: Db): ChallengeCache {
  const { get, kept } = organizationVersioned<readonly ChallengeRow[]>(async (id, version) => ({
    // Read after the request's session, so at least as new as the version it saw.
    version,
    value: await db
      .select()
      .from(challenges)
      .where(and(eq(challenges.organizationId, id), eq(challenges.draft, false), isNull(challenges.archivedAt)))
      .orderBy(asc(challenges.sortOrder), desc(challenges.visibleFrom)),
  }));
  return { published: async (id, version) => (await get(id, version)) ?? [], kept };
}
