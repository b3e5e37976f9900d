// The shop's commerce settings: its identity and tax display (anyone may read them; the checkout
// and invoices print them), and for admins the tax rates, shipping zones and rates, and discount
// codes. Every change is audited.
import { z } from 'zod';
import { idSchema } from '../../shared/common';
import {
  addShippingRateSchema,
  countryInputSchema,
  createShippingZoneSchema,
  discountCodeFieldsSchema,
  editDiscountCodeSchema,
  editShippingRateSchema,
  renameShippingZoneSchema,
  setDiscountCodeActiveSchema,
  setTaxRateSchema,
  setZoneCountriesSchema,
  updateShopSettingsSchema,
} from '../../shared/shop-settings';
import { createDiscountCode, editDiscountCode, listDiscountCodes, setDiscountCodeActive } from '../domains/settings/discount-codes';
import { addShippingRate, editShippingRate, removeShippingRate } from '../domains/settings/shipping-rates';
import {
  createShippingZone,
  deleteShippingZone,
  listShippingZones,
  renameShippingZone,
  setZoneCountries,
} from '../domains/settings/shipping-zones';
import { shopSettingsView, updateShopSettings } from '../domains/settings/shop-settings';
import { listTaxRates, removeTaxRate, setTaxRate } from '../domains/settings/tax-rates';
import { adminProcedure, adminWriteProcedure, publicProcedure, router } from '../trpc';

const byId = z.object({ id: idSchema });

export const settingsRouter = router({
  /** The shop's identity, currency and how it prices, with the version an edit names. */
  shop: publicProcedure.query(({ ctx }) => shopSettingsView(ctx.deps.db)),

  /** Saves the settings form from its version: CONFLICT, with the settings as they are now, when another admin saved first. */
  updateShop: adminWriteProcedure
    .input(updateShopSettingsSchema)
    .mutation(({ ctx, input }) => updateShopSettings(ctx.deps.db, ctx.user, input)),

  taxRates: adminProcedure.query(({ ctx }) => listTaxRates(ctx.deps.db)),

  /** Adds a country's rate or changes it. */
  setTaxRate: adminWriteProcedure.input(setTaxRateSchema).mutation(({ ctx, input }) => setTaxRate(ctx.deps.db, ctx.user, input)),

  removeTaxRate: adminWriteProcedure
    .input(countryInputSchema)
    .mutation(({ ctx, input }) => removeTaxRate(ctx.deps.db, ctx.user, input.country)),

  /** Every zone with its countries and rates. */
  shippingZones: adminProcedure.query(({ ctx }) => listShippingZones(ctx.deps.db)),

  createShippingZone: adminWriteProcedure
    .input(createShippingZoneSchema)
    .mutation(({ ctx, input }) => createShippingZone(ctx.deps.db, ctx.user, input.name)),

  renameShippingZone: adminWriteProcedure
    .input(renameShippingZoneSchema)
    .mutation(({ ctx, input }) => renameShippingZone(ctx.deps.db, ctx.user, input.id, input.name)),

  /** Deletes the zone with its countries and rates; orders keep what they were charged. */
  deleteShippingZone: adminWriteProcedure
    .input(byId)
    .mutation(({ ctx, input }) => deleteShippingZone(ctx.deps.db, ctx.user, input.id)),

  /** Replaces the zone's countries; CONFLICT naming the zone that already holds one of them. */
  setZoneCountries: adminWriteProcedure
    .input(setZoneCountriesSchema)
    .mutation(({ ctx, input }) => setZoneCountries(ctx.deps.db, ctx.user, input)),

  addShippingRate: adminWriteProcedure
    .input(addShippingRateSchema)
    .mutation(({ ctx, input: { zoneId, ...fields } }) => addShippingRate(ctx.deps.db, ctx.user, zoneId, fields)),

  editShippingRate: adminWriteProcedure
    .input(editShippingRateSchema)
    .mutation(({ ctx, input: { id, ...fields } }) => editShippingRate(ctx.deps.db, ctx.user, id, fields)),

  removeShippingRate: adminWriteProcedure
    .input(byId)
    .mutation(({ ctx, input }) => removeShippingRate(ctx.deps.db, ctx.user, input.id)),

  /** Every code with its held and spent uses. */
  discountCodes: adminProcedure.query(({ ctx }) => listDiscountCodes(ctx.deps.db)),

  /** CONFLICT when the code exists already, in any case. */
  createDiscountCode: adminWriteProcedure
    .input(discountCodeFieldsSchema)
    .mutation(({ ctx, input }) => createDiscountCode(ctx.deps.db, ctx.user, input)),

  editDiscountCode: adminWriteProcedure
    .input(editDiscountCodeSchema)
    .mutation(({ ctx, input }) => editDiscountCode(ctx.deps.db, ctx.user, input.id, input.fields)),

  /** Deactivates a code (checkout refuses it) or activates it again. */
  setDiscountCodeActive: adminWriteProcedure
    .input(setDiscountCodeActiveSchema)
    .mutation(({ ctx, input }) => setDiscountCodeActive(ctx.deps.db, ctx.user, input.id, input.active)),
});
