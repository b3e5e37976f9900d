// The server reads the list of prerendered pages only when the build wrote one (the round trip
// with the build's writer is in scripts/prerendered-pages.test.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readPrerenderedPages } from './prerendered-pages';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the prerendered pages', () => {
  it('are none when the build made none', () => {
    const clientDir = mkdtempSync(join(tmpdir(), 'sprocket-prerendered-'));
    dirs.push(clientDir);
    expect(readPrerenderedPages(clientDir).size).toBe(0);
  });
});
