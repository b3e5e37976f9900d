// A copy of the committed migrations with more appended, journalled as drizzle-kit journals a custom
// migration (`drizzle-kit generate --custom`), or cut short, for tests of how migrations are applied.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectPath } from '../project-root';

export interface ExtraMigration {
  /** The file's name without .sql, e.g. 0100_bookings_phone_index. */
  tag: string;
  sql: string;
}

export interface MigrationsFolder {
  folder: string;
  remove: () => Promise<void>;
}

interface Journal {
  entries: Array<{ idx: number; version: string; when: number; tag: string; breakpoints: boolean }>;
}

export async function migrationsWith(extra: readonly ExtraMigration[]): Promise<MigrationsFolder> {
  const folder = await mkdtemp(join(tmpdir(), 'sprocket-migrations-'));
  await cp(projectPath('migrations'), folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as Journal;
  for (const migration of extra) {
    const last = journal.entries.at(-1);
    journal.entries.push({
      idx: (last?.idx ?? -1) + 1,
      version: '7',
      when: (last?.when ?? 0) + 1_000,
      tag: migration.tag,
      breakpoints: true,
    });
    await writeFile(join(folder, `${migration.tag}.sql`), migration.sql);
  }
  await writeFile(journalFile, JSON.stringify(journal, null, 2));
  return { folder, remove: () => rm(folder, { recursive: true, force: true }) };
}

/**
 * The committed migrations up to the first `-- sprocket:no-transaction` one: what drizzle's own
 * migrator, which runs every migration in one transaction, could apply to a shop before our runner.
 */
export async function migrationsDrizzleCanApply(marker: string): Promise<MigrationsFolder> {
  const folder = await mkdtemp(join(tmpdir(), 'sprocket-migrations-'));
  await cp(projectPath('migrations'), folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as Journal;
  const texts = await Promise.all(journal.entries.map((entry) => readFile(join(folder, `${entry.tag}.sql`), 'utf8')));
  const first = texts.findIndex((text) => text.startsWith(marker));
  if (first >= 0) journal.entries = journal.entries.slice(0, first);
  await writeFile(journalFile, JSON.stringify(journal, null, 2));
  return { folder, remove: () => rm(folder, { recursive: true, force: true }) };
}
