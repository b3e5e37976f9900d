// The documented deploy, as the tests and the container image both do it: a directory holding only
// the build and what a production-only install needs, installed with the production command. The
// Dockerfile test checks the image copies these files and runs these commands.
import { execFileSync } from 'node:child_process';
import { createHash, type Hash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectPath } from '../project-root';

/** What a deploy copies from a built checkout: patches/ because the install applies them. */
export const PRODUCTION_FILES = ['dist', 'migrations', 'patches', 'package.json', 'package-lock.json'] as const;

/** The install of everything (CI, the image's build stage), then the build. */
export const FULL_INSTALL = 'npm ci --no-audit --no-fund';
export const BUILD = 'npm run build';
/** The production-only install of the deployed directory. */
export const PRODUCTION_INSTALL = 'npm ci --omit=dev --prefer-offline --no-audit --no-fund';
/** How the deployed directory starts the storefront. */
export const START = ['node', '--enable-source-maps', 'dist/server/index.js'] as const;

/** What the production install reads. */
const INSTALL_INPUTS = ['package.json', 'package-lock.json', 'patches'] as const;
/** Whose change calls for a new install: the lock repeats package.json's dependencies, not its scripts. */
const INSTALL_VERSION_INPUTS = ['package-lock.json', 'patches'] as const;
const DIRECTORY_PREFIX = 'sprocket-production-';

/**
 * A production directory made from this checkout's current build (which must exist). The install
 * takes minutes (firebase-tools is large), so a directory installed from the same package files is
 * reused, outside the checkout so that nothing resolves into the full node_modules; the build and
 * the migrations are copied afresh every time.
 */
export function prepareProductionDirectory(): string {
  if (!existsSync(projectPath('dist/server/index.js'))) throw new Error('no server build: run `npm run build` first');
  const directory = join(tmpdir(), `${DIRECTORY_PREFIX}${installInputsHash()}`);
  const installedStamp = join(directory, 'node_modules', '.sprocket-installed');
  if (!existsSync(installedStamp)) {
    removeStaleDirectories();
    rmSync(directory, { recursive: true, force: true });
    for (const file of INSTALL_INPUTS) cpSync(projectPath(file), join(directory, file), { recursive: true });
    const [program = 'npm', ...args] = PRODUCTION_INSTALL.split(' ');
    execFileSync(program, args, { cwd: directory, stdio: 'pipe' });
    writeFileSync(installedStamp, '');
  }
  for (const file of PRODUCTION_FILES) {
    rmSync(join(directory, file), { recursive: true, force: true });
    cpSync(projectPath(file), join(directory, file), { recursive: true });
  }
  return directory;
}

function installInputsHash(): string {
  const hash = createHash('sha256');
  for (const file of INSTALL_VERSION_INPUTS) hashPath(hash, projectPath(file));
  return hash.digest('hex').slice(0, 16);
}

function hashPath(hash: Hash, path: string): void {
  if (!statSync(path).isDirectory()) {
    hash.update(path).update(readFileSync(path));
    return;
  }
  for (const name of readdirSync(path).sort()) hashPath(hash, join(path, name));
}

/** Directories installed from earlier package files: each holds a few hundred megabytes. */
function removeStaleDirectories(): void {
  for (const name of readdirSync(tmpdir()).filter((entry) => entry.startsWith(DIRECTORY_PREFIX))) {
    rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
}
