// The money engine on real orders (a German shop, prices with tax, 19 %) and on arbitrary carts,
// where the invariants every invoice relies on must hold for any prices, breaks, rates and codes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isPricingRefusal,
  priceOrder,
  type Buyer,
  type DiscountTerms,
  type LineToPrice,
  type OrderPricing,
  type OrderToPrice,
  type PriceBreak,
  type PricedLine,
  type PricedShipping,
  type PricingRefusal,
  type ShippingRate,
  type TaxSettings,
  type TaxTreatment,
  unitPriceFor,
} from './price-order';

const RATES = new Map([
  ['DE', 1900],
  ['AT', 2000],
  ['FR', 2000],
  ['GB', 2000],
]);
const germanShop: TaxSettings = { shopCountry: 'DE', pricesIncludeTax: true, ossEnabled: false, ratesBasisPoints: RATES };
const headsets: LineToPrice = { sellableId: 'headset', quantity: 5, listUnitCents: 3900, priceBreaks: [] };
const standardShipping: ShippingRate = { name: 'Standard', priceCents: 490, freeAboveCents: 5000 };

function order(change: Partial<OrderToPrice> = {}): OrderToPrice {
  return { lines: [headsets], tax: germanShop, buyer: { country: 'DE', vatId: null }, shipping: null, discount: null, ...change };
}

function priced(input: OrderToPrice): OrderPricing {
  const result = priceOrder(input);
  if (isPricingRefusal(result)) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result;
}

