// The state file: an emulator restarted on the same file still knows its PaymentIntents and the
// responses it gave to idempotent requests; whatever it answered is already on disk, and the file
// is always whole, so a crash at any moment loses nothing it confirmed.
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startTestEmulator } from './testing/emulator';

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'payments-emulator-'));
});
afterEach(() => rm(directory, { recursive: true, force: true }));

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

it('has every answered request on disk when it answers, in a whole file, however many arrive at once', async () => {
  const stateFile = join(directory, 'payments-emulator.json');
  const { emulator, stripe } = await startTestEmulator({ stateFile });
  /** What a crash at this moment would leave: the file as it is, which must always parse. */
  const onDisk = async () =>
    (JSON.parse(await readFile(stateFile, 'utf8')) as { paymentIntents: Array<{ id: string }> }).paymentIntents;
  try {
    const burst = Array.from({ length: 40 }, async (_, index) => {
      const intent = await stripe.paymentIntents.create({ amount: 100 + index, currency: 'usd' });
      expect((await onDisk()).map((saved) => saved.id)).toContain(intent.id);
      return intent.id;
    });
    const ids = await Promise.all(burst);

    expect((await onDisk()).map((saved) => saved.id).sort()).toEqual([...ids].sort());
  } finally {
    await emulator.close();
  }
  expect(await readdir(directory)).toEqual(['payments-emulator.json']);
});
