// Which code may import which, read from the sources: production code never imports test support
// (src/server/testing, the emulator's testing/), and the payments emulator, a program of its own,
// imports nothing from the storefront.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { expect, it } from 'vitest';
import { projectPath, projectRoot } from './project-root';

/** Every TypeScript file under `directory`, relative to the project root. */
function sourcesUnder(directory: string): string[] {
  return readdirSync(projectPath(directory), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => relative(projectRoot, join(entry.parentPath, entry.name)));
}

/** The project files a source imports, relative to the project root (packages left out). */
function localImports(file: string): string[] {
  const text = readFileSync(projectPath(file), 'utf8');
  // `… from './x'`, a bare `import './x'`, and `import('./x')`.
  const specifiers = Array.from(text.matchAll(/(?:\bfrom\s+|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g), (match) => match[1] ?? '');
  return specifiers.map((specifier) => relative(projectRoot, join(projectRoot, dirname(file), specifier)));
}

const isTestSupport = (file: string) => /^src\/server\/testing\/|^src\/payments-emulator\/testing\//.test(file);
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

it('keeps test support out of production code', () => {
  const production = [...sourcesUnder('src/server'), ...sourcesUnder('src/payments-emulator'), ...sourcesUnder('src/shared')].filter(
    (file) => !isTest(file) && !isTestSupport(file),
  );
  expect(production.length).toBeGreaterThan(50);
  const offending = production.flatMap((file) =>
    localImports(file)
      .filter(isTestSupport)
      .map((target) => `${file} → ${target}`),
  );
  expect(offending).toEqual([]);
});

it('keeps the payments emulator apart from the storefront, tests included', () => {
  const emulator = sourcesUnder('src/payments-emulator');
  const imports = emulator.flatMap((file) => localImports(file).map((target) => `${file} → ${target}`));
  expect(imports.length).toBeGreaterThan(20);
  expect(imports.filter((line) => !line.split(' → ')[1]?.startsWith('src/payments-emulator/'))).toEqual([]);
});