describe('orders with real figures', () => {
  it('charges a German consumer €195.00 for 5 headsets at €39.00, holding €31.13 of 19 % VAT', () => {
    const fiveHeadsets: PricedLine = {
      sellableId: 'headset',
      quantity: 5,
      unitCents: 3900,
      lineCents: 19_500,
      discountCents: 0,
      netCents: 16_387,
      taxCents: 3113,
      grossCents: 19_500,
    };
    expect(priced(order())).toEqual({
      treatment: 'domestic',
      taxRateBasisPoints: 1900,
      lines: [fiveHeadsets],
      subtotalCents: 19_500,
      discount: null,
      shipping: null,
      netCents: 16_387,
      taxCents: 3113,
      totalCents: 19_500,
      taxLines: [{ rateBasisPoints: 1900, netCents: 16_387, taxCents: 3113 }],
    });
  });

  it('adds 19 % on top when prices are entered without tax', () => {
    const pricing = priced(order({ tax: { ...germanShop, pricesIncludeTax: false } }));
    expect(pricing).toMatchObject({ netCents: 19_500, taxCents: 3705, totalCents: 23_205 });
  });

  it('charges a French business with a French VAT ID no VAT (reverse charge), taking the German VAT off the price', () => {
    const pricing = priced(order({ buyer: { country: 'FR', vatId: 'FRXX123456789' } }));
    expect(pricing).toMatchObject({
      treatment: 'reverse_charge',
      taxRateBasisPoints: 0,
      netCents: 16_387,
      taxCents: 0,
      totalCents: 16_387,
    });
    expect(pricing.taxLines).toEqual([{ rateBasisPoints: 0, netCents: 16_387, taxCents: 0 }]);
  });

  it('charges the net price as it stands to a French business when prices are without tax', () => {
    const pricing = priced(
      order({ tax: { ...germanShop, pricesIncludeTax: false }, buyer: { country: 'FR', vatId: 'FRXX123456789' } }),
    );
    expect(pricing).toMatchObject({ treatment: 'reverse_charge', netCents: 19_500, taxCents: 0, totalCents: 19_500 });
  });

  it('exports to a Swiss buyer when no Swiss rate is set: no VAT, German VAT taken off', () => {
    const pricing = priced(order({ buyer: { country: 'CH', vatId: null } }));
    expect(pricing).toMatchObject({ treatment: 'export', taxRateBasisPoints: 0, netCents: 16_387, taxCents: 0, totalCents: 16_387 });
  });

  it('charges the Swiss rate when one is set (8.1 %), at the shelf price', () => {
    const pricing = priced(
      order({ tax: { ...germanShop, ratesBasisPoints: new Map([...RATES, ['CH', 810]]) }, buyer: { country: 'CH', vatId: null } }),
    );
    // 19,500 × 810 / 10,810 = 1461.1…
    expect(pricing).toMatchObject({
      treatment: 'foreign_rate',
      taxRateBasisPoints: 810,
      netCents: 18_039,
      taxCents: 1461,
      totalCents: 19_500,
    });
  });

  it('charges an Austrian consumer Austria’s 20 % with the One-Stop Shop, at the same shelf price', () => {
    const pricing = priced(order({ tax: { ...germanShop, ossEnabled: true }, buyer: { country: 'AT', vatId: null } }));
    // 19,500 × 2000 / 12,000 = 3250.
    expect(pricing).toMatchObject({
      treatment: 'eu_buyer_rate',
      taxRateBasisPoints: 2000,
      netCents: 16_250,
      taxCents: 3250,
      totalCents: 19_500,
    });
  });

  it('charges an Austrian consumer Germany’s 19 % without the One-Stop Shop', () => {
    const pricing = priced(order({ buyer: { country: 'AT', vatId: null } }));
    expect(pricing).toMatchObject({
      treatment: 'eu_shop_rate',
      taxRateBasisPoints: 1900,
      netCents: 16_387,
      taxCents: 3113,
      totalCents: 19_500,
    });
  });

  it('prices 12 headsets at the 10+ break of €35.00', () => {
    const pricing = priced(
      order({
        lines: [
          {
            ...headsets,
            quantity: 12,
            priceBreaks: [
              { minQuantity: 50, unitCents: 3200 },
              { minQuantity: 10, unitCents: 3500 },
            ],
          },
        ],
      }),
    );
    // 42,000 × 1900 / 11,900 = 6705.88…
    expect(pricing.lines[0]).toMatchObject({ unitCents: 3500, lineCents: 42_000, netCents: 35_294, taxCents: 6706 });
    expect(pricing.totalCents).toBe(42_000);
  });

  it('ships for free above the threshold, and taxes shipping like the goods below it', () => {
    const freeShipping: PricedShipping = { name: 'Standard', cents: 0, netCents: 0, taxCents: 0, grossCents: 0 };
    expect(priced(order({ shipping: standardShipping })).shipping).toEqual(freeShipping);

    const oneHeadset = priced(order({ lines: [{ ...headsets, quantity: 1 }], shipping: standardShipping }));
    // 490 × 1900 / 11,900 = 78.2…
    expect(oneHeadset.shipping).toEqual({ name: 'Standard', cents: 490, netCents: 412, taxCents: 78, grossCents: 490 });
    expect(oneHeadset).toMatchObject({ netCents: 3277 + 412, taxCents: 623 + 78, totalCents: 3900 + 490 });
    expect(oneHeadset.taxLines).toEqual([{ rateBasisPoints: 1900, netCents: 3689, taxCents: 701 }]);
  });

  it('charges shipping again when the discount takes the goods below the threshold', () => {
    const twoHeadsets = { lines: [{ ...headsets, quantity: 2 }], shipping: { ...standardShipping, freeAboveCents: 7500 } };
    expect(priced(order(twoHeadsets)).shipping?.cents).toBe(0);

    const pricing = priced(order({ ...twoHeadsets, discount: { code: 'TEN', kind: 'percent', value: 1000, minSpendCents: 0 } }));
    expect(pricing.discount).toEqual({ code: 'TEN', cents: 780 });
    expect(pricing.shipping?.cents).toBe(490);
    expect(pricing.totalCents).toBe(7800 - 780 + 490);
  });

  it('takes a fixed discount larger than the goods down to zero, never off the shipping', () => {
    const pricing = priced(
      order({
        lines: [{ ...headsets, quantity: 1 }],
        shipping: standardShipping,
        discount: { code: 'BIG', kind: 'fixed', value: 5000, minSpendCents: 0 },
      }),
    );
    expect(pricing.discount).toEqual({ code: 'BIG', cents: 3900 });
    expect(pricing.lines[0]).toMatchObject({ discountCents: 3900, netCents: 0, taxCents: 0, grossCents: 0 });
    expect(pricing.totalCents).toBe(490);
  });

  it('shares a discount among the lines in proportion, to the cent', () => {
    const pricing = priced(
      order({
        lines: [headsets, { sellableId: 'chain', quantity: 1, listUnitCents: 2999, priceBreaks: [] }],
        discount: { code: 'TEN', kind: 'percent', value: 1000, minSpendCents: 0 },
      }),
    );
    // 10 % of 22,499 = 2249.9 → 2250, shared 19,500 : 2,999 → 1950.1… and 299.8… → 1950 and 300.
    expect(pricing.discount).toEqual({ code: 'TEN', cents: 2250 });
    expect(pricing.lines.map((line) => line.discountCents)).toEqual([1950, 300]);
    expect(pricing.totalCents).toBe(22_499 - 2250);
  });

  it('refuses a discount below its minimum spend, and applies it at exactly the minimum', () => {
    const code: DiscountTerms = { code: 'OVER200', kind: 'fixed', value: 2000, minSpendCents: 20_000 };
    expect(priceOrder(order({ discount: code }))).toEqual({ refused: 'discount_minimum_spend', minSpendCents: 20_000 });
    expect(priced(order({ discount: { ...code, minSpendCents: 19_500 } })).discount).toEqual({ code: 'OVER200', cents: 2000 });
  });

  it('refuses to price without a rate for the shop’s country, or for the buyer’s under the One-Stop Shop', () => {
    expect(priceOrder(order({ tax: { ...germanShop, ratesBasisPoints: new Map([['AT', 2000]]) } }))).toEqual({
      refused: 'no_tax_rate',
      country: 'DE',
    });
    expect(priceOrder(order({ tax: { ...germanShop, ossEnabled: true }, buyer: { country: 'PL', vatId: null } }))).toEqual({
      refused: 'no_tax_rate',
      country: 'PL',
    });
  });

  it('keeps the lines in the order they came in', () => {
    const lines = ['c', 'a', 'b'].map((sellableId) => ({ ...headsets, sellableId }));
    expect(priced(order({ lines })).lines.map((line) => line.sellableId)).toEqual(['c', 'a', 'b']);
  });

  it('throws for a quantity no schema lets through', () => {
    expect(() => priceOrder(order({ lines: [{ ...headsets, quantity: 0 }] }))).toThrow(RangeError);
  });
});

