// The pid lock between processes: of several processes claiming one lock at the same moment,
// exactly one gets it, and none ever finds the lock there but empty and takes it as stale.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const CLAIMANTS = 6;
const pidLockModule = new URL('./pid-lock.ts', import.meta.url).href;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sprocket-pid-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

interface Claimant {
  /** Settles once the process waits for the go file. */
  ready: Promise<void>;
  /** Whether it won: 'won' or 'lost'. */
  answer: Promise<string>;
}

/** A process that waits for the go file, claims the lock, says whether it won, and stays alive a while. */
function claimant(lock: string, go: string): Claimant {
  const script = `
    const { existsSync } = await import('node:fs');
    const { tryToLock } = await import(${JSON.stringify(pidLockModule)});
    process.stdout.write('ready ');
    while (!existsSync(${JSON.stringify(go)})) await new Promise((resolve) => setTimeout(resolve, 5));
    process.stdout.write((await tryToLock(${JSON.stringify(lock)})) ? 'won' : 'lost');
    // Alive while the others decide, so none of them may take the lock over as stale.
    await new Promise((resolve) => setTimeout(resolve, 3000));`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let said = '';
  let signalReady = () => {};
  const ready = new Promise<void>((resolve) => (signalReady = resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    said += chunk.toString();
    if (said.startsWith('ready ')) signalReady();
  });
  const answer = new Promise<string>((resolve) => child.on('exit', () => resolve(said.replace('ready ', ''))));
  return { ready, answer };
}

describe('the pid lock', () => {
  it('goes to exactly one of several processes claiming it at the same moment', async () => {
    const lock = join(dir, 'emulators.lock');
    const go = join(dir, 'go');
    const claimants = Array.from({ length: CLAIMANTS }, () => claimant(lock, go));
    // Once every claimant waits, they all claim at once.
    await Promise.all(claimants.map((one) => one.ready));
    writeFileSync(go, '');

    const answers = await Promise.all(claimants.map((one) => one.answer));
    expect(answers.filter((answer) => answer === 'won')).toHaveLength(1);
    expect(answers.filter((answer) => answer === 'lost')).toHaveLength(CLAIMANTS - 1);
    // The claimants' own pid files are gone; only the lock itself and the go file remain.
    expect(readdirSync(dir).sort()).toEqual(['emulators.lock', 'go']);
  }, 60_000);
});
