// The ways of shipping to a zone: admins add, edit and remove them, audited. Amounts are typed in
// dollars and stored in cents.
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { dollarsToCents } from '../../../shared/money';
import type { ShippingRateFields } from '../../../shared/shop-settings';
import type { Database } from '../../db/database';
import { shippingRates, shippingZones } from '../../db/schema';
import { recordAudit } from '../audit/audit';
import type { AdminActor } from './admin-actor';
import { shippingRateColumns, toShippingRateView, type ShippingRateView } from './shipping-rate-views';

function storedAmounts(fields: ShippingRateFields) {
  return {
    name: fields.name,
    priceCents: dollarsToCents(fields.price),
    freeAboveCents: fields.freeAbove === null ? null : dollarsToCents(fields.freeAbove),
  };
}

/** How the audit line names a rate: its name, price and free threshold. */
function described(rate: ShippingRateView): string {
  const free = rate.freeAbove === null ? 'never free' : `free from ${rate.freeAbove.toFixed(2)}`;
  return `${JSON.stringify(rate.name)} at ${rate.price.toFixed(2)}, ${free}`;
}

export async function addShippingRate(
  db: Database,
  actor: AdminActor,
  zoneId: string,
  fields: ShippingRateFields,
): Promise<ShippingRateView> {
  return db.transaction(async (tx) => {
    // Locked so the zone cannot be deleted between the check and the insert.
    const [zone] = await tx.select({ name: shippingZones.name }).from(shippingZones).where(eq(shippingZones.id, zoneId)).for('update');
    if (!zone) throw new TRPCError({ code: 'NOT_FOUND', message: messages.zoneNotFound });
    const [row] = await tx
      .insert(shippingRates)
      .values({ ...storedAmounts(fields), zoneId })
      .returning(shippingRateColumns);
    // Stryker disable next-line ConditionalExpression,StringLiteral: INSERT … RETURNING answers its row; this only narrows the type
    if (!row) throw new Error('The shipping rate was not stored');
    const rate = toShippingRateView(row);
    await recordAudit(tx, actor, 'shipping_rate.add', `${zone.name}: ${described(rate)} (${rate.id})`);
    return rate;
  });
}

export async function editShippingRate(
  db: Database,
  actor: AdminActor,
  id: string,
  fields: ShippingRateFields,
): Promise<ShippingRateView> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select(shippingRateColumns).from(shippingRates).where(eq(shippingRates.id, id)).for('update');
    if (!before) throw new TRPCError({ code: 'NOT_FOUND', message: messages.shippingRateNotFound });
    const [row] = await tx
      .update(shippingRates)
      .set(storedAmounts(fields))
      .where(eq(shippingRates.id, id))
      .returning(shippingRateColumns);
    // Stryker disable next-line ConditionalExpression,StringLiteral: the row is locked since it was read; this only narrows the type
    if (!row) throw new Error('The shipping rate changed while it was locked for an edit');
    const rate = toShippingRateView(row);
    await recordAudit(tx, actor, 'shipping_rate.edit', `${id}: ${described(toShippingRateView(before))} → ${described(rate)}`);
    return rate;
  });
}

export async function removeShippingRate(db: Database, actor: AdminActor, id: string): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const [removed] = await tx.delete(shippingRates).where(eq(shippingRates.id, id)).returning(shippingRateColumns);
    if (!removed) throw new TRPCError({ code: 'NOT_FOUND', message: messages.shippingRateNotFound });
    await recordAudit(tx, actor, 'shipping_rate.remove', `${described(toShippingRateView(removed))} (${id})`);
    return { id };
  });
}
