// What a project installing @sprocket/client gets: declarations that reach nothing but the
// package's own files and openapi-fetch (no server code, no path out of the package), and an
// example project that type-checks against the built package as Node resolves it.
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { beforeAll, expect, test } from 'vitest';
import { buildClientPackage, CLIENT_BUILD } from '../../../src/server/testing/client-package';
import { projectPath } from '../../../src/server/project-root';

const ALLOWED_PACKAGES = new Set(['openapi-fetch']);

beforeAll(buildClientPackage);

/** Every module specifier a declaration file names: imports, exports and `import("…")` types. */
function specifiersIn(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((file) => file.fileName);
}

test('the built declarations import only the package’s own files and openapi-fetch', async () => {
  const declarations = (await readdir(CLIENT_BUILD, { recursive: true })).filter((file) => file.endsWith('.d.ts'));
  expect(declarations).toEqual(expect.arrayContaining(['index.d.ts', 'schema.d.ts']));
  const strays: string[] = [];
  for (const file of declarations) {
    const path = join(CLIENT_BUILD, file);
    for (const specifier of specifiersIn(await readFile(path, 'utf8'))) {
      const inside = specifier.startsWith('.') && !relative(CLIENT_BUILD, resolve(dirname(path), specifier)).startsWith('..');
      if (!inside && !ALLOWED_PACKAGES.has(specifier)) strays.push(`${file}: ${specifier}`);
    }
  }
  expect(strays).toEqual([]);
});

test('the stock-sync example type-checks against the built package', async () => {
  const tsc = projectPath('node_modules', 'typescript', 'bin', 'tsc');
  const run = promisify(execFile)(process.execPath, [tsc, '--noEmit', '-p', projectPath('examples', 'stock-sync')]);
  await expect(run).resolves.toBeDefined();
});
