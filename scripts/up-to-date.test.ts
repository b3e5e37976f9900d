// The build skips a part only when its output is newer than every change to what it is made from.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isUpToDate, markBuiltAsOf } from './up-to-date';

const HOUR_AGO = new Date(Date.now() - 3_600_000);
const TWO_HOURS_AGO = new Date(Date.now() - 7_200_000);

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** Sources (a folder with a nested file, and a single file) all last changed two hours ago, and an output built an hour ago. */
function builtProject() {
  const root = mkdtempSync(join(tmpdir(), 'sprocket-up-to-date-'));
  roots.push(root);
  const paths = {
    sources: join(root, 'src'),
    nested: join(root, 'src', 'pages'),
    page: join(root, 'src', 'pages', 'home.tsx'),
    config: join(root, 'vite.config.ts'),
    output: join(root, 'dist', 'index.js'),
  };
  mkdirSync(paths.nested, { recursive: true });
  mkdirSync(join(root, 'dist'));
  writeFileSync(paths.page, 'export const Home = 1;');
  writeFileSync(paths.config, 'export default {};');
  writeFileSync(paths.output, 'built');
  for (const path of [paths.page, paths.nested, paths.sources, paths.config]) utimesSync(path, TWO_HOURS_AGO, TWO_HOURS_AGO);
  utimesSync(paths.output, HOUR_AGO, HOUR_AGO);
  return { ...paths, inputs: [paths.sources, paths.config] };
}

describe('a part of the build', () => {
  it('is up to date when its output is newer than all its sources', () => {
    const project = builtProject();
    expect(isUpToDate(project.output, project.inputs)).toBe(true);
  });

  it('is built when it has no output yet', () => {
    const project = builtProject();
    rmSync(project.output);
    expect(isUpToDate(project.output, project.inputs)).toBe(false);
  });

  it('is built again when a source deep in a folder, or a single input file, changed', () => {
    const project = builtProject();
    writeFileSync(project.page, 'export const Home = 2;');
    expect(isUpToDate(project.output, project.inputs)).toBe(false);

    const other = builtProject();
    writeFileSync(other.config, 'export default { base: "/shop/" };');
    expect(isUpToDate(other.output, other.inputs)).toBe(false);
  });

  it('is built again when a source was deleted', () => {
    const project = builtProject();
    rmSync(project.page);
    expect(isUpToDate(project.output, project.inputs)).toBe(false);
  });

  it('is built again when a source was saved while it was being built', () => {
    const project = builtProject();
    const buildStarted = new Date(Date.now() - 60_000);
    writeFileSync(project.page, 'export const Home = 2;');
    writeFileSync(project.output, 'built from the older page');
    markBuiltAsOf(project.output, buildStarted);
    expect(isUpToDate(project.output, project.inputs)).toBe(false);
  });
});
