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

/**
 * A statement drizzle's builders cannot express (a write in a WITH, say), written as sql`` with
 * sql.placeholder() for what changes per call, prepared like the builders' `.prepare(name)`.
 * Executing it gives the driver's rows: an array from postgres-js, `{ rows }` from PGlite.
 */
export function preparedStatement(name: string, statement: SQL) {
  const query = dialect.sqlToQuery(statement);
  return preparedFor((db) => db._.session.prepareQuery(query, undefined, name, false));
}
