// The browser app's build for `npm start`, skipped when nothing it is made from has changed since
// the last one: a fingerprint of its inputs (the client and shared sources, the build
// configuration, the locked dependencies and NODE_ENV) is kept beside the output, so a restart
// serves the existing build at once and a changed checkout is always rebuilt.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface ClientBuildInputs {
  /** Directories read whole, relative to the project root. */
  directories: readonly string[];
  files: readonly string[];
}

export const clientBuildInputs: ClientBuildInputs = {
  directories: ['src/client', 'src/shared'],
  files: ['vite.config.ts', 'vite-precompress.ts', 'tsconfig.json', 'package-lock.json'],
};

export const CLIENT_OUT_DIR = 'dist/client';
const FINGERPRINT_FILE = '.inputs-sha256';

/** SHA-256 over every input file's path and content, in a fixed order, and NODE_ENV. */
export function inputsFingerprint(root: string, inputs: ClientBuildInputs, nodeEnv = process.env.NODE_ENV ?? ''): string {
  const hash = createHash('sha256').update(`NODE_ENV=${nodeEnv}\0`);
  const paths = [
    ...inputs.files.filter((file) => existsSync(join(root, file))),
    ...inputs.directories.flatMap((directory) =>
      readdirSync(join(root, directory), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => relative(root, join(entry.parentPath, entry.name))),
    ),
  ].sort();
  for (const path of paths) hash.update(`${path}\0`).update(readFileSync(join(root, path))).update('\0');
  return hash.digest('hex');
}

/** Runs Vite's build (with this NODE_ENV) unless the output was built from exactly these inputs. */
export function buildClientIfChanged(root: string, nodeEnv = process.env.NODE_ENV): 'built' | 'unchanged' {
  const outDir = join(root, CLIENT_OUT_DIR);
  const fingerprintFile = join(outDir, FINGERPRINT_FILE);
  const fingerprint = inputsFingerprint(root, clientBuildInputs, nodeEnv);
  const built = existsSync(join(outDir, 'index.html')) && existsSync(fingerprintFile);
  if (built && readFileSync(fingerprintFile, 'utf8') === fingerprint) return 'unchanged';

  // In a child process, so the server that follows does not keep the bundler in its memory.
  execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: nodeEnv },
  });
  writeFileSync(fingerprintFile, fingerprint);
  return 'built';
}
