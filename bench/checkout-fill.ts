// Fills what the checkout rows need, after fillDemoScale: the shop open for checkout, customers
// whose carts already hold three lines (one group adds to its carts, another opens checkout),
// customers who buy (one for each order, so that neither the per-customer rate limits nor the hold
// limits ever refuse a flow), and the shipping rate the orders to Germany go by.
import { and, asc, eq, like } from 'drizzle-orm';
import type { Database } from '../src/server/db/database';
import { seedDemoCommerce } from '../src/server/db/demo-commerce';
import { cartLines, shippingRates, shippingZones, users } from '../src/server/db/schema';

/** Carts changed in turn: at 20 changes per customer a minute, room for 1,600 changes a second. */
const CART_CUSTOMERS = 5_000;
const QUOTE_CUSTOMERS = 200;
/** One per order: enough for 3,000 orders in a measurement and 1,000 in its warm-up. */
const BUYERS = 4_000;
const LINES_PER_CART = 3;
/** Rows per insert, well under Postgres's 65,535 parameters. */
const CHUNK = 1_000;

export interface CheckoutFill {
  /** Carts of three lines, changed by the add-to-cart row. */
  cartCustomerIds: string[];
  /** Carts of three lines, priced by the open-checkout row. */
  quoteCustomerIds: string[];
  /** Empty carts; each fills its own and pays for it once. */
  buyerIds: string[];
  /** Whose paid order's invoice the invoice row renders. */
  invoiceBuyerId: string;
  /** The parts every cart takes its lines from, each with stock for every order of a run. */
  partIds: string[];
  /** Germany's standard rate, which the orders are placed with. */
  shippingRateId: string;
}

/** The parts of the `index`th customer's cart: neighbours in turn, so that orders rarely wait on each other's parts. */
export function cartPartIds(index: number, partIds: readonly string[]): string[] {
  return Array.from({ length: LINES_PER_CART }, (_, line) => partIds[(index * LINES_PER_CART + line) % partIds.length]!);
}

export async function fillCheckout(db: Database, partIds: string[]): Promise<CheckoutFill> {
  // seedDemoData seeds the commerce settings with the catalogue; this opens the shop whatever seeded it.
  await seedDemoCommerce(db);
  const cartCustomerIds = await insertCustomers(db, 'cart', CART_CUSTOMERS);
  const quoteCustomerIds = await insertCustomers(db, 'quote', QUOTE_CUSTOMERS);
  const buyerIds = await insertCustomers(db, 'buyer', BUYERS);
  const [invoiceBuyerId] = await insertCustomers(db, 'invoice-buyer', 1);
  await fillCarts(db, cartCustomerIds, partIds);
  await fillCarts(db, quoteCustomerIds, partIds);
  const [rate] = await db
    .select({ id: shippingRates.id })
    .from(shippingRates)
    .innerJoin(shippingZones, eq(shippingZones.id, shippingRates.zoneId))
    .where(and(eq(shippingZones.name, 'Germany'), like(shippingRates.name, 'Standard%')))
    .orderBy(asc(shippingRates.priceCents));
  if (!rate || !invoiceBuyerId) throw new Error('the checkout fill is missing its shipping rate or its invoice buyer');
  return { cartCustomerIds, quoteCustomerIds, buyerIds, invoiceBuyerId, partIds, shippingRateId: rate.id };
}

async function insertCustomers(db: Database, kind: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < count; start += CHUNK) {
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: Math.min(CHUNK, count - start) }, (_, offset) => ({
          email: `${kind}-${start + offset}@example.com`,
          displayName: `Bench ${kind} ${start + offset}`,
        })),
      )
      .returning({ id: users.id });
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

async function fillCarts(db: Database, customerIds: string[], partIds: string[]): Promise<void> {
  for (let start = 0; start < customerIds.length; start += CHUNK) {
    const lines = customerIds
      .slice(start, start + CHUNK)
      .flatMap((userId, offset) => cartPartIds(start + offset, partIds).map((toolId) => ({ userId, toolId, quantity: 1 })));
    await db.insert(cartLines).values(lines);
  }
}
