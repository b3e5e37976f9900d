// The command line of `npm run backup` and `npm run restore`: one folder, and the flags the command
// takes. A mistake gets the usage line, never a stack trace.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError } from './backup-error';

export function readCommandLine(usage: string, flags: readonly string[] = []): { dir: string; flags: ReadonlySet<string> } {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ allowPositionals: true, options: Object.fromEntries(flags.map((flag) => [flag, { type: 'boolean' }])) });
  } catch (error) {
    throw new BackupError(`${(error as Error).message}\n${usage}`);
  }
  const [folder, ...extra] = parsed.positionals;
  if (!folder || extra.length > 0) throw new BackupError(usage);
  return { dir: resolve(folder), flags: new Set(flags.filter((flag) => parsed.values[flag] === true)) };
}
