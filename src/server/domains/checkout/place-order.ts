// Placing an order: the customer's cart becomes one order, its lines bookings with their stock
// taken, priced once, held until the reservation's deadline, and paid with one PaymentIntent.
// Everything but the intent happens in one transaction under a lock on the customer's row and the
// parts' rows (in id order), so concurrent checkouts never oversell, never deadlock, and a
// discount code's last use goes to exactly one of them.
import { TRPCError } from '@trpc/server';
import { and, eq, sql } from 'drizzle-orm';
import { MAX_ORDER_TOTAL_CENTS } from '../../../shared/constants';
import type { Address } from '../../../shared/addresses';
import { countryName } from '../../../shared/countries';
import { dollarsToCents } from '../../../shared/money';
import { orderMessages } from '../../../shared/order-messages';
import type { PlaceOrderInput } from '../../../shared/orders';
import type { SessionUser } from '../../auth/session-user';
import type { Database } from '../../db/database';
import { bookings, cartLines, discountUses, emailOutbox, orders, savedAddresses, tools, users } from '../../db/schema';
import type { PaymentsGateway } from '../../payments/payments-gateway';
import type { HoldLimits } from '../orders/hold-limits';
import {
  cartLinesToPrice,
  givenLinesToPrice,
  priceCheckout,
  refuseUnsellableLines,
  stockLinesNamed,
  type CartLineToPrice,
  type OrderLineNamed,
} from './order-pricing';
import { ensureOrderIntent } from './order-payment';
import { orderColumns, type OrderRow } from './placed-orders';

/** The address as one line, for the booking's address column that SPEC's views show. */
function addressLine(address: Address): string {
  return [address.company, address.line1, address.line2, `${address.postalCode} ${address.city}`, countryName(address.country)]
    .filter(Boolean)
    .join(', ');
}

/**
 * Places the caller's cart as one order and opens its PaymentIntent. The intent is asked for after
 * the order commits: a provider that cannot be reached leaves the order placed, and the payment
 * page asks again.
 */
export async function placeOrder(
  db: Database,
  payments: PaymentsGateway,
  user: SessionUser,
  input: PlaceOrderInput,
  limits: HoldLimits,
): Promise<OrderRow> {
  const order = await db.transaction((tx) => placeInTransaction(tx, user, input, limits, fromCart));
  await db.$cache.invalidate({ tables: [tools] });
  try {
    return (await ensureOrderIntent(db, payments, order)).order;
  } catch {
    return order;
  }
}

/**
 * Places an order of the lines given (over the public API), priced, held and refused exactly as a
 * checkout of the same cart would be; the customer's cart is left as it is. No PaymentIntent is
 * opened: the order's payment page opens one when the customer pays (orders.intent), as it does
 * for a checkout order whose intent could not be opened at once.
 */
export async function placeOrderFromLines(
  db: Database,
  user: SessionUser,
  input: PlaceOrderInput & { lines: readonly OrderLineNamed[] },
  limits: HoldLimits,
): Promise<OrderRow> {
  const stockLines = await stockLinesNamed(db, input.lines);
  const order = await db.transaction((tx) =>
    placeInTransaction(tx, user, input, limits, {
      read: (lockedTx) => givenLinesToPrice(lockedTx, stockLines, true),
      emptiesCart: false,
    }),
  );
  await db.$cache.invalidate({ tables: [tools] });
  return order;
}

/** Where an order's lines come from, and whether placing it empties the customer's cart. */
interface LinesSource {
  read: (tx: Database, userId: string) => Promise<CartLineToPrice[]>;
  emptiesCart: boolean;
}

const fromCart: LinesSource = { read: (tx, userId) => cartLinesToPrice(tx, userId, true), emptiesCart: true };

