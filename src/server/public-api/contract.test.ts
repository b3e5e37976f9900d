// The public API keeps the committed document's promise: for each /api/v1 operation, requests drawn
// from its parameter and body schemas (what a client means to send, and the edges and wrong kinds a
// careless one does), over a real socket, as the customer or as nobody. Every answer's status is one
// the document lists for the operation, its body matches the schema for that status, never a 5xx.
// FUZZ_SEED=<seed> replays a run (the seed is printed when a property fails).
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { onTestFailed } from 'vitest';
import { projectPath } from '../project-root';
import { createBusinessCustomer, createTestApiKey } from '../testing/api-keys';
import { berlinConsumer, PHONE, rateId } from '../testing/checkout';
import { expect, test } from '../testing/fixtures';
import { answerChecker, operationsOf, requestsFor, type ContractValues, type OpenApiDocument } from '../testing/openapi-contract';

const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

const document = JSON.parse(readFileSync(projectPath('api', 'openapi-v1.json'), 'utf8')) as OpenApiDocument;
const operations = operationsOf(document, '/api/v1/');
const checkAnswer = answerChecker(document);

interface Served {
  baseUrl: string;
  bearer: string;
  known: ContractValues;
}

/** The file's shop on a real socket, with a part and an order of the customer's, and their bearer. */
const served = test.extend<{ served: Served }>({
  served: [
    async ({ shop, customer }, use) => {
      const part = await shop.createTool({ name: 'Contract chainring', priceCents: 19_90, available: 500, minimumOrderQuantity: 1 });
      const bearer = (await createTestApiKey(shop, customer, ['catalogue:read', 'orders:read', 'orders:write'])).key;
      const baseUrl = await shop.app.listen({ port: 0, host: '127.0.0.1' });
      const shippingRateId = await rateId(shop, 'Standard (2–3 days)');
      const order = { address: berlinConsumer, phone: PHONE, shippingRateId, lines: [{ partId: part.id, quantity: 1 }] };
      const placed = await fetch(`${baseUrl}/api/v1/orders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: JSON.stringify(order),
      });
      expect(placed.status).toBe(201);
      const { id: orderId } = (await placed.json()) as { id: string };
      const known: ContractValues = {
        ids: [part.id, orderId, shippingRateId, customer.user.id],
        emails: [customer.user.email],
        byName: {
          address: [berlinConsumer],
          phone: [PHONE],
          shippingRateId: [shippingRateId],
          partId: [part.id],
          quantity: [1, 2],
          id: [part.id, orderId],
        },
      };
      await use({ baseUrl, bearer, known });
    },
    { scope: 'file' },
  ],
});
served.override('customer', { scope: 'file' }, ({ shop }) => createBusinessCustomer(shop));

test('the document describes the public API’s operations', () => {
  expect(operations.map((operation) => operation.operationId)).toEqual(
    expect.arrayContaining(['listParts', 'getPart', 'placeOrder', 'getOrder']),
  );
});

served.for(operations.map((operation) => [operation.operationId, operation] as const))(
  '%s answers only as the document says',
  async ([, operation], { served: { baseUrl, bearer, known } }) => {
    onTestFailed(() => console.error(`API contract failed: replay with FUZZ_SEED=${seed}`));
    await fc.assert(
      fc.asyncProperty(requestsFor(operation, known), async (request) => {
        const response = await fetch(baseUrl + request.url, {
          method: request.method,
          headers: {
            ...(request.withCaller ? { authorization: `Bearer ${bearer}` } : {}),
            ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
        });
        const text = await response.text();
        const what = `${request.method} ${request.url} → ${response.status} ${text.slice(0, 300)}`;
        expect(response.status, what).toBeLessThan(500);
        const status = String(response.status);
        expect(operation.statuses, what).toContain(status);
        const body: unknown = text === '' ? undefined : JSON.parse(text);
        expect(checkAnswer(operation, status, body), what).toEqual([]);
      }),
      { numRuns: RUNS, seed: seed + operations.indexOf(operation) },
    );
  },
);
