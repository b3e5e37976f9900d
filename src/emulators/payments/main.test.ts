// The standalone command: started with plain node (tsx loader), it answers the `stripe` SDK with the
// keys it made up and printed (a different pair each run), refuses a bad option with its usage, and
// stops cleanly on SIGTERM.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
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

/** Starts the command and waits for its key lines; returns its URL and secret key. */
async function started(emulator: ReturnType<typeof run>): Promise<{ url: string; secretKey: string }> {
  await expect.poll(() => emulator.output(), { timeout: 20_000 }).toMatch(/publishable key pk_test_\w+/);
  const url = /listening on (\S+)/.exec(emulator.output())?.[1] ?? '';
  const secretKey = /secret key (sk_test_\w+)/.exec(emulator.output())?.[1] ?? '';
  return { url, secretKey };
}

it('serves the Stripe API with keys made up for the run, and no other, until SIGTERM', async () => {
  const first = run(['--port', '0']);
  const second = run(['--port', '0']);
  const [one, two] = [await started(first), await started(second)];
  expect(one.secretKey).toMatch(/^sk_test_\w{32}$/);
  expect(two.secretKey).not.toBe(one.secretKey);

  const intent = await stripeClient(one.url, one.secretKey).paymentIntents.create({ amount: 1_200, currency: 'usd' });
  expect(intent).toMatchObject({ amount: 1_200, status: 'requires_payment_method' });
  await expect(
    stripeClient(one.url, 'sk_test_emulator').paymentIntents.create({ amount: 1_200, currency: 'usd' }),
  ).rejects.toMatchObject({
    statusCode: 401,
  });
  await expect(stripeClient(one.url, two.secretKey).paymentIntents.retrieve(intent.id)).rejects.toMatchObject({ statusCode: 401 });

  first.child.kill('SIGTERM');
  second.child.kill('SIGTERM');
  expect([await first.exited, await second.exited]).toEqual([0, 0]);
});

it('refuses an option it does not know, with its usage', async () => {
  const emulator = run(['--prot', '12111']);
  expect(await emulator.exited).toBe(2);
  expect(emulator.output()).toMatch(/Unknown option '--prot'[\s\S]*usage: tsx src\/emulators\/payments\/main\.ts/);
});
