/**
 * What `organizations.version` guards, kept in memory per server process (decision 0047): the organization with its
 * ranks, and its published challenges. Database triggers raise the version on any change of what is kept (migrations
 * 0003 and 0022), and the session lookup reads it with each request, so a kept value is used while it is as new as
 * the request's version and read again otherwise.
 */
import { LRUCache } from 'lru-cache';

/** Organizations kept per process: one deployment serves one, tests a few hundred. */
const MAX_ORGANIZATIONS = 500;

/** A value read for an organization, with the version it is known to be at least as new as. */
type Versioned<T> = { version: number; value: T };

/**
 * Builds a per-organization cache over `load` (which reads the base database, never a request transaction: what it
 * keeps outlives requests).
 * @param load reads organization `id` for a request that saw `version`; undefined when there is no such organization
 * @returns `get(id, version)`: the kept value when it is at least `version`, else a fresh read (concurrent misses of one
 *   organization share one read), undefined when `load` finds nothing; and `kept(id, version)`: the kept value when it
 *   is at least `version`, else undefined, without reading (for a caller in a unit of work, whose connection on the
 *   embedded database is the only one, so that `load` would wait for the unit to end)
 */
export function organizationVersioned<T extends object>(
  load: (id: string, version: number) => Promise<Versioned<T> | undefined>,
): { get: (id: string, version: number) => Promise<T | undefined>; kept: (id: string, version: number) => T | undefined } {
  const cache = new LRUCache<string, Versioned<T>, number>({
    max: MAX_ORGANIZATIONS,
    // Concurrent misses of one id share this one read (lru-cache dedupes in-flight fetches).
    fetchMethod: (id, _stale, { context: version }) => load(id, version),
  });
  return {
    get: async (id, version) => {
      const kept = cache.get(id);
      if (kept && kept.version >= version) return kept.value;
      if (kept) cache.delete(id);
      return (await cache.fetch(id, { context: version }))?.value;
    },
    kept: (id, version) => {
      const kept = cache.get(id);
      return kept && kept.version >= version ? kept.value : undefined;
    },
  };
}