// Arbitrary orders. The countries cover every treatment: the shop at home or abroad, in the EU or
// not, buyers with and without a VAT ID of their own country, with and without a rate set.
const EU_SHOPS = ['DE', 'AT', 'FR', 'GR'];
const NON_EU_SHOPS = ['CH', 'GB'];
const BUYER_COUNTRIES = ['DE', 'AT', 'FR', 'GR', 'PL', 'CH', 'GB', 'US', 'NO'];
const EU_BUYERS = new Set(['DE', 'AT', 'FR', 'GR', 'PL']);
const VAT_ID_OF: Record<string, string> = {
  DE: 'DE123456789',
  AT: 'ATU12345678',
  FR: 'FRXX123456789',
  GR: 'EL123456789',
  PL: 'PL1234567890',
};

const rate = fc.integer({ min: 0, max: 2700 });
const cents = fc.integer({ min: 0, max: 1_000_000 });
const priceBreak: fc.Arbitrary<PriceBreak> = fc.record({ minQuantity: fc.integer({ min: 1, max: 10_000 }), unitCents: cents });
const line: fc.Arbitrary<LineToPrice> = fc.record({
  sellableId: fc.uuid(),
  quantity: fc.integer({ min: 1, max: 10_000 }),
  listUnitCents: cents,
  priceBreaks: fc.array(priceBreak, { maxLength: 4 }),
});
const tax: fc.Arbitrary<TaxSettings> = fc
  .record({
    shopCountry: fc.constantFrom(...EU_SHOPS, ...NON_EU_SHOPS),
    pricesIncludeTax: fc.boolean(),
    ossEnabled: fc.boolean(),
    // Every EU country has a rate (so the One-Stop Shop is never refused); outside the EU some do not.
    euRates: fc.tuple(rate, rate, rate, rate, rate),
    otherRates: fc.tuple(fc.option(rate), fc.option(rate), fc.option(rate), fc.option(rate)),
  })
  .map(({ shopCountry, pricesIncludeTax, ossEnabled, euRates, otherRates }) => {
    const ratesBasisPoints = new Map<string, number>();
    ['DE', 'AT', 'FR', 'GR', 'PL'].forEach((country, index) => ratesBasisPoints.set(country, euRates[index] ?? 0));
    ['CH', 'GB', 'US', 'NO'].forEach((country, index) => {
      const otherRate = otherRates[index];
      if (otherRate !== null && otherRate !== undefined) ratesBasisPoints.set(country, otherRate);
    });
    // A shop always has its own rate, or it prices nothing (tested above).
    if (!ratesBasisPoints.has(shopCountry)) ratesBasisPoints.set(shopCountry, euRates[0]);
    return { shopCountry, pricesIncludeTax, ossEnabled, ratesBasisPoints };
  });