async function placeInTransaction(
  tx: Database,
  user: SessionUser,
  input: PlaceOrderInput,
  limits: HoldLimits,
  source: LinesSource,
): Promise<OrderRow> {
  // The customer's row first, as a booking takes it: their checkouts and bookings go one at a time,
  // so the hold limits count every one of them.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
  const lines = await source.read(tx, user.id);
  refuseUnsellableLines(lines);
  const now = new Date();
  const priced = await priceCheckout(
    tx,
    lines,
    { country: input.address.country, shippingRateId: input.shippingRateId, vatId: input.vatId, discountCode: input.discountCode },
    { userId: user.id, lockCode: true, now },
  );
  const { pricing, settings } = priced;
  if (input.expectedTotal !== undefined && dollarsToCents(input.expectedTotal) !== pricing.totalCents) {
    throw new TRPCError({ code: 'CONFLICT', message: orderMessages.totalChanged });
  }
  if (pricing.totalCents > MAX_ORDER_TOTAL_CENTS) throw new TRPCError({ code: 'BAD_REQUEST', message: orderMessages.orderTooLarge });
  await refuseBeyondHoldLimits(
    tx,
    user.id,
    { units: sumOf(lines.map((line) => line.quantity)), valueCents: pricing.totalCents },
    limits,
  );

  const [order] = await tx
    .insert(orders)
    .values({
      userId: user.id,
      email: user.email,
      currency: settings.currency,
      shipName: input.address.name,
      shipCompany: input.address.company ?? null,
      shipLine1: input.address.line1,
      shipLine2: input.address.line2 ?? null,
      shipCity: input.address.city,
      shipPostalCode: input.address.postalCode,
      shipCountry: input.address.country,
      phone: input.phone,
      buyerVatId: priced.vatId,
      pricesIncludeTax: settings.pricesIncludeTax,
      taxTreatment: pricing.treatment,
      taxRateBasisPoints: pricing.taxRateBasisPoints,
      subtotalCents: pricing.subtotalCents,
      discountCode: pricing.discount?.code ?? null,
      discountCents: pricing.discount?.cents ?? 0,
      shippingMethod: priced.chosenRate.name,
      shippingCents: pricing.shipping?.cents ?? 0,
      shippingTaxCents: pricing.shipping?.taxCents ?? 0,
      netCents: pricing.netCents,
      taxCents: pricing.taxCents,
      totalCents: pricing.totalCents,
      heldUntil: new Date(now.getTime() + settings.reservationMinutes * 60_000),
    })
    .returning(orderColumns);
  // Stryker disable next-line ConditionalExpression,StringLiteral: INSERT … RETURNING answers its row; this only narrows the type
  if (!order) throw new Error('the order was not stored');

  const address = addressLine(input.address);
  await tx.insert(bookings).values(
    lines.map((line, index) => {
      const priced = pricing.lines[index];
      // Stryker disable next-line ConditionalExpression,StringLiteral: the engine prices every line it is given, in order
      if (!priced || priced.sellableId !== line.toolId) throw new Error('the pricing lost a line');
      return {
        orderId: order.id,
        toolId: line.toolId,
        userId: user.id,
        toolName: line.name,
        email: user.email,
        personName: input.address.name,
        phone: input.phone,
        address,
        quantity: line.quantity,
        unitPriceCents: priced.unitCents,
        totalCents: priced.lineCents,
        discountCents: priced.discountCents,
        taxCents: priced.taxCents,
        chargedCents: priced.grossCents,
      };
    }),
  );
  for (const line of lines) {
    await tx
      .update(tools)
      .set({ available: sql`${tools.available} - ${line.quantity}` })
      .where(eq(tools.id, line.toolId));
  }
  if (priced.discountCode)
    await tx.insert(discountUses).values({ codeId: priced.discountCode.id, userId: user.id, orderId: order.id });
  if (source.emptiesCart) await tx.delete(cartLines).where(eq(cartLines.userId, user.id));
  await rememberAddress(tx, user.id, input.address);
  await tx.insert(emailOutbox).values({ kind: 'order_placed', orderId: order.id, recipient: user.email });
  return order;
}

function sumOf(amounts: readonly number[]): number {
  return amounts.reduce((total, amount) => total + amount, 0);
}

/**
 * A checkout is one hold, as a Book Now booking is: the customer's unpaid orders and unpaid
 * bookings of their own count against the limits, with their units and value (docs/decisions/0018).
 */
async function refuseBeyondHoldLimits(
  tx: Database,
  userId: string,
  adding: { units: number; valueCents: number },
  limits: HoldLimits,
): Promise<void> {
  const [held] = await tx
    .select({
      holds: sql<number>`count(distinct coalesce(${bookings.orderId}, ${bookings.id}))`.mapWith(Number),
      units: sql<number>`coalesce(sum(${bookings.quantity}), 0)`.mapWith(Number),
      valueCents: sql<number>`coalesce(sum(coalesce(${bookings.chargedCents}, ${bookings.totalCents})), 0)`.mapWith(Number),
    })
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.status, 'unpaid')));
  const current = held ?? { holds: 0, units: 0, valueCents: 0 };
  const refuse = (message: string) => new TRPCError({ code: 'PRECONDITION_FAILED', message });
  if (current.holds >= limits.bookings) throw refuse(orderMessages.holdLimitOrders(limits.bookings));
  if (current.units + adding.units > limits.units) throw refuse(orderMessages.holdLimitUnits(limits.units));
  if (current.valueCents + adding.valueCents > limits.valueCents) throw refuse(orderMessages.holdLimitValue(limits.valueCents));
}

/** Keeps the address for the next checkout: the same address is refreshed, not stored twice. */
async function rememberAddress(tx: Database, userId: string, address: Address): Promise<void> {
  const fields = {
    name: address.name,
    company: address.company ?? null,
    line1: address.line1,
    line2: address.line2 ?? null,
    city: address.city,
    postalCode: address.postalCode,
    country: address.country,
  };
  const same = await tx
    .update(savedAddresses)
    .set({ lastUsedAt: new Date() })
    .where(
      and(
        eq(savedAddresses.userId, userId),
        ...Object.entries(fields).map(([key, value]) => {
          const column = savedAddresses[key as keyof typeof fields];
          return value === null ? sql`${column} is null` : eq(column, value);
        }),
      ),
    )
    .returning({ id: savedAddresses.id });
  if (same.length === 0) await tx.insert(savedAddresses).values({ userId, ...fields });
}
