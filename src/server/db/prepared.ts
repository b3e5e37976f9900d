// Prepared statements for the hot reads: drizzle builds a query's SQL once at prepare time
// instead of on every call, and the driver reuses the server-side statement. A prepared query
// belongs to the database it was built on, and a process may hold several (tests do), so each
// is built on first use per database.
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
