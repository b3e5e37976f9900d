// Embedded mode's generated secrets: made once per data directory, whole, and the same for every
// process (here, every caller) that asks while another is making it.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readOrCreateSecret } from './secrets';

let dataDir: string | undefined;
afterEach(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('readOrCreateSecret', () => {
  it('gives every caller asking at once the same whole secret, and leaves only its file', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sprocket-secrets-'));
    const directory = dataDir;
    const secrets = await Promise.all(
      Array.from({ length: 40 }, () => readOrCreateSecret(directory, 'payments-secret-key', 'sk_test_')),
    );

    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]).toMatch(/^sk_test_[0-9a-f]{64}$/);
    expect(await readdir(directory)).toEqual(['payments-secret-key.secret']);
  });

  it('keeps the secret it made for later starts', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sprocket-secrets-'));
    const first = await readOrCreateSecret(dataDir, 'session');
    expect(await readOrCreateSecret(dataDir, 'session')).toBe(first);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
  });
});
