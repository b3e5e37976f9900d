// Prepared statements for the hot paths: drizzle builds a query's SQL once at prepare time
// instead of on every call, and the driver reuses the server-side statement, so Postgres parses
// and plans it once per connection instead of on every call. A prepared query belongs to the
// database it was built on, and a process may hold several (tests do), so each is built on first
// use per database.
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './database';

export function preparedFor<T>(build: (db: Database) => T): (db: Database) => T {
  const byDatabase = new WeakMap<Database, T>();
  return (db) => {
    let prepared = byDatabase.get(db);
    if (prepared === undefined) {
      prepared = build(db);
      byDatabase.set(db, prepared);
    }
    return prepared;
  };
}

const dialect = new PgDialect();

type Row = Record<string, unknown>;

/**
 * A statement drizzle's builders cannot express (a write in a WITH, say), or one run too often to
 * build each time, written as sql`` with sql.placeholder() for what changes per call and prepared
 * like the builders' `.prepare(name)`. Calling it answers the driver's rows as they came (column
 * names, driver values).
 */
export function preparedStatement(name: string, statement: SQL): (db: Database, params: Row) => Promise<Row[]> {
  const query = dialect.sqlToQuery(statement);
  const prepared = preparedFor((db) => db._.session.prepareQuery(query, undefined, name, false));
  return async (db, params) => rowsOf(await prepared(db).execute(params));
}

/** postgres-js answers a raw statement with the rows; PGlite with { rows }. */
function rowsOf(result: unknown): Row[] {
  // Stryker disable next-line ConditionalExpression: the mutation run uses PGlite, which always answers { rows }; the Postgres suites run the array form
  if (Array.isArray(result)) return result as Row[];
  // Stryker disable next-line ArrayDeclaration: a statement always answers its rows, if only none
  return (result as { rows?: Row[] }).rows ?? [];
}