const buyer: fc.Arbitrary<Buyer> = fc
  .record({ country: fc.constantFrom(...BUYER_COUNTRIES), vatId: fc.constantFrom('none', 'own', 'foreign') })
  .map(({ country, vatId }) => ({
    country,
    vatId: vatId === 'none' ? null : vatId === 'own' ? (VAT_ID_OF[country] ?? 'CHE123456789') : 'ATU12345678',
  }));
const shipping: fc.Arbitrary<ShippingRate | null> = fc.option(
  fc.record({
    name: fc.constant('Standard'),
    priceCents: fc.integer({ min: 0, max: 10_000 }),
    freeAboveCents: fc.option(fc.integer({ min: 0, max: 500_000 })),
  }),
);
const discount: fc.Arbitrary<DiscountTerms | null> = fc.option(
  fc.oneof(
    fc.record({
      code: fc.constant('PERCENT'),
      kind: fc.constant('percent' as const),
      value: fc.integer({ min: 0, max: 10_000 }),
      minSpendCents: fc.constant(0),
    }),
    fc.record({
      code: fc.constant('FIXED'),
      kind: fc.constant('fixed' as const),
      value: fc.integer({ min: 0, max: 2_000_000 }),
      minSpendCents: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 2_000_000 })),
    }),
  ),
);
const anyOrder: fc.Arbitrary<OrderToPrice> = fc.record({
  lines: fc.array(line, { minLength: 1, maxLength: 20 }),
  tax,
  buyer,
  shipping,
  discount,
});

/** Runs a property over arbitrary orders; a refusal must be the minimum spend's, for goods below it. */
function forAnyOrder(property: (input: OrderToPrice, pricing: OrderPricing) => void): void {
  fc.assert(
    fc.property(anyOrder, (input) => {
      const result: OrderPricing | PricingRefusal = priceOrder(input);
      if (isPricingRefusal(result)) {
        expect(result).toEqual({ refused: 'discount_minimum_spend', minSpendCents: input.discount?.minSpendCents });
        return;
      }
      property(input, result);
    }),
    { numRuns: 1_000 },
  );
}

function sum(amounts: readonly number[]): number {
  return amounts.reduce((total, amount) => total + amount, 0);
}

