// A customer's orders as the public API promises them, and what placing one takes. Lines name a
// part (and, for a part with options, one of its variants); the order is priced, held and paid
// exactly as one placed at the shop's checkout.
import { z } from 'zod';
import { bookingStatuses } from '../bookings';
import { orderStatuses } from '../commerce';
import { MAX_CART_LINES, MAX_QUANTITY } from '../constants';
import { idSchema } from '../common';
import { placeOrderSchema, quoteInputSchema } from '../orders';
import { apiMessages } from './messages';
import { moneySchema } from './money';
import { pageSchema } from './part';

const orderLineSchema = z
  .object({
    bookingId: z.uuid().meta({ description: 'The line’s id.' }),
    partId: z.uuid(),
    variantId: z.uuid().meta({ description: 'The part’s variant the line is of; null for the part’s default.' }).nullable(),
    name: z.string(),
    quantity: z.int().min(1),
    unitPrice: moneySchema('Unit price.'),
    lineTotal: moneySchema('Unit price times quantity.'),
    discount: moneySchema('The line’s share of the discount.'),
    tax: moneySchema('Tax on the line.'),
    charged: moneySchema('What the line costs the customer: after its discount, with its tax.'),
    status: z.enum(bookingStatuses),
    shippedAt: z.iso.datetime().nullable(),
    refundedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'OrderLine' });

const shippingAddressSchema = z
  .object({
    name: z.string(),
    company: z.string().nullable(),
    line1: z.string(),
    line2: z.string().nullable(),
    city: z.string(),
    postalCode: z.string(),
    country: z.string().meta({ description: 'ISO 3166-1 alpha-2 code.', example: 'DE' }),
  })
  .meta({ id: 'ShippingAddress' });

export const orderSchema = z
  .object({
    id: z.uuid(),
    number: z.string().meta({ description: 'The order number the customer sees.', example: 'SP-000042' }),
    status: z.enum(orderStatuses).meta({ description: 'unpaid (held until `heldUntil`), paid, cancelled or expired.' }),
    currency: z.string().meta({ example: 'EUR' }),
    shipTo: shippingAddressSchema,
    phone: z.string(),
    buyerVatId: z.string().nullable(),
    pricesIncludeTax: z.boolean(),
    taxRate: z.number().meta({ description: 'In percent.', example: 19 }),
    reverseCharge: z.boolean(),
    lines: z.array(orderLineSchema),
    subtotal: moneySchema('Sum of the lines.'),
    discount: z.object({ code: z.string(), amount: moneySchema('Discount.') }).nullable(),
    shipping: z.object({ method: z.string(), amount: moneySchema('Shipping.'), tax: moneySchema('Tax on shipping.') }).nullable(),
    net: moneySchema('Total without tax.'),
    tax: moneySchema('Total tax.'),
    total: moneySchema('What the customer pays.'),
    heldUntil: z.iso.datetime().meta({ description: 'An unpaid order’s stock is held until then, then it expires.' }),
    createdAt: z.iso.datetime(),
    paidAt: z.iso.datetime().nullable(),
    cancelledAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Order' });

export const orderPageSchema = pageSchema(orderSchema, 'OrderPage');

export const placedOrderSchema = orderSchema
  .extend({
    paymentUrl: z.url().meta({
      description: 'The shop page where the customer pays this order by card. Card data never passes through the API.',
      example: 'https://shop.example/orders/3f1c2a9e-8b7d-4c55-9a0e-2d6f4b1e7a10/pay',
    }),
  })
  .meta({ id: 'PlacedOrder', description: 'The order just placed, unpaid, with the page where the customer pays it.' });

const apiOrderLineInputSchema = z
  .object({
    partId: idSchema,
    variantId: idSchema.optional().meta({ description: 'One of the part’s variants; left out, the part’s default.' }),
    quantity: z
      .int({ error: apiMessages.quantityInvalid })
      .min(1, apiMessages.quantityInvalid)
      .max(MAX_QUANTITY, apiMessages.quantityInvalid),
  })
  .meta({ id: 'OrderLineInput' });

const orderLinesInputSchema = z
  .array(apiOrderLineInputSchema, { error: apiMessages.linesInvalid })
  .min(1, apiMessages.linesInvalid)
  .max(MAX_CART_LINES, apiMessages.linesInvalid)
  .refine((lines) => new Set(lines.map((line) => line.variantId ?? line.partId)).size === lines.length, apiMessages.linesRepeated);

const EXAMPLE_LINES = [{ partId: '3f1c2a9e-8b7d-4c55-9a0e-2d6f4b1e7a10', quantity: 10 }];

/** The checkout's own choices (address, phone, shipping method, VAT ID, discount code, expected total) plus the lines. */
export const placeOrderFromLinesSchema = placeOrderSchema.extend({ lines: orderLinesInputSchema }).meta({
  id: 'PlaceOrderRequest',
  example: {
    lines: EXAMPLE_LINES,
    address: {
      name: 'Luc Martin',
      company: 'Vélo Lyon SARL',
      line1: '5 rue de la République',
      city: 'Lyon',
      postalCode: '69002',
      country: 'FR',
    },
    phone: '+33 4 78 00 00 00',
    shippingRateId: '9b2d6c1e-4f3a-4e8b-a1c7-5d0e2f6a8b34',
    vatId: 'FR40303265045',
    expectedTotal: 321.4,
  },
});

/** What the checkout page asks before placing (country, shipping method, VAT ID, discount code) plus the lines. */
export const quoteOrderRequestSchema = quoteInputSchema
  .extend({
    shippingRateId: idSchema.optional().meta({ description: 'One of `shippingOptions`; left out, the cheapest.' }),
    lines: orderLinesInputSchema,
  })
  .meta({ id: 'QuoteRequest', example: { country: 'FR', vatId: 'FR40303265045', lines: EXAMPLE_LINES } });

export const orderQuoteSchema = z
  .object({
    currency: z.string().meta({ example: 'EUR' }),
    pricesIncludeTax: z.boolean(),
    reservationMinutes: z
      .int()
      .min(1)
      .meta({ description: 'How long placing the order holds its stock for the customer to pay.', example: 30 }),
    lines: z.array(
      z.object({
        partId: z.uuid(),
        variantId: z.uuid().meta({ description: 'The part’s variant the line is of; null for the part’s default.' }).nullable(),
        name: z.string(),
        quantity: z.int().min(1),
        unitPrice: moneySchema('Unit price, after any quantity price break.'),
        lineTotal: moneySchema('Unit price times quantity.'),
        discount: moneySchema('The line’s share of the discount.'),
      }),
    ),
    shippingOptions: z
      .array(z.object({ id: z.uuid(), name: z.string(), price: moneySchema('Shipping for these lines.'), chosen: z.boolean() }))
      .meta({ description: 'The shipping methods offered to the country; `id` is the `shippingRateId` to place the order with.' }),
    subtotal: moneySchema('Sum of the lines.'),
    discount: z.object({ code: z.string(), amount: moneySchema('Discount.') }).nullable(),
    shipping: z.object({ method: z.string(), amount: moneySchema('Shipping.') }),
    taxRate: z.number().meta({ description: 'In percent.', example: 19 }),
    reverseCharge: z.boolean(),
    vatId: z.string().nullable().meta({ description: 'The VAT ID that counts for this order; null when none does.' }),
    net: moneySchema('Total without tax.'),
    tax: moneySchema('Total tax.'),
    total: moneySchema('What placing the order now would charge: pass it as `expectedTotal`.'),
  })
  .meta({ id: 'OrderQuote', description: 'The lines priced as placing the order now would charge them. Nothing is held.' });
