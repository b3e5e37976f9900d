// How far a database's schema has come: how many migrations drizzle's table records, and the name
// of the last one (from this code's journal; null when the database is newer than this code).
import { migrationTags } from '../db/migration-runner';
import { projectPath } from '../project-root';

export interface MigrationLevel {
  applied: number;
  last: string | null;
}

type Query = (text: string) => Promise<ReadonlyArray<Record<string, unknown>>>;

export async function migrationLevel(query: Query): Promise<MigrationLevel> {
  const [table] = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!table?.present) return { applied: 0, last: null };
  const [row] = await query(`select count(*)::int as applied, max(created_at)::text as last from drizzle.__drizzle_migrations`);
  const applied = Number(row?.applied ?? 0);
  const last = row?.last == null ? null : (migrationTags(projectPath('migrations')).get(Number(row.last)) ?? null);
  return { applied, last };
}

/** "20 migrations, the last 0019_rate_limit_counters_unlogged", for the commands' one sentence. */
export function describeLevel({ applied, last }: MigrationLevel): string {
  return `${applied} migration${applied === 1 ? '' : 's'}${last ? `, the last ${last}` : ''}`;
}