describe('any order', () => {
  it('covers every tax treatment among the arbitrary orders', () => {
    const treatments = new Set<TaxTreatment>();
    for (const input of fc.sample(anyOrder, { numRuns: 2_000, seed: 42 })) {
      const result = priceOrder(input);
      if (!isPricingRefusal(result)) treatments.add(result.treatment);
    }
    expect([...treatments].sort()).toEqual(['domestic', 'eu_buyer_rate', 'eu_shop_rate', 'export', 'foreign_rate', 'reverse_charge']);
  });

  it('totals the lines’ net, the shipping’s net and the tax: total = Σ line net + shipping net + tax', () => {
    forAnyOrder((_input, pricing) => {
      const linesNet = sum(pricing.lines.map((line) => line.netCents));
      const shippingNet = pricing.shipping?.netCents ?? 0;
      expect(pricing.netCents).toBe(linesNet + shippingNet);
      expect(pricing.totalCents).toBe(linesNet + shippingNet + pricing.taxCents);
      pricing.lines.forEach((line) => expect(line.grossCents).toBe(line.netCents + line.taxCents));
      if (pricing.shipping !== null) expect(pricing.shipping.grossCents).toBe(pricing.shipping.netCents + pricing.shipping.taxCents);
    });
  });

  it('prices each line at its quantity’s break: unit = unitPriceFor(quantity, list, breaks), line = unit × quantity', () => {
    forAnyOrder((input, pricing) => {
      pricing.lines.forEach((priced, index) => {
        const entered = input.lines[index];
        expect(priced.sellableId).toBe(entered?.sellableId);
        expect(priced.unitCents).toBe(unitPriceFor(priced.quantity, entered?.listUnitCents ?? Number.NaN, entered?.priceBreaks ?? []));
        expect(priced.lineCents).toBe(priced.unitCents * priced.quantity);
      });
      expect(pricing.lines.map((priced) => priced.quantity)).toEqual(input.lines.map((entered) => entered.quantity));
    });
  });

  it('sums the tax of the lines and the shipping: tax = Σ line tax + shipping tax, in one tax line', () => {
    forAnyOrder((_input, pricing) => {
      expect(pricing.taxCents).toBe(sum(pricing.lines.map((line) => line.taxCents)) + (pricing.shipping?.taxCents ?? 0));
      expect(pricing.taxLines).toEqual([
        { rateBasisPoints: pricing.taxRateBasisPoints, netCents: pricing.netCents, taxCents: pricing.taxCents },
      ]);
    });
  });

  it('shares the discount exactly among the lines: Σ discount shares = the discount ≤ the subtotal, never touching shipping', () => {
    forAnyOrder((input, pricing) => {
      const discountCents = pricing.discount?.cents ?? 0;
      expect(sum(pricing.lines.map((line) => line.discountCents))).toBe(discountCents);
      expect(discountCents).toBeLessThanOrEqual(pricing.subtotalCents);
      expect(pricing.subtotalCents).toBe(sum(pricing.lines.map((line) => line.lineCents)));
      pricing.lines.forEach((line) => expect(line.discountCents).toBeLessThanOrEqual(line.lineCents));
      if (input.shipping !== null) expect([0, input.shipping.priceCents]).toContain(pricing.shipping?.cents);
    });
  });

  it('charges no tax for a reverse charge or an export: tax = 0', () => {
    forAnyOrder((_input, pricing) => {
      if (pricing.treatment !== 'reverse_charge' && pricing.treatment !== 'export') return;
      expect(pricing.taxCents).toBe(0);
      expect(pricing.taxRateBasisPoints).toBe(0);
      pricing.lines.forEach((line) => expect(line.taxCents).toBe(0));
      expect(pricing.shipping?.taxCents ?? 0).toBe(0);
    });
  });

  it('gives every amount as a non-negative whole number of cents', () => {
    forAnyOrder((_input, pricing) => {
      const amounts = [
        pricing.subtotalCents,
        pricing.discount?.cents ?? 0,
        pricing.netCents,
        pricing.taxCents,
        pricing.totalCents,
        ...pricing.lines.flatMap((line) => [
          line.unitCents,
          line.lineCents,
          line.discountCents,
          line.netCents,
          line.taxCents,
          line.grossCents,
        ]),
        ...(pricing.shipping === null
          ? []
          : [pricing.shipping.cents, pricing.shipping.netCents, pricing.shipping.taxCents, pricing.shipping.grossCents]),
        ...pricing.taxLines.flatMap((taxLine) => [taxLine.rateBasisPoints, taxLine.netCents, taxLine.taxCents]),
      ];
      for (const amount of amounts) {
        expect(Number.isSafeInteger(amount)).toBe(true);
        expect(amount).toBeGreaterThanOrEqual(0);
      }
    });
  });

  it('charges what the shelf says when prices include tax and the order is taxed: total = subtotal − discount + shipping', () => {
    forAnyOrder((input, pricing) => {
      if (!input.tax.pricesIncludeTax || pricing.treatment === 'reverse_charge' || pricing.treatment === 'export') return;
      expect(pricing.totalCents).toBe(pricing.subtotalCents - (pricing.discount?.cents ?? 0) + (pricing.shipping?.cents ?? 0));
    });
  });

  it('decides the treatment by the countries and the VAT ID alone', () => {
    forAnyOrder((input, pricing) => {
      const { shopCountry } = input.tax;
      const { country, vatId } = input.buyer;
      const bothInEu = EU_SHOPS.includes(shopCountry) && EU_BUYERS.has(country);
      if (country === shopCountry) expect(pricing.treatment).toBe('domestic');
      else if (bothInEu && vatId === VAT_ID_OF[country]) expect(pricing.treatment).toBe('reverse_charge');
      else if (bothInEu) expect(pricing.treatment).toBe(input.tax.ossEnabled ? 'eu_buyer_rate' : 'eu_shop_rate');
      else expect(pricing.treatment).toBe(input.tax.ratesBasisPoints.has(country) ? 'foreign_rate' : 'export');
    });
  });
});
