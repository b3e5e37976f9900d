// A bike shop's nightly stock sync against Sprocket: read the whole catalogue (what is on sale, at
// what price, how many in stock), price the parts it is short of that Sprocket can deliver (the
// cheapest shipping method offered), order them at that total, and read the order back. The
// customer then pays it on the shop's page at `paymentUrl`.
import { dataOrThrow, eachItem, type Schema, type SprocketClient } from '@sprocket/client';

export interface RestockPlan {
  /** The parts the shop is short of, and how many of each to order. */
  wanted: Array<{ partId: string; quantity: number }>;
  shipTo: Schema<'PlaceOrderRequest'>['address'];
  phone: string;
}

export interface RestockReport {
  /** Every part on sale, as the catalogue lists it. */
  catalogue: Array<Pick<Schema<'PartSummary'>, 'id' | 'name' | 'price' | 'available'>>;
  /** The order placed, as read back; null when nothing wanted could be ordered. */
  order: Schema<'Order'> | null;
  /** Where the customer pays the order. */
  paymentUrl: string | null;
  /** Wanted parts not ordered: not on sale, or fewer in stock than wanted. */
  skipped: string[];
}

export async function restock(client: SprocketClient, plan: RestockPlan): Promise<RestockReport> {
  const catalogue: RestockReport['catalogue'] = [];
  const pages = (cursor: string | undefined) =>
    client.GET('/api/v1/parts', { params: { query: { limit: '100', ...(cursor ? { cursor } : {}) } } }).then(dataOrThrow);
  for await (const { id, name, price, available } of eachItem(pages)) catalogue.push({ id, name, price, available });

  const inStock = new Map(catalogue.map((part) => [part.id, part.available]));
  const lines = plan.wanted.filter((line) => (inStock.get(line.partId) ?? 0) >= line.quantity);
  const skipped = plan.wanted.filter((line) => !lines.includes(line)).map((line) => line.partId);
  if (lines.length === 0) return { catalogue, order: null, paymentUrl: null, skipped };

  // Left to choose, the quote takes the cheapest method offered; placing at its total refuses with
  // 409 rather than charge otherwise should a price change in between.
  const quote = dataOrThrow(await client.POST('/api/v1/orders/quote', { body: { lines, country: plan.shipTo.country } }));
  const cheapest = quote.shippingOptions.find((option) => option.chosen);
  if (!cheapest) throw new Error(`Sprocket offers no shipping to ${plan.shipTo.country}`);
  const placed = dataOrThrow(
    await client.POST('/api/v1/orders', {
      body: { lines, address: plan.shipTo, phone: plan.phone, shippingRateId: cheapest.id, expectedTotal: quote.total },
    }),
  );
  const order = dataOrThrow(await client.GET('/api/v1/orders/{id}', { params: { path: { id: placed.id } } }));
  return { catalogue, order, paymentUrl: placed.paymentUrl, skipped };
}
