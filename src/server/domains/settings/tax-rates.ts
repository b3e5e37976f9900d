// The tax rate per country: listed for admins, set (added or changed) and removed by them, audited.
// Stored in basis points, shown and typed in percent.
import { TRPCError } from '@trpc/server';
import { asc, eq, sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { basisPointsToPercent, percentToBasisPoints, type SetTaxRateInput } from '../../../shared/shop-settings';
import type { Database } from '../../db/database';
import { taxRates } from '../../db/schema';
import { recordAudit } from '../audit/audit';
import type { AdminActor } from './admin-actor';

export interface TaxRateView {
  country: string;
  ratePercent: number;
  updatedAt: string;
}

const taxRateColumns = { country: taxRates.country, rateBasisPoints: taxRates.rateBasisPoints, updatedAt: taxRates.updatedAt };

function toTaxRateView(row: { country: string; rateBasisPoints: number; updatedAt: Date }): TaxRateView {
  return { country: row.country, ratePercent: basisPointsToPercent(row.rateBasisPoints), updatedAt: row.updatedAt.toISOString() };
}

/** Every country's rate, by country code. */
export async function listTaxRates(db: Database): Promise<TaxRateView[]> {
  const rows = await db.select(taxRateColumns).from(taxRates).orderBy(asc(taxRates.country));
  return rows.map(toTaxRateView);
}

/** Adds the country's rate or changes it; the audit line says which, with the rate before. */
export async function setTaxRate(db: Database, actor: AdminActor, input: SetTaxRateInput): Promise<TaxRateView> {
  const rateBasisPoints = percentToBasisPoints(input.ratePercent);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ rateBasisPoints: taxRates.rateBasisPoints })
      .from(taxRates)
      .where(eq(taxRates.country, input.country))
      .for('update');
    const [row] = await tx
      .insert(taxRates)
      .values({ country: input.country, rateBasisPoints })
      .onConflictDoUpdate({ target: taxRates.country, set: { rateBasisPoints, updatedAt: sql`now()` } })
      .returning(taxRateColumns);
    // Stryker disable next-line ConditionalExpression,StringLiteral: an upsert answers its row; this only narrows the type
    if (!row) throw new Error(`The tax rate of ${input.country} was not stored`);
    const was = before ? `${basisPointsToPercent(before.rateBasisPoints)} %` : 'none';
    await recordAudit(tx, actor, 'tax_rate.set', `${input.country}: ${was} → ${input.ratePercent} %`);
    return toTaxRateView(row);
  });
}

/** Removes the country's rate, saying what it was in the audit line. */
export async function removeTaxRate(db: Database, actor: AdminActor, country: string): Promise<{ country: string }> {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(taxRates)
      .where(eq(taxRates.country, country))
      .returning({ rateBasisPoints: taxRates.rateBasisPoints });
    if (!removed) throw new TRPCError({ code: 'NOT_FOUND', message: messages.taxRateNotFound });
    await recordAudit(tx, actor, 'tax_rate.remove', `${country}: ${basisPointsToPercent(removed.rateBasisPoints)} %`);
    return { country };
  });
}
