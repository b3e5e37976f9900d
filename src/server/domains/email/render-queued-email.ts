// Turns an outbox row the sender claimed into the email to send, as things stand at send time: an
// order email from its booking (or its order, with the parcel or refund it tells of), with the order's details only when the recipient is the account's
// current address and the identity provider has verified it (docs/accounts.md); an account email
// with a one-time link the identity provider makes now, so no usable link is ever stored.
import { asc, eq } from 'drizzle-orm';
import { carriers, isCarrierId, trackingUrl } from '../../../shared/carriers';
import type { OrderRefundKind } from '../../../shared/commerce';
import { countryName } from '../../../shared/countries';
import { accountEmailKinds, type AccountEmailKind } from '../../../shared/account-links';
import type { EmailKind } from '../../../shared/emails';
import type { Database } from '../../db/database';
import { bookings, invoices, orderRefunds, orders, shipments, users } from '../../db/schema';
import type { IdentityProvider } from '../../identity/identity-provider';
import { accountEmailContent } from './account-email';
import type { EmailContent } from './email-content';
import { orderEmailContent } from './order-email';
import { invoicePdfOf } from '../invoices/order-invoices';
import {
  isPlacedOrderEmailKind,
  placedOrderEmailContent,
  type PlacedOrderEmailData,
  type PlacedOrderEmailKind,
} from './placed-order-email';
import { renderEmail, type EmailAttachment, type RenderedEmail } from './templates';

/** What rendering needs beside the row: the database, the identity provider and the shop's address. */
export interface EmailSources {
  db: Database;
  identity: Pick<IdentityProvider, 'accountActionCode'>;
  /** The shop's public address (SHOP_URL), which every email links into. */
  shopUrl: string;
  /** The shop's time zone, in which an attached invoice prints its dates. */
  shopTimeZone: string;
}

export interface QueuedEmail {
  kind: EmailKind;
  bookingId: string | null;
  /** The order placed at checkout the email is about, when it is about a whole order. */
  orderId?: string | null;
  /** The parcel a 'shipped' email about a whole order tells of. */
  shipmentId?: string | null;
  /** The refund a 'refunded' email about a whole order tells of. */
  orderRefundId?: string | null;
  recipient: string;
}

/** Throws when the email cannot be made now (its booking gone, no account for the address): the sender retries it. */
export async function renderQueuedEmail(sources: EmailSources, email: QueuedEmail): Promise<RenderedEmail> {
  const rendered = await renderEmail(await contentOf(sources, email));
  const invoice = await invoiceToAttach(sources, email);
  return invoice ? { ...rendered, attachments: [invoice] } : rendered;
}

/**
 * A paid order's payment email carries its invoice, to a verified address that is still the
 * account's (the invoice names the buyer and their address, as the detailed email does).
 */
async function invoiceToAttach(sources: EmailSources, email: QueuedEmail): Promise<EmailAttachment | null> {
  if (email.kind !== 'payment_received' || !email.orderId) return null;
  const [account] = await sources.db
    .select({ email: users.email, verified: users.emailVerified })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, email.orderId));
  if (!account?.verified || account.email !== email.recipient) return null;
  const invoice = await invoicePdfOf(sources.db, email.orderId, sources.shopTimeZone);
  return invoice ? { filename: invoice.fileName, content: invoice.pdf, contentType: 'application/pdf' } : null;
}

function isAccountEmail(kind: EmailKind): kind is AccountEmailKind {
  return (accountEmailKinds as readonly string[]).includes(kind);
}

