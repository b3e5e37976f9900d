// What an order email says, per kind, as plain strings: the HTML and text parts are both made
// from it (templates.ts), so they always tell the same thing.
import type { EmailKind } from '../../shared/emails';
import { centsToDollars, formatDollars } from '../../shared/money';

/** The order as the email shows it: read from the booking when the email is sent. */
export interface OrderEmailData {
  id: string;
  toolName: string;
  personName: string;
  phone: string;
  address: string;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
  transactionId: string | null;
  paidAt: Date | null;
}

export interface OrderEmailContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  /** Label and value rows: the order's details, or the receipt. */
  details: Array<[label: string, value: string]>;
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

function money(cents: number): string {
  return formatDollars(centsToDollars(cents));
}

function orderRows(order: OrderEmailData): Array<[string, string]> {
  return [
    ['Order', order.id],
    ['Part', order.toolName],
    ['Quantity', `${order.quantity} × ${money(order.unitPriceCents)}`],
    ['Total', money(order.totalCents)],
  ];
}

function receiptRows(order: OrderEmailData, paidLabel: string): Array<[string, string]> {
  return [
    ...orderRows(order),
    [paidLabel, money(order.totalCents)],
    ['Transaction id', order.transactionId ?? '—'],
    ...(order.paidAt ? [['Paid on', `${dateTime.format(order.paidAt)} UTC`] as [string, string]] : []),
  ];
}

export function orderEmailContent(kind: EmailKind, order: OrderEmailData): OrderEmailContent {
  const hello = `Hello ${order.personName},`;
  switch (kind) {
    case 'booking':
      return {
        subject: `Your booking of ${order.toolName}`,
        heading: 'Thank you for your booking',
        paragraphs: [
          hello,
          `We have booked ${order.quantity} × ${order.toolName} for you and hold the stock while you pay. Pay for it from My Orders in your dashboard; an unpaid booking is cancelled when its hold runs out.`,
        ],
        details: [...orderRows(order), ['Deliver to', order.address], ['Phone', order.phone]],
      };
    case 'payment_received':
      return {
        subject: `Payment received for ${order.toolName}`,
        heading: 'Payment received',
        paragraphs: [hello, 'We have received your payment. This is your receipt; we will tell you when the order ships.'],
        details: [...receiptRows(order, 'Paid'), ['Deliver to', order.address]],
      };
    case 'shipped':
      return {
        subject: `Your ${order.toolName} order has shipped`,
        heading: 'Your order has shipped',
        paragraphs: [hello, `Your order of ${order.quantity} × ${order.toolName} is on its way.`],
        details: [...orderRows(order), ['Ship to', order.address]],
      };
    case 'cancelled':
      return {
        subject: `Your booking of ${order.toolName} was cancelled`,
        heading: 'Your booking was cancelled',
        paragraphs: [
          hello,
          `Your booking of ${order.quantity} × ${order.toolName} was cancelled before it was paid. Nothing was charged.`,
        ],
        details: orderRows(order),
      };
    case 'expired':
      return {
        subject: `Your booking of ${order.toolName} has expired`,
        heading: 'Your booking has expired',
        paragraphs: [
          hello,
          `Your booking of ${order.quantity} × ${order.toolName} was not paid in time, so the stock held for it was released. Nothing was charged; you are welcome to book again.`,
        ],
        details: orderRows(order),
      };
    case 'refunded':
      return {
        subject: `Your payment for ${order.toolName} was refunded`,
        heading: 'Your payment was refunded',
        paragraphs: [hello, `We have refunded your payment of ${money(order.totalCents)} for ${order.toolName} to your card.`],
        details: receiptRows(order, 'Refunded'),
      };
  }
}
