// The postgres driver is used with patches/postgres+3.4.9.patch applied at install time (see
// docs/decisions/0003-postgres-driver-patch.md). An install that skipped or lost the patch would
// bring back the crash on a database restart; this fails first, for every build the driver ships.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
/** The package exports no package.json: its CommonJS entry is cjs/src/index.js. */
const packageDir = join(dirname(require.resolve('postgres')), '..', '..');
const { name, exports } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
  name: string;
  exports: Record<string, string>;
};
/** Every build the package's exports can hand out (Node's import and require, Bun, workerd). */
const builds = [...new Set(Object.values(exports).filter((target) => target.endsWith('/index.js')))].map((target) =>
  dirname(join(packageDir, target)),
);

describe('the installed postgres driver', () => {
  it('loads, through import and require, only builds this test checks', () => {
    expect(name).toBe('postgres');
    expect(builds).toHaveLength(3);
    expect(builds).toContain(dirname(fileURLToPath(import.meta.resolve('postgres'))));
    expect(builds).toContain(dirname(require.resolve('postgres')));
  });

  it.each(builds)('fails a write to a closed connection, and forgets it on close, in %s', (build) => {
    const source = readFileSync(join(build, 'connection.js'), 'utf8');
    expect(source).toMatch(
      /function nextWrite\(fn\) \{\n(?:[ ]*\/\/.*\n)*[ ]*if \(!socket\) \{\n[ ]*chunk = nextWriteTimer = null\n[ ]*error\(Errors\.connection\('CONNECTION_CLOSED', options\)\)/,
    );
    // Both closing paths: terminate() and closed().
    expect(source.match(/\n[ ]*clearImmediate\(nextWriteTimer\)\n(?:[ ]*\/\/.*\n)*[ ]*chunk = nextWriteTimer = null\n/g)).toHaveLength(
      2,
    );
  });
});