async function contentOf(sources: EmailSources, email: QueuedEmail): Promise<EmailContent> {
  const { kind } = email;
  if (isAccountEmail(kind)) {
    const code = await sources.identity.accountActionCode(kind === 'verify_email' ? 'verifyEmail' : 'resetPassword', email.recipient);
    // Removed or disabled since it was asked for: there is nobody to send a link to.
    if (code === null) throw new Error(`No enabled account has the address ${email.recipient} any more, so no link was made.`);
    return accountEmailContent(kind, code, sources.shopUrl);
  }
  if (email.orderId) {
    if (!isPlacedOrderEmailKind(kind)) throw new Error(`a ${kind} email is never about a whole order`);
    return placedOrderContent(sources, kind, email.orderId, email);
  }
  if (email.bookingId === null) throw new Error(`the ${kind} email names no booking`);
  const [order] = await sources.db
    .select({
      id: bookings.id,
      orderNumber: bookings.seq,
      toolName: bookings.toolName,
      personName: bookings.personName,
      phone: bookings.phone,
      address: bookings.address,
      quantity: bookings.quantity,
      unitPriceCents: bookings.unitPriceCents,
      totalCents: bookings.totalCents,
      transactionId: bookings.transactionId,
      paidAt: bookings.paidAt,
      accountEmail: users.email,
      accountEmailVerified: users.emailVerified,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(eq(bookings.id, email.bookingId));
  if (!order) throw new Error(`booking ${email.bookingId} not found`);
  const { accountEmail, accountEmailVerified, ...data } = order;
  // An address the account has since left is no longer vouched for, verified or not.
  const detailed = accountEmailVerified && accountEmail === email.recipient;
  return orderEmailContent(kind, data, { detailed, shopUrl: sources.shopUrl });
}

async function placedOrderContent(
  sources: EmailSources,
  kind: PlacedOrderEmailKind,
  orderId: string,
  { recipient, shipmentId, orderRefundId }: QueuedEmail,
): Promise<EmailContent> {
  const [order] = await sources.db
    .select({
      id: orders.id,
      number: orders.number,
      shipName: orders.shipName,
      shipCompany: orders.shipCompany,
      shipLine1: orders.shipLine1,
      shipLine2: orders.shipLine2,
      shipCity: orders.shipCity,
      shipPostalCode: orders.shipPostalCode,
      shipCountry: orders.shipCountry,
      subtotalCents: orders.subtotalCents,
      discountCode: orders.discountCode,
      discountCents: orders.discountCents,
      shippingMethod: orders.shippingMethod,
      shippingCents: orders.shippingCents,
      taxCents: orders.taxCents,
      taxRateBasisPoints: orders.taxRateBasisPoints,
      taxTreatment: orders.taxTreatment,
      pricesIncludeTax: orders.pricesIncludeTax,
      totalCents: orders.totalCents,
      heldUntil: orders.heldUntil,
      status: orders.status,
      paymentIntentId: orders.paymentIntentId,
      accountEmail: users.email,
      accountEmailVerified: users.emailVerified,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!order) throw new Error(`order ${orderId} not found`);
  const lines = await sources.db
    .select({
      name: bookings.toolName,
      quantity: bookings.quantity,
      unitPriceCents: bookings.unitPriceCents,
      totalCents: bookings.totalCents,
    })
    .from(bookings)
    .where(eq(bookings.orderId, orderId))
    .orderBy(asc(bookings.seq));
  const shipTo = [
    order.shipName,
    order.shipCompany,
    order.shipLine1,
    order.shipLine2,
    `${order.shipPostalCode} ${order.shipCity}`,
    countryName(order.shipCountry),
  ]
    .filter(Boolean)
    .join(', ');
  const detailed = order.accountEmailVerified && order.accountEmail === recipient;
  return placedOrderEmailContent(
    kind,
    {
      ...order,
      number: `SP-${order.number}`,
      shipTo,
      lines,
      reverseCharge: order.taxTreatment === 'reverse_charge',
      transactionId: order.status === 'paid' ? order.paymentIntentId : null,
      shipment: shipmentId ? await shipmentOf(sources.db, shipmentId) : null,
      refund: orderRefundId ? await refundOf(sources.db, orderRefundId) : null,
    },
    { detailed, shopUrl: sources.shopUrl },
  );
}

async function shipmentOf(db: Database, shipmentId: string): Promise<PlacedOrderEmailData['shipment']> {
  const [shipment] = await db
    .select({ carrier: shipments.carrier, trackingNumber: shipments.trackingNumber })
    .from(shipments)
    .where(eq(shipments.id, shipmentId));
  if (!shipment || !isCarrierId(shipment.carrier)) throw new Error(`shipment ${shipmentId} not found`);
  const lines = await db
    .select({ name: bookings.toolName })
    .from(bookings)
    .where(eq(bookings.shipmentId, shipmentId))
    .orderBy(asc(bookings.seq));
  return {
    carrierName: carriers[shipment.carrier].name,
    trackingNumber: shipment.trackingNumber,
    trackingUrl: trackingUrl(shipment.carrier, shipment.trackingNumber),
    lines: lines.map((line) => line.name),
  };
}

const refundWords: Record<OrderRefundKind, (line: string | null) => string> = {
  line: (line) => line ?? 'a line',
  shipping: () => 'the shipping',
  amount: () => 'part of the order',
};

async function refundOf(db: Database, orderRefundId: string): Promise<PlacedOrderEmailData['refund']> {
  const [refund] = await db
    .select({
      kind: orderRefunds.kind,
      amountCents: orderRefunds.amountCents,
      taxCents: orderRefunds.taxCents,
      line: bookings.toolName,
      creditNoteNumber: invoices.number,
    })
    .from(orderRefunds)
    .leftJoin(bookings, eq(bookings.id, orderRefunds.bookingId))
    .leftJoin(invoices, eq(invoices.id, orderRefunds.creditNoteId))
    .where(eq(orderRefunds.id, orderRefundId));
  if (!refund) throw new Error(`refund ${orderRefundId} not found`);
  return {
    amountCents: refund.amountCents,
    taxCents: refund.taxCents,
    what: refundWords[refund.kind](refund.line),
    creditNoteNumber: refund.creditNoteNumber,
  };
}
