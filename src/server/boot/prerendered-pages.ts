// The pages the build prerendered (scripts/prerendered-pages.ts writes them): complete HTML files
// in the browser build, listed by path in one file that the server reads at boot to send them.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where, inside the browser build, the pages and their list are. */
export const PRERENDERED_DIR = 'prerendered';
export const PRERENDERED_LIST_FILE = 'pages.json';

/** Path → file (relative to clientDir) of each prerendered page; none when the build has none. */
export function readPrerenderedPages(clientDir: string): ReadonlyMap<string, string> {
  const list = join(clientDir, PRERENDERED_DIR, PRERENDERED_LIST_FILE);
  if (!existsSync(list)) return new Map();
  return new Map(Object.entries(JSON.parse(readFileSync(list, 'utf8')) as Record<string, string>));
}
