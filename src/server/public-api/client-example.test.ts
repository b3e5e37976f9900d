// The stock-sync example (examples/stock-sync) runs as an integration would: the typed client built
// as `npm pack` ships it, over a real socket to the shop, with an API key its business customer
// made. It reads the catalogue, prices and places an order of what it can get, and reads it back.
import { randomUUID } from 'node:crypto';
import { createBusinessCustomer, createTestApiKey } from '../testing/api-keys';
import { berlinConsumer, PHONE, stockOf } from '../testing/checkout';
import { buildClientPackage } from '../testing/client-package';
import { expect, test } from '../testing/fixtures';

/** The built package and the example, loaded once it is built (both import `@sprocket/client`). */
async function loadBuiltClient() {
  await buildClientPackage();
  const client = await import('@sprocket/client');
  const example = await import('../../../examples/stock-sync/src/restock');
  return { ...client, ...example };
}

const built = test.extend<{ built: Awaited<ReturnType<typeof loadBuiltClient>> & { baseUrl: string } }>({
  built: [
    async ({ shop }, use) => {
      const loaded = await loadBuiltClient();
      await use({ ...loaded, baseUrl: await shop.app.listen({ port: 0, host: '127.0.0.1' }) });
    },
    { scope: 'file' },
  ],
});
built.override('customer', { scope: 'file' }, ({ shop }) => createBusinessCustomer(shop));

built(
  'the example orders what it is short of, and the order reads back unpaid with its page to pay',
  async ({ shop, customer, built }) => {
    const chain = await shop.createTool({ name: 'Example chain', priceCents: 24_90, available: 20, minimumOrderQuantity: 1 });
    const scarce = await shop.createTool({ name: 'Example hub', priceCents: 99_00, available: 1 });
    const notOnSale = randomUUID();
    const client = built.createSprocketClient({
      baseUrl: built.baseUrl,
      apiKey: (await createTestApiKey(shop, customer, ['catalogue:read', 'orders:read', 'orders:write'])).key,
    });

    const report = await built.restock(client, {
      wanted: [
        { partId: chain.id, quantity: 3 },
        { partId: scarce.id, quantity: 2 },
        { partId: notOnSale, quantity: 1 },
      ],
      shipTo: { ...berlinConsumer, country: 'DE' },
      phone: PHONE,
    });

    expect(report.catalogue).toContainEqual({ id: chain.id, name: 'Example chain', price: 24.9, available: 20 });
    expect(report.skipped).toEqual([scarce.id, notOnSale]);
    // 3 × 24.90 with the cheapest method offered to Germany, Standard at 5.90.
    expect(report.order).toMatchObject({
      status: 'unpaid',
      total: 80.6,
      shipping: { method: 'Standard (2–3 days)', amount: 5.9 },
      lines: [{ partId: chain.id, quantity: 3, status: 'unpaid' }],
    });
    expect(report.paymentUrl).toContain(report.order?.id);
    expect(await stockOf(shop, chain.id)).toBe(17);
  },
);

built('a refusal reaches the integration as a SprocketApiError with the API’s code and sentence', async ({ built }) => {
  const anonymous = built.createSprocketClient({ baseUrl: built.baseUrl });
  const answer = await anonymous.GET('/api/v1/orders/{id}', { params: { path: { id: randomUUID() } } });
  const refusal = (() => {
    try {
      built.dataOrThrow(answer);
    } catch (error) {
      return error;
    }
  })();
  expect(refusal).toBeInstanceOf(built.SprocketApiError);
  expect(refusal).toMatchObject({ status: 401, code: 'UNAUTHORIZED', message: expect.any(String) as unknown });
});
