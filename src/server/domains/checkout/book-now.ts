// Book Now (and SPEC's POST /booking): one part booked on its own becomes a one-line order, taxed
// and later invoiced like a checkout's, so nothing is sold without tax. Book Now asks for no
// structured address and no shipping method, so the order is a sale in the shop's own country
// with no shipping, held for the booking hold (24 hours unless configured) rather than a
// checkout's minutes (docs/decisions/0043-checkout-orders.md).
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import type { CreateBookingInput } from '../../../shared/bookings';
import { orderMessages } from '../../../shared/order-messages';
import type { SessionUser } from '../../auth/session-user';
import type { Database } from '../../db/database';
import { bookings, orders, tools } from '../../db/schema';
import { bookedName, bookedVariant } from '../catalogue/variants';
import { createBooking } from '../orders/booking';
import type { HoldLimits } from '../orders/hold-limits';
import type { BookingRow } from '../orders/order-views';
import { loadShopSettings, loadTaxSettings } from './checkout-terms';
import { isPricingRefusal, priceOrder } from './pricing/price-order';

/**
 * Books the part and makes the booking a one-line order, in one transaction: a refusal of either
 * (a booking rule, or a shop with no tax rate for its own country) leaves nothing behind.
 */
export async function bookNow(
  db: Database,
  user: SessionUser,
  input: CreateBookingInput,
  limits: HoldLimits,
  holdMs: number,
): Promise<BookingRow> {
  const settings = await loadShopSettings(db);
  const tax = await loadTaxSettings(db, settings);
  const toolsId = await bookedVariant(db, input.toolsId, input.variantId);
  const booked = await db.transaction(async (tx) => {
    const made = await createBooking(tx, user, { ...input, toolsId }, limits);
    // The booking rule copies the row's name; a variant's booking is named by its options too.
    const toolName = (await bookedName(tx, made.toolId)) ?? made.toolName;
    const booking = { ...made, toolName };
    const pricing = priceOrder({
      lines: [{ sellableId: booking.toolId, quantity: booking.quantity, listUnitCents: booking.unitPriceCents, priceBreaks: [] }],
      tax,
      buyer: { country: settings.country, vatId: null },
      shipping: null,
      discount: null,
    });
    if (isPricingRefusal(pricing)) {
      throw new TRPCError({ code: 'PRECONDITION_FAILED', message: orderMessages.noTaxRate(settings.country) });
    }
    const [line] = pricing.lines;
    // Stryker disable next-line ConditionalExpression,StringLiteral: the engine prices every line it is given
    if (!line) throw new Error('the pricing lost the line');
    const [order] = await tx
      .insert(orders)
      .values({
        channel: 'book_now',
        userId: user.id,
        email: booking.email,
        currency: settings.currency,
        shipName: booking.personName,
        shipLine1: booking.address,
        shipCity: '',
        shipPostalCode: '',
        shipCountry: settings.country,
        phone: booking.phone,
        pricesIncludeTax: settings.pricesIncludeTax,
        taxTreatment: pricing.treatment,
        taxRateBasisPoints: pricing.taxRateBasisPoints,
        subtotalCents: pricing.subtotalCents,
        shippingMethod: '',
        shippingCents: 0,
        shippingTaxCents: 0,
        netCents: pricing.netCents,
        taxCents: pricing.taxCents,
        totalCents: pricing.totalCents,
        heldUntil: new Date(booking.createdAt.getTime() + holdMs),
      })
      .returning({ id: orders.id });
    // Stryker disable next-line ConditionalExpression,StringLiteral: INSERT … RETURNING answers its row; this only narrows the type
    if (!order) throw new Error('the order was not stored');
    await tx
      .update(bookings)
      .set({ orderId: order.id, toolName, discountCents: 0, taxCents: line.taxCents, chargedCents: line.grossCents })
      .where(eq(bookings.id, booking.id));
    return { ...booking, orderId: order.id, chargedCents: line.grossCents, orderChannel: 'book_now' as const };
  });
  await db.$cache.invalidate({ tables: [tools] });
  return booked;
}
