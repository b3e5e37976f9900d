// The state file: an emulator restarted on the same file still knows its PaymentIntents, refunds
// and the responses it gave to idempotent requests. Whatever it answered is already on disk, a kill
// at any moment (even mid-write) loses nothing it answered, compaction drops only what later
// changes replaced, and the whole-file state of earlier versions is still read.
import { spawn } from 'node:child_process';
import { appendFile, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { confirmPaymentIntent, createPaymentIntent, type PaymentIntent } from './intents';
import { parseForm } from './params';
import { createRefund } from './refunds';
import { readStateLog } from './state-log';
import { EmulatorStore } from './store';
import { startTestEmulator, stripeClient, TEST_KEYS } from './testing/emulator';

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'payments-emulator-'));
});
afterEach(() => rm(directory, { recursive: true, force: true }));

/** The intents a restart would find in the file as it is now. */
async function intentsOnDisk(stateFile: string): Promise<PaymentIntent[]> {
  const store = new Map<string, PaymentIntent>();
  for (const change of await readStateLog(stateFile)) if ('intent' in change) store.set(change.intent.id, change.intent);
  return [...store.values()];
}

/** A PaymentIntent for `cents`, paid with Stripe's test card, as the routes would store it. */
function paidIntent(cents: number, now: Date): PaymentIntent {
  return confirmPaymentIntent(
    createPaymentIntent(parseForm(`amount=${cents}&currency=usd`), now),
    parseForm('payment_method=pm_card_visa'),
    now,
  ).intent;
}

it('keeps PaymentIntents and idempotent responses across a restart on the same state file', async () => {
  const stateFile = join(directory, 'data', 'payments-emulator.json');
  const first = await startTestEmulator({ stateFile });
  const paid = await first.stripe.paymentIntents.create({ amount: 700, currency: 'usd' }, { idempotencyKey: 'booking-3' });
  await first.stripe.paymentIntents.confirm(paid.id, { payment_method: 'pm_card_visa' });
  const open = await first.stripe.paymentIntents.create({ amount: 800, currency: 'usd' });
  await first.emulator.close();

  const second = await startTestEmulator({ stateFile });
  try {
    expect(await second.stripe.paymentIntents.retrieve(paid.id)).toMatchObject({
      status: 'succeeded',
      client_secret: paid.client_secret,
    });
    expect(await second.stripe.paymentIntents.retrieve(open.id)).toMatchObject({ status: 'requires_payment_method' });
    const replayed = await second.stripe.paymentIntents.create({ amount: 700, currency: 'usd' }, { idempotencyKey: 'booking-3' });
    expect(replayed.id).toBe(paid.id);
  } finally {
    await second.emulator.close();
  }
  expect(await readdir(join(directory, 'data'))).toEqual(['payments-emulator.json']);
});

it('has every answered request on disk when it answers, however many arrive at once', async () => {
  const stateFile = join(directory, 'payments-emulator.json');
  const { emulator, stripe } = await startTestEmulator({ stateFile });
  try {
    const burst = Array.from({ length: 40 }, async (_, index) => {
      const intent = await stripe.paymentIntents.create({ amount: 100 + index, currency: 'usd' });
      expect((await intentsOnDisk(stateFile)).map((saved) => saved.id)).toContain(intent.id);
      return intent.id;
    });
    const ids = await Promise.all(burst);

    expect((await intentsOnDisk(stateFile)).map((saved) => saved.id).sort()).toEqual([...ids].sort());
  } finally {
    await emulator.close();
  }
  expect(await readdir(directory)).toEqual(['payments-emulator.json']);
});

