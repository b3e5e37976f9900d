// The server build: esbuild bundles our own modules into one ES module per command, packages stay
// in node_modules, and the Auth emulator's CommonJS preloads are copied beside them. `npm run build`
// writes it to dist/server; the server suites build the same thing once per run and start their
// processes from it, so that what they prove is what a deploy runs.
import { copyFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

export interface EntryPoint {
  /** The source module, from the project root. */
  in: string;
  /** The command's name: the bundle is `<out>.js`. */
  out: string;
}

/** The server and its commands (`npm run migrate`, `bootstrap`, `emulators`, `backup`, `restore`). */
export const SERVER_ENTRY_POINTS: readonly EntryPoint[] = [
  { in: 'src/server/index.ts', out: 'index' },
  { in: 'src/server/migrate.ts', out: 'migrate' },
  { in: 'src/server/bootstrap.ts', out: 'bootstrap' },
  { in: 'src/emulators/main.ts', out: 'emulators' },
  { in: 'src/server/backup.ts', out: 'backup' },
  { in: 'src/server/restore.ts', out: 'restore' },
];

/** The emulator's process loads these by path (not through the bundle): see src/emulators/auth/auth-emulator.ts. */
const AUTH_EMULATOR_PRELOADS = join(projectRoot, 'src/emulators/auth');

/**
 * Bundles the entry points into `outdir` (relative to the project root, or absolute), which must
 * sit inside the project: the bundles import packages from its node_modules and find the project's
 * root (migrations, the browser build) from their own location.
 */
export async function bundleServer(outdirInProject: string, entryPoints: readonly EntryPoint[] = SERVER_ENTRY_POINTS): Promise<void> {
  const outdir = resolve(projectRoot, outdirInProject);
  await build({
    absWorkingDir: projectRoot,
    entryPoints: [...entryPoints],
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  for (const file of readdirSync(AUTH_EMULATOR_PRELOADS).filter((name) => name.endsWith('.cjs'))) {
    copyFileSync(join(AUTH_EMULATOR_PRELOADS, file), join(outdir, file));
  }
}
