// npm start rebuilds the browser app only when something it is built from changed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildClientIfChanged, CLIENT_OUT_DIR, clientBuildInputs, inputsFingerprint } from './client-build';

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
  });
});

describe('buildClientIfChanged', () => {
  it('keeps a build made from the same inputs without running the bundler', () => {
    const root = projectWith({ ...sources, [`${CLIENT_OUT_DIR}/index.html`]: '<!doctype html>' });
    writeFileSync(join(root, CLIENT_OUT_DIR, '.inputs-sha256'), inputsFingerprint(root, clientBuildInputs));
    // This project has no bundler installed, so anything but 'unchanged' would have thrown.
    expect(buildClientIfChanged(root)).toBe('unchanged');
  });

  it('builds when the inputs changed since the last build', () => {
    const root = projectWith({ ...sources, [`${CLIENT_OUT_DIR}/index.html`]: '<!doctype html>' });
    writeFileSync(join(root, CLIENT_OUT_DIR, '.inputs-sha256'), 'an older build');
    expect(() => buildClientIfChanged(root)).toThrow();
  });
});