it('keeps every answered request across a kill -9 of the process while it writes', { timeout: 60_000 }, async () => {
  const stateFile = join(directory, 'payments-emulator.json');
  const child = spawn(process.execPath, [
    '--import',
    'tsx',
    fileURLToPath(new URL('./main.ts', import.meta.url)),
    ...['--port', '0', '--state-file', stateFile, '--secret-key', TEST_KEYS.secretKey, '--publishable-key', TEST_KEYS.publishableKey],
  ]);
  const killed = new Promise((resolve) => child.once('exit', resolve));
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  await expect.poll(() => output, { timeout: 30_000 }).toMatch(/listening on \S+/);
  const stripe = stripeClient(/listening on (\S+)/.exec(output)?.[1] ?? '');

  // Eight callers create and pay intents one after another until the kill cuts them off mid-request.
  const answered: string[] = [];
  const caller = async () => {
    for (;;) {
      const intent = await stripe.paymentIntents.create({ amount: 500, currency: 'usd' }, { maxNetworkRetries: 0 });
      answered.push(intent.id);
      await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' }, { maxNetworkRetries: 0 });
      answered.push(`${intent.id} succeeded`);
    }
  };
  const callers = Array.from({ length: 8 }, () => caller().catch(() => 'cut off'));
  await expect.poll(() => answered.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(60);
  child.kill('SIGKILL');
  await killed;
  expect(await Promise.all(callers)).toEqual(Array(8).fill('cut off'));

  const restarted = await startTestEmulator({ stateFile });
  try {
    for (const id of answered.filter((entry) => !entry.endsWith(' succeeded'))) {
      const intent = await restarted.stripe.paymentIntents.retrieve(id);
      if (answered.includes(`${id} succeeded`)) expect(intent.status).toBe('succeeded');
    }
  } finally {
    await restarted.emulator.close();
  }
});

it('ignores a last line cut short by a kill, and keeps logging after it', async () => {
  const stateFile = join(directory, 'payments-emulator.json');
  const first = await startTestEmulator({ stateFile });
  const kept = await first.stripe.paymentIntents.create({ amount: 700, currency: 'usd' });
  await first.emulator.close();
  await appendFile(stateFile, '{"intent":{"id":"pi_cutshort","object":"payment_int');

  const second = await startTestEmulator({ stateFile });
  const later = await second.stripe.paymentIntents.create({ amount: 900, currency: 'usd' });
  await second.emulator.close();

  const third = await startTestEmulator({ stateFile });
  try {
    expect(await third.stripe.paymentIntents.retrieve(kept.id)).toMatchObject({ amount: 700 });
    expect(await third.stripe.paymentIntents.retrieve(later.id)).toMatchObject({ amount: 900 });
    await expect(third.stripe.paymentIntents.retrieve('pi_cutshort')).rejects.toMatchObject({ statusCode: 404 });
  } finally {
    await third.emulator.close();
  }
});

it('compacts a log grown by repeated changes without losing a record', async () => {
  const stateFile = join(directory, 'payments-emulator.json');
  const store = await EmulatorStore.open(stateFile);
  const now = new Date();
  const paid = paidIntent(10_000, now);
  store.saveIntent(paid);
  // 300 more versions of one intent, in separate writes: enough for the log to be compacted.
  for (let version = 0; version < 300; version += 1) {
    store.saveIntent({ ...paid, metadata: { version: String(version) } });
    if (version % 100 === 0) {
      const refund = createRefund(paid, store.amountRefunded(paid.id), parseForm(`payment_intent=${paid.id}&amount=1000`), now);
      store.saveRefund(refund);
    }
    store.saveIdempotentResponse({
      key: `key-${version}`,
      endpoint: 'POST /v1/payment_intents',
      fingerprint: '',
      status: 200,
      body: {},
      createdAt: Date.now(),
    });
    await store.saved();
  }
  await store.close();

  const versionsLogged = (await readFile(stateFile, 'utf8')).split('\n').filter((line) => line.startsWith('{"intent"')).length;
  expect(versionsLogged).toBeLessThan(301);
  const reopened = await EmulatorStore.open(stateFile);
  try {
    expect(reopened.intent(paid.id)?.metadata).toEqual({ version: '299' });
    expect(reopened.amountRefunded(paid.id)).toBe(3000);
    expect(reopened.idempotentResponse('key-0')).toBeDefined();
    expect(reopened.idempotentResponse('key-299')).toBeDefined();
  } finally {
    await reopened.close();
  }
});

it('reads the whole-file state of earlier versions, and logs on after it', async () => {
  const stateFile = join(directory, 'payments-emulator.json');
  const now = new Date();
  const intent = paidIntent(2_500, now);
  const refund = createRefund(intent, 0, parseForm(`payment_intent=${intent.id}&amount=500`), now);
  const response = {
    key: 'booking-9',
    endpoint: 'POST /v1/payment_intents',
    fingerprint: 'amount=2500&currency=usd',
    status: 200,
    body: intent,
    createdAt: Date.now(),
  };
  await writeFile(
    stateFile,
    JSON.stringify({ version: 1, paymentIntents: [intent], refunds: [refund], idempotentResponses: [response] }),
  );

  const { emulator, stripe } = await startTestEmulator({ stateFile });
  try {
    expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({ status: 'succeeded', amount: 2500 });
    expect(await stripe.refunds.retrieve(refund.id)).toMatchObject({ amount: 500, payment_intent: intent.id });
    // The rest of the charge is refundable, and no more: the refund was read with its amount.
    await expect(stripe.refunds.create({ payment_intent: intent.id, amount: 2001 })).rejects.toMatchObject({
      code: 'amount_too_large',
    });
    const replayed = await stripe.paymentIntents.create({ amount: 2500, currency: 'usd' }, { idempotencyKey: 'booking-9' });
    expect(replayed.id).toBe(intent.id);
  } finally {
    await emulator.close();
  }
  expect((await readFile(stateFile, 'utf8')).split('\n')[0]).toBe('{"version":2}');
});
