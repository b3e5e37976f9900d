// The server's folders are layers that import one way: requests → procedures → services →
// gateways and storage. This reads every production file's relative imports and refuses one that
// reaches a higher layer, so the layers a newcomer reads from the folder names stay true; and
// reaches the stand-ins for outside services (src/emulators) only through the boot seam. (That
// production code never imports test support is checked by ESLint: eslint.config.js.)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverDir = dirname(fileURLToPath(import.meta.url));

/**
 * Highest first; a file may import its own layer and any layer below it. A member ending in '/' is
 * a folder, anything else a file directly in src/server. The composition root wires everything
 * together, so it may import every layer.
 */
const layers: ReadonlyArray<{ name: string; members: readonly string[] }> = [
  {
    name: 'composition root',
    members: ['index.ts', 'migrate.ts', 'bootstrap.ts', 'backup.ts', 'restore.ts', 'app.ts', 'config.ts', 'boot/', 'backup/'],
  },
  { name: 'requests', members: ['http/', 'rest/', 'public-api/', 'trpc-adapter/'] },
  { name: 'procedures', members: ['trpc.ts', 'context.ts', 'routers/'] },
  { name: 'domains', members: ['domains/', 'services/'] },
  {
    name: 'gateways and storage',
    members: [
      'payments/',
      'identity/',
      'auth/',
      'db/',
      'cache/',
      'metrics/',
      'project-root.ts',
      'process-role.ts',
      'repeating-job.ts',
    ],
  },
];

/** The one storefront file that imports the stand-ins (src/emulators), for the rest of the server. */
const STAND_INS_SEAM = 'boot/stand-ins.ts';

/** Test support: what only tests may import. */
function isTestSupport(file: string): boolean {
  return file.startsWith('testing/') || file.endsWith('.test.ts');
}

function layerOf(file: string): number {
  return layers.findIndex(({ members }) =>
    members.some((member) => (member.endsWith('/') ? file.startsWith(member) : file === member)),
  );
}

function serverFiles(dir = serverDir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return serverFiles(path);
    return name.endsWith('.ts') ? [relative(serverDir, path)] : [];
  });
}

const importPattern = /(?:^|\s)(?:import|export)\s[^;]*?from\s*'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)|^import\s+'(\.[^']+)'/gm;

/** Where `file`'s relative imports point, relative to src/server ('../emulators/…' leaves it). */
function importTargetsOf(file: string): string[] {
  const source = readFileSync(join(serverDir, file), 'utf8');
  return [...source.matchAll(importPattern)].map((match) => {
    const specifier = match[1] ?? match[2] ?? match[3] ?? '';
    return relative(serverDir, resolve(serverDir, dirname(file), specifier));
  });
}

/** The files under src/server that `file` imports (imports leaving src/server are not layered). */
function importsOf(file: string): string[] {
  return importTargetsOf(file).flatMap((target) => {
    if (target.startsWith('..')) return [];
    const candidates = target.endsWith('.ts') ? [target] : [`${target}.ts`, join(target, 'index.ts')];
    const found = candidates.find((candidate) => statSync(join(serverDir, candidate), { throwIfNoEntry: false })?.isFile());
    if (!found) throw new Error(`${file} imports ${target}, which is not a .ts file`);
    return [found];
  });
}

/** Production code: the composition root and whatever it reaches; everything else only tests load. */
function productionFiles(): string[] {
  const reached = new Set(serverFiles().filter((file) => !isTestSupport(file) && layerOf(file) === 0));
  for (const file of reached) for (const target of importsOf(file)) reached.add(target);
  return [...reached].sort();
}

describe('the server’s layers', () => {
  const production = productionFiles();

  it('place every production file in a declared layer', () => {
    expect(production.filter((file) => !isTestSupport(file) && layerOf(file) === -1)).toEqual([]);
  });

  it('import only their own layer or a lower one', () => {
    const upward = production.flatMap((file) =>
      importsOf(file)
        .filter((target) => layerOf(target) !== -1 && layerOf(target) < layerOf(file))
        .map((target) => `${file} (${layers[layerOf(file)]?.name}) imports ${target} (${layers[layerOf(target)]?.name})`),
    );
    expect(upward).toEqual([]);
  });

  it('reach the stand-ins only through the boot seam', () => {
    const standIns = join('..', 'emulators');
    const reaching = production.filter((file) =>
      importTargetsOf(file).some((target) => target === standIns || target.startsWith(`${standIns}/`)),
    );
    expect(reaching).toEqual([STAND_INS_SEAM]);
  });
});
