// The container image cannot be built here (no base image), so this proves what can be proven from
// the Dockerfile itself: its final stage copies exactly the files of the production directory the
// deploy test runs from, and both stages run the commands CI and that test run. And from
// compose.yaml: the configuration it gives the web replicas and the worker is one the server
// starts with, and they share one images folder the image lets them write.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from './config';
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

/** compose.yaml's shared images volume is mounted here; a new volume takes the folder's owner. */
const IMAGES_PATH = '/app/images';
const IMAGES_FOLDER = `mkdir -p ${IMAGES_PATH} && chown node:node ${IMAGES_PATH}`;

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
  expect(runs(productionStage)).toEqual([PRODUCTION_INSTALL, IMAGES_FOLDER]);
  expect(only(productionStage, 'CMD').map((args) => JSON.parse(args) as unknown)).toEqual([[...START]]);
});

it('builds and runs on one Node release, one that package.json says it supports', () => {
  const majors = [buildStage, productionStage].map((stage) => /^node:(\d+)-/.exec(only(stage, 'FROM')[0] ?? '')?.[1]);
  expect(majors[0]).toBeDefined();
  expect(majors[1]).toBe(majors[0]);
  const { engines } = JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as { engines: { node: string } };
  expect(engines.node.split('||').map((range) => /^\s*\^(\d+)\./.exec(range)?.[1])).toContain(majors[0]);
});

it('runs as an unprivileged user and is healthy only when /ready answers', () => {
  expect(only(productionStage, 'USER')).toEqual(['node']);
  const [healthcheck = ''] = only(productionStage, 'HEALTHCHECK');
  expect(healthcheck).toContain('/ready');
  expect(healthcheck).toContain('r.ok');
});

interface ComposeService {
  environment?: Record<string, string>;
  volumes?: string[];
}
interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
}

/** What `.env` gives compose: values of the shapes the server checks. */
const DOT_ENV: Record<string, string> = {
  SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
  FIREBASE_PROJECT_ID: 'sprocket-shop',
  FIREBASE_API_KEY: 'firebase-web-api-key',
  FIREBASE_SERVICE_ACCOUNT: '{}',
  SHOP_URL: 'https://shop.example',
  STRIPE_SECRET_KEY: 'sk_test_compose',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_compose',
  STRIPE_WEBHOOK_SECRET: 'whsec_compose',
};

/** compose's interpolation, of `${NAME:?message}` from .env, in the parsed values as compose does it. */
function interpolated(environment: Record<string, string> = {}): Record<string, string> {
  return Object.fromEntries(
    Object.entries(environment).map(([key, value]) => [
      key,
      value.replace(/\$\{(\w+):\?[^}]*\}/g, (_match, name: string) => {
        const given = DOT_ENV[name];
        if (given === undefined) throw new Error(`compose.yaml needs ${name} from .env, which this test does not give`);
        return given;
      }),
    ]),
  );
}

const compose = parse(readFileSync(projectPath('compose.yaml'), 'utf8'), { merge: true }) as ComposeFile;
const serving = ['storefront', 'worker'] as const;

it('gives the web replicas and the worker a configuration the server starts with', () => {
  for (const name of serving) {
    const environment = interpolated(compose.services[name]?.environment);
    expect(() => loadConfig({ NODE_ENV: 'production', HOST: '0.0.0.0', ...environment }), name).not.toThrow();
  }
});

it('shares one images volume between the web replicas and the worker, where IMAGES_DIR points', () => {
  for (const name of serving) {
    const service = compose.services[name]!;
    expect(service.volumes, name).toContain(`images:${IMAGES_PATH}`);
    expect(loadConfig(interpolated(service.environment)).imagesDir, name).toBe(IMAGES_PATH);
  }
  expect(Object.keys(compose.volumes)).toContain('images');
});
