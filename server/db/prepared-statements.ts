/**
 * Server-side prepared statements for every parameterized query on PostgreSQL (decision 0067).
 *
 * drizzle hands node-postgres unnamed statements, so PostgreSQL parses and plans each one again on every call; for
 * the CTE statements of the hot paths (sign-in, check-in) that is a large part of the database's work. node-postgres
 * prepares a statement once per connection when the query carries a `name`: `prepareStatementsOf` names each distinct
 * statement text (`p1`, `p2`, ...), so the second and later uses on a connection send only Bind/Execute. This is
 * what postgres.js does by default; node-postgres leaves the naming to the caller.
 *
 * Statement texts that depend on data (an `in (...)` list of varying length) would prepare without bound, so at most
 * `MAX_NAMED_STATEMENTS` texts get a name per pool; later new texts run unnamed, as before. Statements without
 * parameters (BEGIN, COMMIT, SET) stay on the simple protocol. Switched off (`DATABASE_PREPARED_STATEMENTS=false`,
 * for a pooler that cannot keep prepared statements), no statement is named, the app's own named ones included.
 */
import type pg from 'pg';

/** Distinct statement texts named per pool; each connection prepares those it runs (a few KB each in PostgreSQL). */
export const MAX_NAMED_STATEMENTS = 500;

/** Gives a statement text its name, or undefined once `MAX_NAMED_STATEMENTS` texts are named. */
type StatementNames = (text: string) => string | undefined;

/**
 * The names of one pool's statements (`p1`, `p2`, ...), shared by every connection of that pool so a name always
 * means one text on any of them.
 * @returns the pool's `StatementNames`
 */
export function statementNames(): StatementNames {
  const names = new Map<string, string>();
  return (text) => {
    let name = names.get(text);
    if (name === undefined && names.size < MAX_NAMED_STATEMENTS) {
      name = `p${names.size + 1}`;
      names.set(text, name);
    }
    return name;
  };
}

type QueryConfigLike = { text?: unknown; name?: unknown; values?: unknown };

/**
 * Makes `client.query(config, values)` name parameterized statements given as a config object without a name (how
 * drizzle calls it), or, with `prepare` false, run every statement unnamed; every other call passes through
 * unchanged. Called on each new pool client (`connect` event).
 * @param client a node-postgres client, before its first query
 * @param prepare whether statements are prepared (DATABASE_PREPARED_STATEMENTS)
 * @param nameOf the names of the client's pool (`statementNames`)
 */
export function prepareStatementsOf(client: pg.ClientBase, prepare: boolean, nameOf: StatementNames): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const [config, values] = args as [QueryConfigLike | string | undefined, unknown];
    if (typeof config === 'object' && typeof config.text === 'string') {
      if (!prepare) {
        if (config.name !== undefined) args[0] = { ...config, name: undefined };
      } else if (config.name === undefined) {
        const parameters = Array.isArray(values) ? values : config.values;
        const name = Array.isArray(parameters) && parameters.length > 0 ? nameOf(config.text) : undefined;
        if (name) args[0] = { ...config, name };
      }
    }
    return query(...args);
  }) as typeof client.query;
}
