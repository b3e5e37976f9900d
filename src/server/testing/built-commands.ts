// The server's commands as the build bundles them (scripts/server-bundle.ts), built once per test
// run by global-setup.ts. A test starts the process a deploy runs, and a bundle starts in about half
// the time a TypeScript loader takes to load the server's few hundred modules on two busy cores.
import { join } from 'node:path';
import { inject } from 'vitest';

/** What the run's build holds: the server's commands and the test server. */
export type BuiltCommand = 'index' | 'migrate' | 'bootstrap' | 'emulators' | 'backup' | 'restore' | 'serve-for-test';

/** The arguments after `process.execPath` that run the command with `args`. */
export function builtCommand(name: BuiltCommand, ...args: string[]): string[] {
  return [join(inject('serverBuildDir'), `${name}.js`), ...args];
}
