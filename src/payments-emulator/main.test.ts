// The standalone command: started with plain node (tsx loader), it answers the `stripe` SDK with the
// default keys, refuses a bad option with its usage, and stops cleanly on SIGTERM.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { DEFAULT_KEYS } from './index';
import { stripeClient } from './testing/emulator';

const entry = fileURLToPath(new URL('./main.ts', import.meta.url));
const running: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

function run(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args]);
  running.push(child);
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, exited, output: () => output };
}

it('serves the Stripe API with the default keys until SIGTERM', async () => {
  const emulator = run(['--port', '0']);
  await expect.poll(() => emulator.output(), { timeout: 20_000 }).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/);
  const url = /listening on (\S+)/.exec(emulator.output())?.[1] ?? '';

  const intent = await stripeClient(url, DEFAULT_KEYS.secretKey).paymentIntents.create({ amount: 1_200, currency: 'usd' });
  expect(intent).toMatchObject({ amount: 1_200, status: 'requires_payment_method' });

  emulator.child.kill('SIGTERM');
  expect(await emulator.exited).toBe(0);
});

it('refuses an option it does not know, with its usage', async () => {
  const emulator = run(['--prot', '12111']);
  expect(await emulator.exited).toBe(2);
  expect(emulator.output()).toMatch(/Unknown option '--prot'[\s\S]*usage: tsx src\/payments-emulator\/main\.ts/);
});
