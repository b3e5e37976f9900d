// How the payments emulator's cost per order grows with what its state file holds: the command
// (src/emulators/payments/main.ts) with a state file, in a process of its own, is filled with
// orders, then given more orders one at a time, and its own CPU time (user + system, from
// /proc/<pid>/stat) is divided by the orders. An order is what the storefront and the browser ask
// of it for one payment: the server creates the intent with an idempotency key, the card form
// confirms it, the server retrieves it. No webhooks, so only the emulator's own work is counted.
//
//   npx tsx bench/payments-emulator-fill.ts [--emulator <folder holding main.ts>] [--orders 200] [--fills 0,2000]
//
// `--emulator` measures another version of the emulator (a copy of an older commit's folder), so
// that before and after are measured on the same machine in the same run.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import Stripe from 'stripe';

const { values } = parseArgs({
  options: {
    emulator: { type: 'string', default: 'src/emulators/payments' },
    orders: { type: 'string', default: '200' },
    fills: { type: 'string', default: '0,2000' },
  },
});
const ORDERS = Number(values.orders);
const FILLS = values.fills.split(',').map(Number);
/** Concurrent orders while filling: a busy shop's burst, which also keeps the fill short. */
const FILL_CONCURRENCY = 16;
/** Linux reports a process's CPU time in clock ticks of 10 ms (`getconf CLK_TCK` is 100). */
const MS_PER_TICK = 10;
const STOREFRONT_ORIGIN = 'http://127.0.0.1:3000';
const KEYS = { secretKey: 'sk_test_benchpaymentsemulatorfill', publishableKey: 'pk_test_benchpaymentsemulatorfill' };

interface Emulator {
  child: ChildProcessWithoutNullStreams;
  url: string;
}

async function startEmulator(stateFile: string): Promise<Emulator> {
  const main = join(resolve(values.emulator), 'main.ts');
  const child = spawn(process.execPath, [
    '--import',
    'tsx',
    main,
    ...['--port', '0', '--state-file', stateFile, '--secret-key', KEYS.secretKey, '--publishable-key', KEYS.publishableKey],
    ...['--allowed-origin', STOREFRONT_ORIGIN],
  ]);
  let output = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  for (let waited = 0; waited < 60_000; waited += 100) {
    const url = /listening on (\S+)/.exec(output)?.[1];
    if (url) return { child, url };
    if (child.exitCode !== null) break;
    await new Promise((done) => setTimeout(done, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the emulator did not start:\n${output}`);
}

/** The process's CPU time so far, in milliseconds (utime + stime, fields 14 and 15). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
}

async function order(stripe: Stripe, url: string, key: string): Promise<void> {
  const intent = await stripe.paymentIntents.create(
    {
      amount: 4_200,
      currency: 'usd',
      metadata: { bookingId: key },
      receipt_email: 'rider@example.com',
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
    },
    { idempotencyKey: `booking-${key}` },
  );
  // As Stripe.js posts it from the card form.
  const confirmed = await fetch(`${url}/v1/payment_intents/${intent.id}/confirm`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${KEYS.publishableKey}`,
      'content-type': 'application/x-www-form-urlencoded',
      origin: STOREFRONT_ORIGIN,
    },
    body: new URLSearchParams({
      client_secret: intent.client_secret ?? '',
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': '4242424242424242',
      'payment_method_data[card][exp_month]': '12',
      'payment_method_data[card][exp_year]': String(new Date().getUTCFullYear() + 2),
      'payment_method_data[card][cvc]': '123',
    }).toString(),
  });
  if (confirmed.status !== 200) throw new Error(`confirm answered ${confirmed.status}: ${await confirmed.text()}`);
  const paid = await stripe.paymentIntents.retrieve(intent.id);
  if (paid.status !== 'succeeded') throw new Error(`${intent.id} is ${paid.status}`);
}

interface Row {
  fill: number;
  cpuMsPerOrder: number;
  wallMsPerOrder: number;
  stateBytes: number;
}

async function measure(fill: number): Promise<Row> {
  const directory = mkdtempSync(join(tmpdir(), 'sprocket-bench-payments-'));
  const stateFile = join(directory, 'payments-emulator.json');
  const emulator = await startEmulator(stateFile);
  try {
    const { hostname, port } = new URL(emulator.url);
    const stripe = new Stripe(KEYS.secretKey, { host: hostname, port: Number(port), protocol: 'http', telemetry: false });
    let next = 0;
    await Promise.all(
      Array.from({ length: FILL_CONCURRENCY }, async () => {
        while (next < fill) await order(stripe, emulator.url, `fill-${next++}`);
      }),
    );
    const pid = emulator.child.pid ?? 0;
    const cpuBefore = cpuMs(pid);
    const started = performance.now();
    for (let index = 0; index < ORDERS; index += 1) await order(stripe, emulator.url, `measured-${index}`);
    const wallMs = performance.now() - started;
    const cpuSpent = cpuMs(pid) - cpuBefore;
    return { fill, cpuMsPerOrder: cpuSpent / ORDERS, wallMsPerOrder: wallMs / ORDERS, stateBytes: statSync(stateFile).size };
  } finally {
    emulator.child.kill('SIGTERM');
    await new Promise((done) => emulator.child.once('exit', done));
    rmSync(directory, { recursive: true, force: true });
  }
}

console.log(`payments emulator from ${values.emulator}, ${ORDERS} orders one at a time after each fill`);
console.log('| intents already held | CPU per order | wall time per order | state file after |');
console.log('| --- | --- | --- | --- |');
for (const fill of FILLS) {
  const row = await measure(fill);
  console.log(
    `| ${row.fill.toLocaleString('en')} | ${row.cpuMsPerOrder.toFixed(1)} ms | ${row.wallMsPerOrder.toFixed(1)} ms | ${(row.stateBytes / 1024 / 1024).toFixed(1)} MB |`,
  );
}
