/**
 * The organization and its ranks, kept in memory per server process (decision 0047).
 *
 * Nearly every request needs its organization (time zone, check-in ladder, token) and many need its ranks, yet
 * both change a few times a season. Reading them with every request cost a round trip and the parsing of a wide
 * row. Instead every change of an organization or of its ranks raises `organizations.version` (database triggers,
 * migration 0003, so a change made by another process or by hand counts too), the session lookup reads that
 * version with the session (no extra round trip), and `get(id, version)` answers from memory while the version
 * matches, re-reading both otherwise. N processes therefore never serve an organization older than the request's
 * own session read.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from './client';
import { organizationVersioned } from './organization-versioned';
import { organizations, ranks } from './schema';

export type OrganizationRow = typeof organizations.$inferSelect;
export type RankRow = typeof ranks.$inferSelect;

/** One organization as of one version: its row and its ranks by threshold ascending. */
export type CachedOrganization = { organization: OrganizationRow; ranks: RankRow[] };

export type OrganizationCache = {
  /**
   * The organization `id` at `version` (as read with the request's session), from memory when it is the cached
   * version, else read from the database (two statements) and kept.
   * @returns null when no organization has this id
   */
  get: (id: string, version: number) => Promise<CachedOrganization | null>;
};

/**
 * Builds the cache over `db` (the base database, never a request transaction: what it keeps outlives requests).
 * @returns the cache; concurrent misses of one organization share one read
 */
export function createOrganizationCache(db: Db): OrganizationCache {
  const { get } = organizationVersioned<CachedOrganization>(async (id) => {
    const [organization] = await db.select().from(organizations).where(eq(organizations.id, id));
    if (!organization) return undefined;
    const rows = await db.select().from(ranks).where(eq(ranks.organizationId, id)).orderBy(asc(ranks.threshold));
    // Kept by the version read with the row itself, which may be newer than the request's.
    return { version: organization.version, value: { organization, ranks: rows } };
  });
  return { get: async (id, version) => (await get(id, version)) ?? null };
}
