// Whether a part of the build can be skipped: its output was written after the last change to
// anything it is made from. Modification times, as make uses them, with nothing kept beside the
// output: an edit, a checkout, a new package-lock.json or a deleted file (its folder changes) all
// move one. Files copied with their old times kept (tar, rsync -t) do not: delete dist/ then.
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';

/** The latest change under these files and directories (directories count: a deletion changes them), in ms. */
function latestChangeMs(inputs: readonly string[]): number {
  let latest = 0;
  for (const input of inputs) {
    const stats = statSync(input);
    latest = Math.max(latest, stats.mtimeMs);
    if (!stats.isDirectory()) continue;
    for (const entry of readdirSync(input, { recursive: true, withFileTypes: true })) {
      latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return latest;
}

/** True when `output` exists and nothing in `inputs` changed since it was written. */
export function isUpToDate(output: string, inputs: readonly string[]): boolean {
  return existsSync(output) && latestChangeMs(inputs) <= statSync(output).mtimeMs;
}

/**
 * Dates `output` back to when its build began, so that an input saved while the build ran (and
 * perhaps read before the change) counts as newer and is built next time.
 */
export function markBuiltAsOf(output: string, buildStarted: Date): void {
  utimesSync(output, buildStarted, buildStarted);
}
