/**
 * Constants of the persisted query cache, kept apart so the QueryClient and the persister agree without an
 * import cycle. Rule source: decision 0005 (`maxAge` >= 7 days, `gcTime` >= `maxAge`, `buster` = build version).
 */

/** A persisted cache older than this (7 days, in ms) is discarded on restore. */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** idb-keyval key of the persisted client, in idb-keyval's default store (`keyval-store`/`keyval`). */
export const PERSIST_IDB_KEY = 'podium.query-cache';
