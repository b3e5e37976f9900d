// The Firebase CLI process gets exegesis's lazy validators (auth-emulator-lazy-validators.cjs):
// checked against the installed firebase-tools, so an upgrade that moves exegesis's options shows
// up here rather than as a slow start nobody notices.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const preload = fileURLToPath(new URL('./auth-emulator-lazy-validators.cjs', import.meta.url));

function optionsSeenByTheCli(preloads: string[]): { lazy: boolean; explicit: boolean } {
  const program = `
    const { createRequire } = require('node:module');
    const requireFromCli = createRequire(require.resolve('firebase-tools/package.json'));
    const { compileOptions } = requireFromCli('exegesis/lib/options');
    process.stdout.write(JSON.stringify({
      lazy: compileOptions({}).lazyCompileValidationSchemas,
      explicit: compileOptions({ lazyCompileValidationSchemas: false }).lazyCompileValidationSchemas,
    }));`;
  const args = [...preloads.flatMap((file) => ['--require', file]), '--eval', program];
  return JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8' })) as { lazy: boolean; explicit: boolean };
}

describe('the Auth emulator’s validators', () => {
  it('are built on first use in the CLI process, unless an option says otherwise', () => {
    expect(optionsSeenByTheCli([])).toEqual({ lazy: false, explicit: false });
    expect(optionsSeenByTheCli([preload])).toEqual({ lazy: true, explicit: false });
  });
});
