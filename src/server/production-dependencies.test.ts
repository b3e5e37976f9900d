// The server build (src/server/index.ts and the commands beside it, bundled by esbuild, packages
// left in node_modules) imports only packages listed in package.json `dependencies`: a production
// install (`npm ci --omit=dev`) has nothing else, so any other package would make the server or a
// command fail when it starts.
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { build } from 'esbuild';
import { expect, it } from 'vitest';
import { projectRoot } from './project-root';

/** `@scope/name/sub/path` → `@scope/name`; `name/sub/path` → `name`. */
function packageName(specifier: string): string {
  const [first = '', second = ''] = specifier.split('/');
  return first.startsWith('@') ? `${first}/${second}` : first;
}

function isBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || builtinModules.includes(specifier);
}

it('imports only packages that package.json lists as dependencies', async () => {
  // The options of the real server build that decide what is bundled and what stays external.
  const { metafile } = await build({
    absWorkingDir: projectRoot,
    entryPoints: [
      'src/server/index.ts',
      'src/server/migrate.ts',
      'src/server/bootstrap.ts',
      'src/server/backup.ts',
      'src/server/restore.ts',
    ],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // Several entry points need an output folder to name, though nothing is written.
    outdir: 'dist/server',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const { dependencies = {} } = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };

  // Input paths are relative to absWorkingDir, e.g. src/server/app.ts.
  const imports = Object.entries(metafile.inputs).flatMap(([importer, input]) =>
    input.imports
      .filter((imported) => imported.external && !isBuiltin(imported.path))
      .map((imported) => ({ name: packageName(imported.path), importer })),
  );
  const notDependencies = imports
    .filter(({ name }) => !Object.hasOwn(dependencies, name))
    .map(({ name, importer }) => `${name} (imported by ${importer})`);

  expect(imports.map(({ name }) => name)).toContain('fastify');
  expect([...new Set(notDependencies)].sort()).toEqual([]);
});
