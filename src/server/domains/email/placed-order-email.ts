// What the email about a whole order placed at checkout says: one email per event (placed, paid,
// cancelled, expired, a parcel shipped, a refund), listing its lines and totals, naming it by its
// number and linking to its page (the placed one to its payment page) and, once paid, its invoice. As for single bookings, an address the identity provider has
// not verified gets only the number and the link (order-email.ts says why).
import type { OrderEmailKind } from '../../../shared/emails';
import { centsToDollars, formatDollars } from '../../../shared/money';
import { orderPagePath, orderPaymentPath } from '../../../shared/order-links';
import type { EmailContent } from './email-content';

export interface PlacedOrderEmailData {
  id: string;
  number: string;
  shipName: string;
  shipTo: string;
  lines: Array<{ name: string; quantity: number; unitPriceCents: number; totalCents: number }>;
  subtotalCents: number;
  discountCode: string | null;
  discountCents: number;
  shippingMethod: string;
  shippingCents: number;
  taxCents: number;
  taxRateBasisPoints: number;
  pricesIncludeTax: boolean;
  reverseCharge: boolean;
  totalCents: number;
  heldUntil: Date;
  transactionId: string | null;
  /** The parcel a 'shipped' email tells of. */
  shipment?: { carrierName: string; trackingNumber: string; trackingUrl: string; lines: string[] } | null;
  /** The refund a 'refunded' email tells of. */
  refund?: { amountCents: number; taxCents: number; what: string; creditNoteNumber: string | null } | null;
}

export type PlacedOrderEmailKind = Extract<
  OrderEmailKind,
  'order_placed' | 'payment_received' | 'cancelled' | 'expired' | 'shipped' | 'refunded'
>;

const placedOrderEmailKinds: readonly OrderEmailKind[] = [
  'order_placed',
  'payment_received',
  'cancelled',
  'expired',
  'shipped',
  'refunded',
];

export function isPlacedOrderEmailKind(kind: OrderEmailKind): kind is PlacedOrderEmailKind {
  return placedOrderEmailKinds.includes(kind);
}

const time = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

function money(cents: number): string {
  return formatDollars(centsToDollars(cents));
}

function totalsRows(order: PlacedOrderEmailData): Array<[string, string]> {
  const rate = `${order.taxRateBasisPoints / 100}%`;
  const taxLabel = order.reverseCharge ? 'VAT (reverse charge)' : order.pricesIncludeTax ? `Included VAT ${rate}` : `VAT ${rate}`;
  return [
    ...order.lines.map((line): [string, string] => [`${line.quantity} × ${line.name}`, money(line.totalCents)]),
    ['Subtotal', money(order.subtotalCents)],
    ...(order.discountCode ? [[`Discount ${order.discountCode}`, `−${money(order.discountCents)}`] as [string, string]] : []),
    // A Book Now order names no shipping method: it charges none.
    ...(order.shippingMethod
      ? [[`Shipping: ${order.shippingMethod}`, order.shippingCents === 0 ? 'Free' : money(order.shippingCents)] as [string, string]]
      : []),
    [taxLabel, money(order.taxCents)],
    ['Total', money(order.totalCents)],
  ];
}

const headings: Record<PlacedOrderEmailKind, string> = {
  order_placed: 'Thank you for your order',
  payment_received: 'Payment received',
  cancelled: 'Your order was cancelled',
  expired: 'Your order has expired',
  shipped: 'Your parts are on their way',
  refunded: 'Your refund',
};

const subjects: Record<PlacedOrderEmailKind, (number: string) => string> = {
  order_placed: (number) => `Your Sprocket order ${number}`,
  payment_received: (number) => `Payment received for Sprocket order ${number}`,
  cancelled: (number) => `Your Sprocket order ${number} was cancelled`,
  expired: (number) => `Your Sprocket order ${number} has expired`,
  shipped: (number) => `Your Sprocket order ${number} has shipped`,
  refunded: (number) => `A refund for your Sprocket order ${number}`,
};

function paragraphs(kind: PlacedOrderEmailKind, order: PlacedOrderEmailData): string[] {
  switch (kind) {
    case 'order_placed':
      return [
        `We hold the parts of order ${order.number} for you until ${time.format(order.heldUntil)} UTC. Pay for it on its payment page before then; an order not paid in time is released and nothing is charged.`,
      ];
    case 'payment_received':
      return [
        `We have received your payment for order ${order.number}. This is your receipt; the invoice is attached and on the order page. We will tell you when it ships.`,
      ];
    case 'cancelled':
      return [`Order ${order.number} was cancelled before it was paid. Nothing was charged.`];
    case 'expired':
      return [
        `Order ${order.number} was not paid in time, so the parts held for it were released. Nothing was charged; you are welcome to order again.`,
      ];
    case 'shipped':
      return order.shipment
        ? [
            `We have shipped ${order.shipment.lines.join(', ')} of order ${order.number} with ${order.shipment.carrierName}.`,
            `Follow the parcel at ${order.shipment.trackingUrl}`,
          ]
        : [`We have shipped parts of order ${order.number}.`];
    case 'refunded':
      return order.refund
        ? [
            `We have refunded ${money(order.refund.amountCents)} (${order.refund.what}) of order ${order.number} to the card you paid with; your bank may take a few days to show it.`,
          ]
        : [`We have refunded part of order ${order.number}.`];
  }
}

/** The rows that say what this email is about: the parcel, or the refund; none for the others. */
function eventRows(kind: PlacedOrderEmailKind, order: PlacedOrderEmailData): Array<[string, string]> {
  if (kind === 'shipped' && order.shipment) {
    return [
      ['Carrier', order.shipment.carrierName],
      ['Tracking number', order.shipment.trackingNumber],
      ['Track your parcel', order.shipment.trackingUrl],
      ['In this parcel', order.shipment.lines.join(', ')],
    ];
  }
  if (kind === 'refunded' && order.refund) {
    return [
      ['Refunded', money(order.refund.amountCents)],
      ['VAT in the refund', money(order.refund.taxCents)],
      ...(order.refund.creditNoteNumber ? [['Credit note', order.refund.creditNoteNumber] as [string, string]] : []),
    ];
  }
  return [];
}

export function placedOrderEmailContent(
  kind: PlacedOrderEmailKind,
  order: PlacedOrderEmailData,
  options: { detailed: boolean; shopUrl: string },
): EmailContent {
  const subject = subjects[kind](order.number);
  // A placed order is unpaid: its email leads to the page where it is paid (which shows a paid
  // order as paid), the same link the public API answers with; the others to the order's page.
  const action =
    kind === 'order_placed'
      ? { label: 'Pay for your order', url: `${options.shopUrl}${orderPaymentPath(order.id)}` }
      : { label: 'View your order', url: `${options.shopUrl}${orderPagePath(order.id)}` };
  if (!options.detailed) {
    return {
      subject,
      heading: headings[kind],
      paragraphs: [
        `${subject}. Its details are in your account at Sprocket.`,
        'Once you verify your email address from My Profile, these emails show the details too.',
      ],
      details: [['Order number', order.number]],
      action,
    };
  }
  const receipt: Array<[string, string]> =
    kind === 'payment_received' && order.transactionId ? [['Transaction id', order.transactionId]] : [];
  return {
    subject,
    heading: headings[kind],
    paragraphs: [`Hello ${order.shipName},`, ...paragraphs(kind, order)],
    details: [['Order number', order.number], ...eventRows(kind, order), ...totalsRows(order), ...receipt, ['Ship to', order.shipTo]],
    action,
  };
}
