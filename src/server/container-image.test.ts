// The container image cannot be built here (no base image), so this proves what can be proven from
// the Dockerfile itself: its final stage copies exactly the files of the production directory the
// deploy test runs from, and both stages run the commands CI and that test run.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { projectPath } from './project-root';
import { BUILD, FULL_INSTALL, PRODUCTION_FILES, PRODUCTION_INSTALL, START } from './testing/production-directory';

interface Instruction {
  keyword: string;
  args: string;
}

/** The Dockerfile's stages, each its instructions in order (continuation lines joined). */
function dockerfileStages(text: string): Instruction[][] {
  const instructions = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
  const stages: Instruction[][] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') stages.push([]);
    stages.at(-1)?.push(instruction);
  }
  return stages;
}

/** `COPY [--from=build] a b ./dest` → ['a', 'b'], without `./` or a `/app/` prefix of the build stage. */
function copiedSources(instruction: Instruction): string[] {
  const words = instruction.args.split(/\s+/).filter((word) => !word.startsWith('--'));
  return words.slice(0, -1).map((source) => source.replace(/^\/app\//, '').replace(/^\.\//, ''));
}

const runs = (stage: Instruction[]) => stage.filter((i) => i.keyword === 'RUN').map((i) => i.args);
const only = (stage: Instruction[], keyword: string) => stage.filter((i) => i.keyword === keyword).map((i) => i.args);

const [buildStage = [], productionStage = [], ...more] = dockerfileStages(readFileSync(projectPath('Dockerfile'), 'utf8'));

it('builds in a first stage with the install and the build CI runs', () => {
  expect(more).toEqual([]);
  expect(runs(buildStage)).toEqual([FULL_INSTALL, BUILD]);
  expect(readFileSync(projectPath('.ci/run'), 'utf8').split('\n')).toContain(FULL_INSTALL);
  const { scripts } = JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as { scripts: Record<string, string> };
  expect(scripts['start']).toContain(BUILD);
});

it('ships the production directory the deploy test runs from, installed and started the same way', () => {
  const copied = only(productionStage, 'COPY').flatMap((args) => copiedSources({ keyword: 'COPY', args }));
  expect(copied.sort()).toEqual([...PRODUCTION_FILES].sort());
  expect(runs(productionStage)).toEqual([PRODUCTION_INSTALL]);
  expect(only(productionStage, 'CMD').map((args) => JSON.parse(args) as unknown)).toEqual([[...START]]);
});

it('runs as an unprivileged user and is healthy only when /ready answers', () => {
  expect(only(productionStage, 'USER')).toEqual(['node']);
  const [healthcheck = ''] = only(productionStage, 'HEALTHCHECK');
  expect(healthcheck).toContain('/ready');
  expect(healthcheck).toContain('r.ok');
});
