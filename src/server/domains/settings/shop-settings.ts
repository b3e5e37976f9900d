// The shop's own settings, one row: read by anyone (the shop's identity and how it prices) and
// changed by admins from the version their form was loaded at, audited with before and after. The
// euro rate is stored in millionths and shown as the decimal an admin types ("0.9213").
import { TRPCError } from '@trpc/server';
import { and, eq, sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { eurRateToMillionths, millionthsToEurRate, type UpdateShopSettingsInput } from '../../../shared/shop-settings';
import type { Database } from '../../db/database';
import { shopSettings } from '../../db/schema';
import { recordAudit } from '../audit/audit';
import { ConflictWithCurrent } from '../conflict-with-current';
import type { AdminActor } from './admin-actor';

const settingsColumns = {
  legalName: shopSettings.legalName,
  addressLine1: shopSettings.addressLine1,
  addressLine2: shopSettings.addressLine2,
  city: shopSettings.city,
  postalCode: shopSettings.postalCode,
  country: shopSettings.country,
  vatId: shopSettings.vatId,
  email: shopSettings.email,
  currency: shopSettings.currency,
  pricesIncludeTax: shopSettings.pricesIncludeTax,
  ossEnabled: shopSettings.ossEnabled,
  reservationMinutes: shopSettings.reservationMinutes,
  eurRateMillionths: shopSettings.eurRateMillionths,
  version: shopSettings.version,
};

type SettingsRow = Pick<typeof shopSettings.$inferSelect, keyof typeof settingsColumns>;

/**
 * The shop's identity as invoices print it, how it prices, the euro rate its invoices state the
 * VAT in euros with (null: none), and the version an edit names.
 */
export type ShopSettingsView = Omit<SettingsRow, 'eurRateMillionths'> & { eurRate: string | null };

function toSettingsView({ eurRateMillionths, ...row }: SettingsRow): ShopSettingsView {
  return { ...row, eurRate: eurRateMillionths === null ? null : millionthsToEurRate(eurRateMillionths) };
}

/** The settings row; migration 0025 inserts it, so its absence is a broken database, not a 404. */
export async function shopSettingsView(db: Database): Promise<ShopSettingsView> {
  const [row] = await db.select(settingsColumns).from(shopSettings);
  if (!row) throw new Error('The shop_settings row is missing (migrations/0025 inserts it)');
  return toSettingsView(row);
}

/**
 * Saves the settings form, made from the settings' `version`: refused with CONFLICT, showing the
 * settings as they are now, when another admin saved first. The currency is not among the fields:
 * the schema refuses any but the shop's own.
 */
export async function updateShopSettings(db: Database, actor: AdminActor, input: UpdateShopSettingsInput): Promise<ShopSettingsView> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select(settingsColumns).from(shopSettings).for('update');
    if (!row) throw new Error('The shop_settings row is missing (migrations/0025 inserts it)');
    const before = toSettingsView(row);
    if (before.version !== input.version) {
      throw new TRPCError({ code: 'CONFLICT', message: messages.shopSettingsConflict, cause: new ConflictWithCurrent(before) });
    }
    const [updated] = await tx
      .update(shopSettings)
      .set({
        legalName: input.legalName,
        addressLine1: input.addressLine1,
        addressLine2: input.addressLine2,
        city: input.city,
        postalCode: input.postalCode,
        country: input.country,
        vatId: input.vatId,
        email: input.email,
        pricesIncludeTax: input.pricesIncludeTax,
        ossEnabled: input.ossEnabled,
        reservationMinutes: input.reservationMinutes,
        eurRateMillionths: input.eurRate === null ? null : eurRateToMillionths(input.eurRate),
        version: before.version + 1,
        updatedAt: sql`now()`,
      })
      .where(and(eq(shopSettings.id, 1), eq(shopSettings.version, input.version)))
      .returning(settingsColumns);
    // Stryker disable next-line ConditionalExpression,StringLiteral: the row is locked since it was read, so its version still matches
    if (!updated) throw new Error('The shop settings changed while they were locked for an edit');
    const after = toSettingsView(updated);
    await recordAudit(tx, actor, 'settings.update', describeChanges(before, after));
    return after;
  });
}

/** The audit's before and after: each setting that changed, as `field: before → after`. */
function describeChanges(before: ShopSettingsView, after: ShopSettingsView): string {
  const changes = (Object.keys(after) as Array<keyof ShopSettingsView>)
    .filter((field) => field !== 'version' && before[field] !== after[field])
    .map((field) => `${field}: ${JSON.stringify(before[field])} → ${JSON.stringify(after[field])}`);
  return changes.length > 0 ? changes.join('; ') : 'no change';
}
