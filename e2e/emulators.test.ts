// The running embedded storefront's payments emulator, tried as another program or another site
// would: its keys are this data directory's own, not a well-known pair, and it answers only the
// storefront's pages, only on the card confirmation they make.
import { inject } from 'vitest';
import { describe, expect, it } from 'vitest';

const baseUrl = inject('baseUrl');
const apiBase = inject('paymentsApiBase');

async function publishableKey(): Promise<string> {
  const config = (await (await fetch(`${baseUrl}/config.json`)).json()) as { payments: { publishableKey: string } };
  return config.payments.publishableKey;
}

describe('the embedded payments emulator', () => {
  it('answers to keys generated for its data directory, not the once well-known ones', async () => {
    expect(await publishableKey()).toMatch(/^pk_test_[0-9a-f]{64}$/);
    for (const key of ['sk_test_emulator', 'pk_test_emulator']) {
      const response = await fetch(`${apiBase}/v1/payment_intents`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}` },
        body: new URLSearchParams({ amount: '500', currency: 'usd' }),
      });
      expect(response.status).toBe(401);
    }
  });

  it('lets the storefront’s pages confirm a card, and no other site’s', async () => {
    const preflight = (origin: string) =>
      fetch(`${apiBase}/v1/payment_intents/pi_any/confirm`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
      });

    const own = await preflight(baseUrl);
    expect(own.status).toBe(204);
    expect(own.headers.get('access-control-allow-origin')).toBe(baseUrl);

    const other = await preflight('https://evil.example');
    expect(other.status).toBe(403);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();

    const posted = await fetch(`${apiBase}/v1/payment_intents/pi_any/confirm`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await publishableKey()}`, origin: 'https://evil.example' },
      body: new URLSearchParams({ client_secret: 'pi_any_secret_x' }),
    });
    expect(posted.status).toBe(403);
  });
});
