// What an order email says, per kind. An address the identity provider has not verified may be
// anyone's (anyone can sign up with a stranger's address), so until it is verified the email says
// only what happened to which order number and links into the shop: nothing a customer typed
// (name, phone, address) reaches a stranger's inbox through the shop.
import type { OrderEmailKind } from '../../../shared/emails';
import { centsToDollars, formatDollars } from '../../../shared/money';
import type { EmailContent } from './email-content';

/** The order as the email shows it: read from the booking when the email is sent. */
export interface OrderEmailData {
  id: string;
  /** The number the shop shows the customer (#1042). */
  orderNumber: number;
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

export interface OrderEmailOptions {
  /** Whether the recipient's address is verified: only then does the email carry the order's details. */
  detailed: boolean;
  /** The shop's public address (SHOP_URL), which the email links into. */
  shopUrl: string;
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

/** The email with every detail of the order, for a verified address. */
function detailedContent(kind: OrderEmailKind, order: OrderEmailData): Omit<EmailContent, 'action'> {
  const hello = `Hello ${order.personName},`;
  switch (kind) {
    case 'booking':
    case 'order_placed':
      return {
        subject: `Your booking of ${order.toolName}`,
        heading: headings.booking,
        paragraphs: [
          hello,
          `We have booked ${order.quantity} × ${order.toolName} for you and hold the stock while you pay. Pay for it from My Orders in your dashboard; an unpaid booking is cancelled when its hold runs out.`,
        ],
        details: [...orderRows(order), ['Deliver to', order.address], ['Phone', order.phone]],
      };
    case 'payment_received':
      return {
        subject: `Payment received for ${order.toolName}`,
        heading: headings.payment_received,
        paragraphs: [hello, 'We have received your payment. This is your receipt; we will tell you when the order ships.'],
        details: [...receiptRows(order, 'Paid'), ['Deliver to', order.address]],
      };
    case 'shipped':
      return {
        subject: `Your ${order.toolName} order has shipped`,
        heading: headings.shipped,
        paragraphs: [hello, `Your order of ${order.quantity} × ${order.toolName} is on its way.`],
        details: [...orderRows(order), ['Ship to', order.address]],
      };
    case 'cancelled':
      return {
        subject: `Your booking of ${order.toolName} was cancelled`,
        heading: headings.cancelled,
        paragraphs: [
          hello,
          `Your booking of ${order.quantity} × ${order.toolName} was cancelled before it was paid. Nothing was charged.`,
        ],
        details: orderRows(order),
      };
    case 'expired':
      return {
        subject: `Your booking of ${order.toolName} has expired`,
        heading: headings.expired,
        paragraphs: [
          hello,
          `Your booking of ${order.quantity} × ${order.toolName} was not paid in time, so the stock held for it was released. Nothing was charged; you are welcome to book again.`,
        ],
        details: orderRows(order),
      };
    case 'refunded':
      return {
        subject: `Your payment for ${order.toolName} was refunded`,
        heading: headings.refunded,
        paragraphs: [hello, `We have refunded your payment of ${money(order.totalCents)} for ${order.toolName} to your card.`],
        details: receiptRows(order, 'Refunded'),
      };
  }
}

const headings: Record<OrderEmailKind, string> = {
  booking: 'Thank you for your booking',
  order_placed: 'Thank you for your order',
  payment_received: 'Payment received',
  shipped: 'Your order has shipped',
  cancelled: 'Your booking was cancelled',
  expired: 'Your booking has expired',
  refunded: 'Your payment was refunded',
};

/** What happened, for an address not verified: the order's number and the shop's own words only. */
const withheldSubjects: Record<OrderEmailKind, (number: string) => string> = {
  booking: (number) => `Your Sprocket order ${number} is booked`,
  order_placed: (number) => `Your Sprocket order ${number} is placed`,
  payment_received: (number) => `Payment received for Sprocket order ${number}`,
  shipped: (number) => `Your Sprocket order ${number} has shipped`,
  cancelled: (number) => `Your Sprocket order ${number} was cancelled`,
  expired: (number) => `Your Sprocket order ${number} has expired`,
  refunded: (number) => `Your payment for Sprocket order ${number} was refunded`,
};

function withheldContent(kind: OrderEmailKind, order: OrderEmailData): Omit<EmailContent, 'action'> {
  const number = `#${order.orderNumber}`;
  const subject = withheldSubjects[kind](number);
  return {
    subject,
    heading: headings[kind],
    paragraphs: [
      `${subject}. Its details are in your account at Sprocket.`,
      'Once you verify your email address from My Profile, these emails show the details too.',
    ],
    details: [['Order number', number]],
  };
}

export function orderEmailContent(kind: OrderEmailKind, order: OrderEmailData, options: OrderEmailOptions): EmailContent {
  const content = options.detailed ? detailedContent(kind, order) : withheldContent(kind, order);
  return { ...content, action: { label: 'View your orders', url: `${options.shopUrl}/dashboard` } };
}
