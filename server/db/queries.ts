/**
 * The hot reads every area may run (`AppDeps.queries`), prepared by the runtime once per connection. Built once per
 * database by `createApp`.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { prepareQueries } from './runtime';
import { organizations } from './schema';

/** Builds the statements for `db`. */
export function prepareHotQueries(db: Db) {
  return prepareQueries(db, (db, name) => ({
    /** `{publicKey}` -> the organization's `{id, version}` (0 or 1 rows). */
    organizationByPublicKey: db
      .select({ id: organizations.id, version: organizations.version })
      .from(organizations)
      .where(eq(organizations.publicKey, sql.placeholder('publicKey')))
      .prepare(name('podium_organization_by_public_key')),
  }));
}

export type Queries = ReturnType<typeof prepareHotQueries>;
