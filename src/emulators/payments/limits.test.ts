// What one request may cost: too many parameters, an overlong name or value, too deep a nesting or
// too large a body is refused in Stripe's error shape (400, or 413 for the body) and changes nothing.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningPaymentsEmulator } from './index';
import { PARAM_LIMITS } from './params';
import { TEST_KEYS, startTestEmulator } from './testing/emulator';

let emulator: RunningPaymentsEmulator;
beforeAll(async () => {
  ({ emulator } = await startTestEmulator());
});
afterAll(() => emulator.close());

/** Creates a PaymentIntent with the secret key, as the stripe SDK would, from a raw form body. */
function create(body: string): Promise<Response> {
  return fetch(`${emulator.url}/v1/payment_intents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_KEYS.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
}

const base = 'amount=500&currency=usd';

it('creates an intent with parameters within the caps', async () => {
  const response = await create(`${base}&description=${'d'.repeat(PARAM_LIMITS.valueLength)}`);
  expect(response.status).toBe(200);
});

it.each([
  [
    'too many parameters',
    Array.from({ length: PARAM_LIMITS.count }, (_, index) => `metadata[k${index}]=v`).join('&'),
    /Too many parameters/,
  ],
  ['an overlong value', `description=${'d'.repeat(PARAM_LIMITS.valueLength + 1)}`, /at most 5000 characters/],
  ['an overlong name', `${'n'.repeat(PARAM_LIMITS.keyLength + 1)}=1`, /Invalid parameter name/],
  ['too deep a nesting', 'metadata[a][b][c][d]=1', /Invalid parameter name/],
])('refuses %s with a 400 in Stripe’s shape', async (_case, extra, message) => {
  const response = await create(`${base}&${extra}`);

  expect(response.status).toBe(400);
  const { error } = (await response.json()) as { error: { type: string; message: string } };
  expect(error.type).toBe('invalid_request_error');
  expect(error.message).toMatch(message);
});

it('refuses a body larger than any call with a 413 in Stripe’s shape, without reading it', async () => {
  const response = await create(`${base}&description=${'d'.repeat(200_000)}`);

  expect(response.status).toBe(413);
  expect(await response.json()).toMatchObject({ error: { type: 'invalid_request_error', message: 'The request body is too large.' } });
});
