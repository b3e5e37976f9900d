// The project's root directory (where package.json is), found from this module's own location so
// that the server finds its migrations, browser build and helper scripts whether it runs from
// source (src/server) or from the server build (dist/server).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findProjectRoot(start: string): string {
  for (let directory = start; ; directory = dirname(directory)) {
    if (existsSync(join(directory, 'package.json'))) return directory;
    if (dirname(directory) === directory) throw new Error(`No package.json above ${start}`);
  }
}

export const projectRoot = findProjectRoot(dirname(fileURLToPath(import.meta.url)));

/** A path inside the project, e.g. projectPath('migrations'). */
export function projectPath(...segments: string[]): string {
  return join(projectRoot, ...segments);
}
