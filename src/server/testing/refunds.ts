// What a refund leaves behind, for the suites that check it happened once or not at all: the
// refunded emails queued, the audit lines (the shop's refunds, and those made outside it), and
// the refunds counted in the metrics.
import { and, eq } from 'drizzle-orm';
import { auditEvents, emailOutbox } from '../db/schema';
import type { TestShop } from './test-shop';

export async function refundEmails(shop: TestShop, bookingId: string): Promise<number> {
  const rows = await shop.database.db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.bookingId, bookingId), eq(emailOutbox.kind, 'refunded')));
  return rows.length;
}

export async function refundAudits(shop: TestShop, bookingId: string) {
  const rows = await shop.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'order.refund'));
  return rows.filter((row) => row.subject.includes(bookingId));
}

/** The audit lines recording a refund made at the provider outside the shop, by refund id. */
export async function outsideRefundAudits(shop: TestShop, refundId: string) {
  const rows = await shop.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'order.refund_outside_shop'));
  return rows.filter((row) => row.subject.includes(refundId));
}

export async function refundsCounted(shop: TestShop, source: 'admin' | 'automatic'): Promise<number> {
  const metric = await shop.deps.metrics.registry.getSingleMetric('sprocket_refunds_total')?.get();
  return metric?.values.find((value) => value.labels.source === source)?.value ?? 0;
}
