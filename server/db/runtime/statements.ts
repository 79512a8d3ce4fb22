/**
 * Prepared statements (decision 0096): the hot paths' statements, rendered by drizzle once and, on PostgreSQL,
 * parsed and planned once per connection under their names (node-postgres's named queries), instead of once per
 * call. Each runs on the ambient unit of work's connection when there is one (`unit-of-work.ts`), so it sees that
 * unit's writes, and straight on the database otherwise.
 *
 * Two kinds: `prepareStatement` for raw SQL (the data-modifying CTEs the query builder cannot express), and
 * `prepareQueries` for the query builder's statements (drizzle's own `.prepare(name)`, which maps rows to the
 * builder's fields), built once per connection. A name must be unique per statement text: PostgreSQL keeps prepared
 * statements by name per connection.
 */
import { DrizzleQueryError, fillPlaceholders, type SQL } from 'drizzle-orm';
import { nameStatement } from '../../lib/error-description';
import type { Db } from '../client';
import { engineOf, type Connection } from './engines';
import { currentUnit } from './unit-of-work';

/** A raw statement of `prepareStatement`: `execute(values)` answers `{rows}` as `db.execute` does. */
type PreparedStatement<Row> = { execute: (values: Record<string, unknown>) => Promise<{ rows: Row[] }> };

/**
 * Prepares a raw statement under `name`. Its values are `sql.placeholder(name)`s, filled by `execute`; rows come
 * keyed by column name, with dates and times as PostgreSQL's text.
 * @param name unique per statement text
 */
export function prepareStatement<Row>(db: Db, name: string, statement: SQL): PreparedStatement<Row> {
  const engine = engineOf(db);
  const query = engine.dialect.sqlToQuery(statement);
  // A failure of this statement is then logged under its name.
  nameStatement(query.sql, name);
  return {
    execute: async (values) => {
      const connection = currentUnit()?.connection ?? engine.direct;
      const params = fillPlaceholders(query.params, values);
      try {
        return { rows: await connection.query<Row>(name, query.sql, params) };
      } catch (error) {
        // As drizzle reports a failed statement: the app's error handling and logs read the same shape either way.
        throw new DrizzleQueryError(query.sql, params, error instanceof Error ? error : new Error(String(error)));
      }
    },
  };
}

/** What the query builder's `.prepare(name)` answers: a statement run with its placeholders' values. */
type Executable = { execute: (values?: Record<string, unknown>) => Promise<unknown> };

/**
 * Prepares the query builder's statements that `build` makes, once per connection they run on (the ambient unit's,
 * or the database's). `build` calls each builder's `.prepare(name(...))`: `name` gives it its PostgreSQL name, or
 * none when the database's prepared statements are off.
 * @param build `(db, name) => ({key: db.select()...prepare(name('podium_...'))})`
 * @returns an object of the same keys, each with `execute(values)`
 */
export function prepareQueries<T extends Record<string, Executable>>(db: Db, build: (db: Db, name: (name: string) => string) => T): T {
  const engine = engineOf(db);
  // An empty name runs a statement unnamed (node-postgres's rule).
  const name = (statement: string) => (engine.prepare ? statement : '');
  const built = new WeakMap<Connection, T>();
  const on = (connection: Connection) => {
    let statements = built.get(connection);
    if (!statements) {
      statements = build(connection.db, name);
      built.set(connection, statements);
    }
    return statements;
  };
  const routed: Record<string, Executable> = {};
  for (const key of Object.keys(on(engine.direct))) {
    routed[key] = { execute: (values) => on(currentUnit()?.connection ?? engine.direct)[key].execute(values) };
  }
  return routed as T;
}
