// The state file: an emulator restarted on the same file still knows its PaymentIntents and the
// responses it gave to idempotent requests.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
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
