// The two builds a production server runs from: the browser app (Vite, dist/client, with its
// prerendered pages) and the server itself (esbuild, dist/server: one ES module, so it starts
// without compiling TypeScript). Each is skipped when nothing it is made from has changed since the last one: a fingerprint of its inputs
// (sources, build configuration, locked dependencies and NODE_ENV) is kept beside the output, so a
// restart starts at once and a changed checkout is always rebuilt.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildSync } from 'esbuild';

export interface BuildInputs {
  /** Directories read whole, relative to the project root. */
  directories: readonly string[];
  files: readonly string[];
}

export interface Build {
  name: string;
  /** Relative to the project root. */
  outDir: string;
  /** The file, in outDir, that a finished build has written. */
  output: string;
  inputs: BuildInputs;
  run(root: string, nodeEnv: string | undefined): void;
}

export const clientBuild: Build = {
  name: 'browser app',
  outDir: 'dist/client',
  output: 'index.html',
  inputs: {
    directories: ['src/client', 'src/shared'],
    files: [
      'vite.config.ts',
      'vite-precompress.ts',
      'tsconfig.json',
      'package-lock.json',
      'src/server/boot/prerendered-pages.ts',
      'src/server/boot/write-prerendered-pages.ts',
    ],
  },
  // In child processes, so the server that follows keeps neither the bundler nor React's server
  // renderer in its memory: the app, its server-side build, then the prerendered pages from it.
  run: (root, nodeEnv) => {
    const vite = [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'];
    const steps = [
      vite,
      [...vite, '--ssr', 'prerender.tsx', '--outDir', '../../dist/prerender'],
      ['--import', 'tsx', join(root, 'src/server/boot/write-prerendered-pages.ts')],
    ];
    const env = { ...process.env, NODE_ENV: nodeEnv };
    for (const step of steps) execFileSync(process.execPath, step, { cwd: root, stdio: 'inherit', env });
  },
};

export const serverBuild: Build = {
  name: 'server',
  outDir: 'dist/server',
  output: 'index.js',
  inputs: { directories: ['src/server', 'src/shared', 'src/payments-emulator'], files: ['tsconfig.json', 'package-lock.json'] },
  // esbuild runs as its own process; packages stay in node_modules, only our modules are bundled.
  run: (root) =>
    void buildSync({
      absWorkingDir: root,
      entryPoints: ['src/server/index.ts'],
      outfile: 'dist/server/index.js',
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      sourcemap: true,
      logLevel: 'warning',
    }),
};

const FINGERPRINT_FILE = '.inputs-sha256';

/** SHA-256 over every input file's path and content, in a fixed order, and NODE_ENV. */
export function inputsFingerprint(root: string, inputs: BuildInputs, nodeEnv = process.env.NODE_ENV ?? ''): string {
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

/** Runs the build (with this NODE_ENV) unless its output was built from exactly these inputs. */
export function buildIfChanged(root: string, build: Build, nodeEnv = process.env.NODE_ENV): 'built' | 'unchanged' {
  const outDir = join(root, build.outDir);
  const fingerprintFile = join(outDir, FINGERPRINT_FILE);
  const fingerprint = inputsFingerprint(root, build.inputs, nodeEnv);
  const built = existsSync(join(outDir, build.output)) && existsSync(fingerprintFile);
  if (built && readFileSync(fingerprintFile, 'utf8') === fingerprint) return 'unchanged';

  build.run(root, nodeEnv);
  writeFileSync(fingerprintFile, fingerprint);
  return 'built';
}

/** Both builds, as `npm start` and the browser journeys run them; what each one did. */
export function buildAllIfChanged(root: string, nodeEnv = process.env.NODE_ENV): Array<[Build, 'built' | 'unchanged']> {
  return [clientBuild, serverBuild].map((build) => [build, buildIfChanged(root, build, nodeEnv)]);
}
