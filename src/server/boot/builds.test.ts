// npm start rebuilds the browser app and the server only when something they are built from changed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import getPort from 'get-port';
import { afterEach, describe, expect, it } from 'vitest';
import { projectPath, projectRoot } from '../project-root';
import { STANDALONE_SERVER_ENV } from '../testing/test-keys';
import { buildIfChanged, clientBuild, inputsFingerprint, serverBuild } from './builds';

const clientBuildInputs = clientBuild.inputs;
const CLIENT_OUT_DIR = clientBuild.outDir;

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function projectWith(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'sprocket-build-'));
  roots.push(root);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

const sources = {
  'src/client/main.tsx': 'render()',
  'src/client/pages/home.tsx': 'export const Home = 1;',
  'src/shared/money.ts': 'export const cents = 100;',
  'vite.config.ts': 'export default {}',
  'package-lock.json': '{}',
};

describe('the client build fingerprint', () => {
  it('is the same for the same inputs and moves with any change to them', () => {
    const fingerprint = inputsFingerprint(projectWith(sources), clientBuildInputs, 'production');
    expect(inputsFingerprint(projectWith(sources), clientBuildInputs, 'production')).toBe(fingerprint);

    const changed = [
      projectWith({ ...sources, 'src/client/pages/home.tsx': 'export const Home = 2;' }),
      projectWith({ ...sources, 'src/shared/money.ts': 'export const cents = 1000;' }),
      projectWith({ ...sources, 'src/client/pages/login.tsx': 'export const Login = 1;' }),
      projectWith({ ...sources, 'package-lock.json': '{"lockfileVersion":3}' }),
    ];
    for (const root of changed) expect(inputsFingerprint(root, clientBuildInputs, 'production')).not.toBe(fingerprint);
    expect(inputsFingerprint(projectWith(sources), clientBuildInputs, 'development')).not.toBe(fingerprint);
  });

  it('does not depend on how the project root is spelled', () => {
    const root = projectWith(sources);
    expect(inputsFingerprint(`${root}/`, clientBuildInputs, 'production')).toBe(inputsFingerprint(root, clientBuildInputs, 'production'));
  });

  it('ignores what the build does not read', () => {
    const fingerprint = inputsFingerprint(projectWith(sources), clientBuildInputs, 'production');
    const withServerChange = projectWith({ ...sources, 'src/server/app.ts': 'changed', 'README.md': 'changed' });
    expect(inputsFingerprint(withServerChange, clientBuildInputs, 'production')).toBe(fingerprint);

    const serverSources = {
      ...sources,
      'src/server/app.ts': 'export const app = 1;',
      'src/payments-emulator/index.ts': 'export const emulator = 1;',
    };
    const serverFingerprint = inputsFingerprint(projectWith(serverSources), serverBuild.inputs, 'production');
    const withClientChange = projectWith({ ...serverSources, 'src/client/main.tsx': 'changed' });
    expect(inputsFingerprint(withClientChange, serverBuild.inputs, 'production')).toBe(serverFingerprint);
    const withServerCodeChange = projectWith({ ...serverSources, 'src/server/app.ts': 'export const app = 2;' });
    expect(inputsFingerprint(withServerCodeChange, serverBuild.inputs, 'production')).not.toBe(serverFingerprint);
    // The server bundle includes the payments emulator, which lives outside src/server.
    const withEmulatorChange = projectWith({ ...serverSources, 'src/payments-emulator/index.ts': 'export const emulator = 2;' });
    expect(inputsFingerprint(withEmulatorChange, serverBuild.inputs, 'production')).not.toBe(serverFingerprint);
  });
});

describe('the server build', () => {
  let server: ChildProcess | undefined;
  afterEach(() => void server?.kill('SIGKILL'));

  it('starts on its own with plain node, finding its migrations from dist/server', async () => {
    buildIfChanged(projectRoot, serverBuild);
    const port = await getPort();
    const dataDir = mkdtempSync(join(tmpdir(), 'sprocket-server-build-'));
    roots.push(dataDir);
    server = spawn(process.execPath, [projectPath(serverBuild.outDir, serverBuild.output)], {
      cwd: tmpdir(),
      env: {
        PATH: process.env.PATH ?? '',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ...STANDALONE_SERVER_ENV,
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    const url = `http://127.0.0.1:${port}`;
    await expect.poll(() => fetch(`${url}/ready`).then((response) => response.status, () => 0), { timeout: 30_000, interval: 100 }).toBe(200);
    // The catalogue is read from the migrated database.
    const tools = await fetch(`${url}/tools`);
    expect(tools.status).toBe(200);
    expect(Array.isArray(await tools.json())).toBe(true);
  });
});

describe('buildIfChanged', () => {
  it('keeps a build made from the same inputs without running the bundler', () => {
    const root = projectWith({ ...sources, [`${CLIENT_OUT_DIR}/index.html`]: '<!doctype html>' });
    writeFileSync(join(root, CLIENT_OUT_DIR, '.inputs-sha256'), inputsFingerprint(root, clientBuildInputs));
    // This project has no bundler installed, so anything but 'unchanged' would have thrown.
    expect(buildIfChanged(root, clientBuild)).toBe('unchanged');
  });

  it('builds when the inputs changed since the last build', () => {
    const root = projectWith({ ...sources, [`${CLIENT_OUT_DIR}/index.html`]: '<!doctype html>' });
    writeFileSync(join(root, CLIENT_OUT_DIR, '.inputs-sha256'), 'an older build');
    expect(() => buildIfChanged(root, clientBuild)).toThrow();
  });
});
