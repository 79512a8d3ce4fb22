/**
 * Prepared statements for the hot reads (STACK-NOTES: about 4x faster than the plain query builder on both
 * engines). Built once per database by `createApp`.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { nameStatement } from '../lib/error-description';
import type { Db } from './client';
import { organizations } from './schema';

/** Builds the prepared statements for `db`. */
export function prepareQueries(db: Db) {
  return {
    /** `{publicKey}` -> the organization's `{id, version}` (0 or 1 rows). */
    organizationByPublicKey: db
      .select({ id: organizations.id, version: organizations.version })
      .from(organizations)
      .where(eq(organizations.publicKey, sql.placeholder('publicKey')))
      .prepare('podium_organization_by_public_key'),
  };
}

export type Queries = ReturnType<typeof prepareQueries>;

/** A statement prepared by `prepareStatement`: `execute(values)` answers `{rows}` as `db.execute` does. */
export type PreparedStatement<Row> = { execute: (values: Record<string, unknown>) => Promise<{ rows: Row[] }> };

/**
 * Prepares a raw statement under `name`, for hot statements the query builder cannot express (a data-modifying
 * CTE): PostgreSQL parses and plans it once per connection instead of once per call, and drizzle renders it once.
 * Its values are `sql.placeholder(name)`s, filled by `execute`. Uses drizzle's own session and dialect (what
 * `db.execute` does, with a name), which drizzle's public types leave out; `ambientPrepared` routes it to the
 * request transaction like the builder's prepared statements.
 * @param name unique per statement text (PostgreSQL keeps prepared statements by name per connection)
 */
export function prepareStatement<Row>(db: Db, name: string, statement: SQL): PreparedStatement<Row> {
  const internals = db as unknown as {
    dialect: { sqlToQuery: (statement: SQL) => { sql: string } };
    session: { prepareQuery: (query: unknown, fields: undefined, name: string, arrayMode: boolean) => PreparedStatement<Row> };
  };
  const query = internals.dialect.sqlToQuery(statement);
  // A failure of this statement is then logged under its name.
  nameStatement(query.sql, name);
  return internals.session.prepareQuery(query, undefined, name, false);
}
